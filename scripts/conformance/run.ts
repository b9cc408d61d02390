/**
 * `npm run test:conformance`: the official MCP conformance suite (@modelcontextprotocol/conformance,
 * pinned) against this library. Every client scenario runs our client (./client.ts, bundled once
 * with esbuild); the server scenarios that apply run against the emulator's `/mcp`, through a
 * loopback proxy that adds the emulator's API key (the suite's client sends no credential).
 *
 * Prints each scenario's outcome and the pass counts; exits non-zero when a scenario outside
 * ./expected-failures.ts fails, or when one listed there passes (the list is then stale).
 * On Node 20 the suite's CLI runs with ./node20.mjs (its `tier-check` alone needs Node 22).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startEmulator } from '../../src/emulator/index.js';
import { CLIENT_EXPECTED_FAILURES, SERVER_SCENARIOS, SERVER_EXPECTED_FAILURES } from './expected-failures.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const cli = join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const nodeArgs = ['--import', join(here, 'node20.mjs'), cli];

interface Check {
  readonly id: string;
  readonly status: string;
  readonly errorMessage?: string;
}

function runCli(args: readonly string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs, ...args], { cwd: root, maxBuffer: 64 << 20 }, (_error, stdout, stderr) =>
      resolve(`${stdout}${stderr}`),
    );
  });
}

/** Every checks.json under a directory (the suite names its folders itself). */
function checksUnder(directory: string): Check[] {
  if (!existsSync(directory)) return [];
  const found: Check[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === 'checks.json')
      found.push(...(JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as Check[]));
  }
  return found;
}

/** As the suite's own tier-check counts: no FAILURE, at least one SUCCESS. */
function passed(checks: readonly Check[]): boolean {
  return checks.some((check) => check.status === 'SUCCESS') && !checks.some((check) => check.status === 'FAILURE');
}

function why(checks: readonly Check[]): string {
  const failures = checks.filter((check) => check.status === 'FAILURE');
  if (failures.length === 0) return checks.length === 0 ? 'no checks recorded' : 'no successful check';
  return failures.map((check) => `${check.id}: ${check.errorMessage ?? 'failed'}`).join('; ');
}

async function scenarioNames(): Promise<{ client: string[]; server: string[] }> {
  const listing = await runCli(['list']);
  const [serverPart, clientPart] = listing.split('Client scenarios');
  const names = (text: string): string[] => [...text.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
  return { client: names(clientPart ?? ''), server: names(serverPart ?? '') };
}

interface Tally {
  passes: number;
  total: number;
  surprises: string[];
}

function judge(tally: Tally, name: string, checks: readonly Check[], expectedToFail: ReadonlySet<string>): void {
  const ok = passed(checks);
  tally.total += 1;
  if (ok) tally.passes += 1;
  const expected = expectedToFail.has(name);
  const mark = ok ? 'pass' : expected ? 'FAIL (expected)' : 'FAIL';
  console.log(`  ${mark.padEnd(16)} ${name}${ok ? '' : `  -- ${why(checks)}`}`);
  if (ok === expected) tally.surprises.push(ok ? `${name} passes but is listed as expected to fail` : `${name} fails`);
}

async function clientScenarios(names: readonly string[], work: string): Promise<Tally> {
  // Inside the project, so that the bundle's imports of the library's dependencies resolve.
  const bundle = join(root, 'node_modules', '.cache', 'mcp-conformance', 'client.mjs');
  await build({
    entryPoints: [join(here, 'client.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  const command = `${process.execPath} --enable-source-maps ${bundle}`;
  const tally: Tally = { passes: 0, total: 0, surprises: [] };
  console.log(`client scenarios (${names.length}), our client: ${command}`);
  for (const name of names) {
    const out = join(work, 'client', name.replaceAll('/', '_'));
    mkdirSync(out, { recursive: true });
    await runCli(['client', '--command', command, '--scenario', name, '-o', out, '--timeout', '30000']);
    judge(tally, name, checksUnder(out), CLIENT_EXPECTED_FAILURES);
  }
  return tally;
}

/** A loopback proxy to the emulator that adds its API key, leaving Host and Origin as the suite sent them. */
async function keyedProxy(target: URL, key: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((incoming, outgoing) => {
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Token token=${key}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://localhost:${port}/mcp`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function serverScenarios(all: readonly string[], work: string): Promise<Tally> {
  await using emulator = await startEmulator({ seedUsers: 2, seedServices: 2, seedIncidents: 3 });
  const proxy = await keyedProxy(new URL(emulator.url), emulator.keys.account);
  const tally: Tally = { passes: 0, total: 0, surprises: [] };
  const applying = all.filter((name) => SERVER_SCENARIOS.has(name));
  console.log(`server scenarios that apply to the emulator (${applying.length} of ${all.length}), at ${proxy.url}`);
  try {
    for (const name of applying) {
      const out = join(work, 'server', name);
      mkdirSync(out, { recursive: true });
      await runCli(['server', '--url', proxy.url, '--scenario', name, '-o', out]);
      judge(tally, name, checksUnder(out), SERVER_EXPECTED_FAILURES);
    }
  } finally {
    await proxy.close();
  }
  return tally;
}

async function main(): Promise<void> {
  if (!existsSync(cli)) {
    console.log('!!! MCP conformance SKIPPED: @modelcontextprotocol/conformance is not installed (run npm ci) !!!');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'mcp-conformance-'));
  const names = await scenarioNames();
  const only = process.argv[2];
  const pick = (list: string[]): string[] => (only === undefined ? list : list.filter((name) => name.includes(only)));
  const client = await clientScenarios(pick(names.client), work);
  const server = await serverScenarios(pick(names.server), work);
  console.log(`\nMCP conformance: client ${client.passes}/${client.total}, server ${server.passes}/${server.total}`);
  console.log(`(results under ${work})`);
  const surprises = [...client.surprises, ...server.surprises];
  for (const surprise of surprises) console.log(`UNEXPECTED: ${surprise}`);
  process.exitCode = surprises.length === 0 ? 0 : 1;
}

await main();
