// `npm run test:runtimes`: the scenario of ./scenario.mjs in every runtime the package claims, each against one
// emulator started here, under Node, on loopback (with CORS, for the page):
//   Node, Bun and Deno (npm packages `bun` and `deno`) run it as a script;
//   workerd runs it as a worker through miniflare 3, without and with `nodejs_compat`;
//   headless Chromium (Debian's `chromium`, which .ci/run installs) runs it in a page on another loopback origin.
// The package is packed and installed as a user installs it, so each runtime resolves its entry points and its
// `#platform` import by its own conditions; the worker and the page are bundled from it with esbuild as a user's
// bundler would (the `workerd`/`worker`/`browser` conditions), with no stub for any Node built-in: a build that
// reaches one fails. A runtime that cannot be started is reported SKIPPED, loudly; any failed step fails the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { consumerProject, packBuilt } from '../../bench/consumer-project.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCENARIO_TIMEOUT_MS = 120_000;

/** Runs a command; resolves with its exit code and output (never rejects: a missing binary is code `null`). */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), SCENARIO_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: String(error) });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The scenario's JSON result from a script's last line of output. */
async function scriptResult(command, args, cwd, config) {
  const { code, stdout, stderr } = await run(command, [...args, JSON.stringify(config)], { cwd });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !last.startsWith('{')) throw new Error(`exit ${code}: ${(stderr || stdout).trim().slice(-2000)}`);
  return JSON.parse(last);
}

/** Why a runtime cannot run here, or `undefined` when it can. */
async function unavailable(command, args) {
  const { code, stderr } = await run(command, args);
  return code === 0 ? undefined : `${command} ${args.join(' ')} failed: ${stderr.trim().split('\n')[0]}`;
}

async function bundle(project, entry, conditions) {
  const result = await build({
    absWorkingDir: project,
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

async function inWorkerd(project, config, compatibilityFlags) {
  const { Miniflare } = await import('miniflare');
  const script = await bundle(project, 'worker.mjs', ['workerd', 'worker']);
  const miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2025-07-18', compatibilityFlags });
  try {
    const response = await miniflare.dispatchFetch('http://worker.test/', {
      method: 'POST',
      body: JSON.stringify(config),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`the worker answered ${response.status}: ${text.slice(0, 2000)}`);
    return JSON.parse(text);
  } finally {
    await miniflare.dispose();
  }
}

/** The page and its bundle, served from another loopback origin than the emulator's. */
async function servePage(script) {
  const html =
    '<!doctype html><meta charset="utf-8"><title>runtimes</title><script type="module" src="/page.js"></script>';
  const server = createServer((request, response) => {
    const isScript = request.url === '/page.js';
    response.writeHead(200, { 'Content-Type': isScript ? 'text/javascript' : 'text/html' });
    response.end(isScript ? script : html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

async function inChromium(project, config, work) {
  const script = await bundle(project, 'page.mjs', []);
  const { chromium } = await import('playwright-core');
  const { server, url } = await servePage(script);
  // A fresh profile each run (playwright's way of passing --user-data-dir).
  const browser = await chromium.launchPersistentContext(mkdtempSync(path.join(work, 'chromium-')), {
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
    headless: true,
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${url}#${encodeURIComponent(JSON.stringify(config))}`);
    await page.waitForFunction(() => window.scenarioResult !== undefined, undefined, { timeout: SCENARIO_TIMEOUT_MS });
    const result = await page.evaluate(() => window.scenarioResult);
    if (errors.length > 0) result.steps.push({ name: 'no page errors', ok: false, detail: errors.join('; ') });
    return result;
  } finally {
    await browser.close();
    server.close();
  }
}

const work = mkdtempSync(path.join(tmpdir(), 'pagerduty-runtimes-'));
const { startEmulator } = await import(path.join(root, 'dist', 'emulator', 'index.js'));
const emulator = await startEmulator({ cors: true });
let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const { tarball } = packBuilt(work, 'runtimes');
  const project = path.join(work, 'consumer');
  const files = Object.fromEntries(
    ['scenario.mjs', 'script-runner.mjs', 'worker.mjs', 'page.mjs'].map((name) => [
      name,
      readFileSync(path.join(here, name), 'utf8'),
    ]),
  );
  consumerProject(project, tarball, files);
  const [user] = emulator.keys.users;
  const config = {
    url: emulator.url,
    eventsUrl: emulator.eventsUrl,
    apiKey: user.key,
    email: user.email,
    routingKey: emulator.keys.routing[0].routingKey,
    seedUsers: emulator.keys.users.length,
  };
  const script =
    (command, args, extra = {}) =>
    () =>
      scriptResult(command, args, project, { ...config, ...extra });
  const runtimes = [
    { name: `Node ${process.versions.node}`, run: script(process.execPath, ['script-runner.mjs']) },
    {
      name: 'Bun',
      check: () => unavailable(bin('bun'), ['--version']),
      run: script(bin('bun'), ['script-runner.mjs'], { nodeAgents: false }),
      nodeAgents: false,
    },
    {
      name: 'Deno',
      check: () => unavailable(bin('deno'), ['--version']),
      run: script(bin('deno'), ['run', '--quiet', '--allow-net', '--allow-read', '--allow-env', 'script-runner.mjs'], {
        nodeAgents: false,
      }),
      nodeAgents: false,
    },
    {
      name: 'workerd (miniflare 3, no flags)',
      check: () => unavailable(bin('workerd'), ['--version']),
      run: () => inWorkerd(project, { ...config, nodeAgents: false, nodeModules: false }, []),
    },
    {
      name: 'workerd (miniflare 3, nodejs_compat)',
      check: () => unavailable(bin('workerd'), ['--version']),
      run: () => inWorkerd(project, { ...config, nodeAgents: false, nodeModules: false }, ['nodejs_compat']),
    },
    {
      name: 'Chromium (headless)',
      check: async () => (existsSync(CHROMIUM) ? undefined : `${CHROMIUM} not found (apt-get install chromium)`),
      run: () => inChromium(project, { ...config, browser: true, nodeAgents: false, nodeModules: false }, work),
    },
  ];
  for (const runtime of runtimes) {
    const reason = await runtime.check?.();
    if (reason !== undefined) {
      skipped += 1;
      console.log(`\n!!!!! SKIPPED: ${runtime.name}: ${reason} !!!!!`);
      continue;
    }
    console.log(`\n${runtime.name}`);
    let result;
    try {
      result = await runtime.run();
    } catch (error) {
      result = { steps: [{ name: 'start the scenario', ok: false, detail: String(error?.stack ?? error) }] };
    }
    if (runtime.nodeAgents === false && !result.steps.some((step) => /says it needs Node/.test(step.name))) {
      result.steps.push({ name: 'the agent option says it needs Node', ok: false, detail: 'not run' });
    }
    for (const step of result.steps) {
      if (step.ok) passed += 1;
      else failed += 1;
      console.log(`  ${step.ok ? 'ok  ' : 'FAIL'} ${step.name}${step.detail ? `: ${step.detail}` : ''}`);
    }
  }
} finally {
  await emulator.close();
  rmSync(work, { recursive: true, force: true });
}
console.log(`\nruntimes: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
// miniflare and playwright leave handles open after they are closed: exit rather than wait for them.
process.exit(failed > 0 ? 1 : 0);
