/**
 * Every shell line of the README's and the guides' command sections, run as written by bash
 * and by zsh against an emulator that holds what they name (the user me@example.com, the
 * incident PABC123, the service they belong to), in a fresh project: the built package is
 * what `npx pagerduty` runs, and nothing else is put on PATH (a bare `pagerduty`, which a
 * project's shell does not have, fails as it would there).
 * What the test fills in, and only that: each `export NAME=...` placeholder line is left out
 * and a `NAME=... ` placeholder before a command dropped (the environment holds the
 * emulator's keys and URLs instead); `npm install` lines are left out (the package is
 * installed); `http://127.0.0.1:8080` is the emulator's URL and `redis://127.0.0.1:6379` a
 * Redis the test starts; a system browser is absent, so `login` prints its URL, which
 * the test then visits as the user would; `emulator` and `webhooks listen`, which run until
 * stopped, are stopped once they print their first line, on a free port.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { codeBlocks } from '../guide/markdown-blocks.js';
import { buildCli, type BuiltCli } from './build-cli.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const ME = { id: 'PUSERME', name: 'Me', email: 'me@example.com', apiKey: 'u+docs-user-key-0000000' };
const SERVICE = { id: 'PSVC001', name: 'Docs Service', routingKey: 'R0UT1NGKEYD0CS00000000000000abcd' };
const WEBHOOK_SECRET = 'whsec-docs';

/** The `sh` blocks of the section of `file` under `heading` (up to the next heading of its level), or of all of it. */
async function sectionBlocks(file: string, heading: string | undefined): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  if (heading === undefined)
    return codeBlocks(text)
      .filter((block) => block.language === 'sh')
      .map((block) => block.code);
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file}: no section ${heading}`);
  const level = heading.split(' ')[0];
  const end = text.indexOf(`\n${level} `, start + heading.length + 2);
  const section = text.slice(start, end < 0 ? undefined : end);
  return codeBlocks(section)
    .filter((block) => block.language === 'sh')
    .map((block) => block.code);
}

/** What the test fills in (see the module comment). */
function asRun(block: string, emulatorUrl: string, redisUrl = 'redis://127.0.0.1:6379'): string {
  return block
    .split('\n')
    .filter((line) => !/^export [A-Z_]+=\.\.\.(\s|$)/.test(line) && !/^npm install /.test(line))
    .map((line) => line.replace(/^[A-Z_]+=\.\.\. /, ''))
    .join('\n')
    .replaceAll('http://127.0.0.1:8080', emulatorUrl)
    .replaceAll('redis://127.0.0.1:6379', redisUrl);
}

const SHIM = `
import { spawn } from 'node:child_process';
const [main, ...rest] = process.argv.slice(2);
const args = rest[0] === 'pagerduty' ? rest.slice(1) : rest;
const longRunning = args[0] === 'emulator' || args[0] === 'webhooks';
const given = longRunning ? args.map((arg, i) => (args[i - 1] === '--port' ? '0' : arg)) : args;
const stdio = ['inherit', longRunning ? 'pipe' : 'inherit', 'inherit'];
const child = spawn(process.execPath, [main, ...given], { stdio });
if (longRunning) {
  child.stdout.once('data', () => child.kill('SIGTERM'));
  child.stdout.pipe(process.stdout);
}
child.on('exit', (code) => process.exit(code ?? 1));
`;

let cli: BuiltCli;
let work: string;
let redis: TestRedis | undefined;
// The rate-limit guide's lines share a budget through Redis: they run only beside a real one.
const redisSkip = redisSkipReason();
if (redisSkip) console.warn(`${redisSkip}: the rate-limit guide's command lines are SKIPPED`);
const shells = ['bash', 'zsh'].filter((shell) => {
  try {
    execFileSync(shell, ['-c', 'true']);
    return true;
  } catch {
    console.warn(`${shell} is not installed: the ${shell} run of the command docs is SKIPPED`);
    return false;
  }
});

beforeAll(async () => {
  if (!redisSkip) redis = await startTestRedis();
  cli = await buildCli();
  work = await mkdtemp(path.join(tmpdir(), 'pagerduty-docs-'));
  const bin = path.join(work, 'bin');
  await mkdir(bin);
  await writeFile(path.join(work, 'shim.mjs'), SHIM);
  const scripts = {
    // As npx runs the package's bin: the command itself, and through the shim only what runs until stopped.
    npx:
      '#!/bin/sh\n[ "$1" = pagerduty ] && shift\ncase "$1" in\n' +
      `  emulator|webhooks) exec "${process.execPath}" "${path.join(work, 'shim.mjs')}" "${cli.main}" "$@" ;;\n` +
      `  *) exec "${process.execPath}" "${cli.main}" "$@" ;;\nesac\n`,
    'xdg-open': '#!/bin/sh\nexit 1\n',
    open: '#!/bin/sh\nexit 1\n',
  };
  for (const [name, text] of Object.entries(scripts)) {
    await writeFile(path.join(bin, name), text);
    await chmod(path.join(bin, name), 0o755);
  }
}, 60000);

afterAll(async () => {
  await redis?.stop();
  await cli?.remove();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs `script` in `shell`, visiting each URL `login` prints; resolves to its status and output. */
function runScript(shell: string, script: string, env: Record<string, string>, cwd: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(shell, ['-c', `set -e\nset -o pipefail\n${script}`], { env, cwd });
    let stdout = '';
    let stderr = '';
    const visited = new Set<string>();
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const [, url] of stderr.matchAll(/visit:\n {2}(\S+)/g)) {
        if (!visited.has(url)) {
          visited.add(url);
          void fetch(url).catch(() => {});
        }
      }
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

async function emulatorWithDocsData(): Promise<Emulator> {
  const emulator = await startEmulator({ seedUsers: 3 });
  emulator.addFixtures({
    users: [ME],
    services: [{ ...SERVICE, responderId: ME.id }],
    incidents: [{ id: 'PABC123', serviceId: SERVICE.id, title: 'Disk full on db01' }],
  });
  return emulator;
}

const DOCS: [file: string, heading: string | undefined][] = [
  ['README.md', '## The `pagerduty` command'],
  ['guide/events-and-cli.md', '## The `pagerduty` command'],
  ['guide/getting-started.md', undefined],
  ...(redisSkip ? [] : [['guide/rate-limits-across-processes.md', '## The `pagerduty` command'] as [string, string]]),
  ['guide/logging.md', undefined],
  ['guide/mcp.md', undefined],
  ['guide/webhooks.md', undefined],
];

describe.each(shells)('the command docs, run by %s', (shell) => {
  it.each(DOCS)(
    '%s: every sh block of its command section runs as written',
    async (file, heading) => {
      const blocks = await sectionBlocks(file, heading);
      expect(blocks.length).toBeGreaterThan(0);
      for (const [index, block] of blocks.entries()) {
        await using emulator = await emulatorWithDocsData();
        const home = await mkdtemp(path.join(work, 'home-'));
        await writeFile(
          path.join(home, 'incident.json'),
          JSON.stringify({
            incident: { type: 'incident', title: 'Disk full', service: { id: SERVICE.id, type: 'service_reference' } },
          }),
        );
        await writeFile(path.join(home, 'note.txt'), 'Restarted db01\n');
        const env = {
          PATH: `${path.join(work, 'bin')}:${process.env.PATH ?? ''}`,
          HOME: home,
          SHELL: `/bin/${shell}`,
          PAGERDUTY_ROUTING_KEY: SERVICE.routingKey,
          PAGERDUTY_API_KEY: ME.apiKey,
          PAGERDUTY_BASE_URL: emulator.url,
          PAGERDUTY_EVENTS_URL: emulator.url,
          PAGERDUTY_MCP_URL: emulator.url,
          PAGERDUTY_IDENTITY_URL: emulator.identityUrl,
          PAGERDUTY_WEBHOOK_SECRET: WEBHOOK_SECRET,
          PAGERDUTY_OAUTH_CLIENT_ID: 'emulator-public-app',
        };
        const result = await runScript(shell, asRun(block, emulator.url, redis?.url), env, home);
        if (result.status !== 0) {
          throw new Error(`${file}, block ${index + 1}, in ${shell}: exit ${result.status}\n${result.stderr}`);
        }
        expect(result.stderr).not.toContain(ME.apiKey);
        expect(result.stdout).not.toContain(ME.apiKey);
      }
    },
    300000,
  );
});
