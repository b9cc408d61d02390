// Emulator throughput benchmark: how many simple GETs a second the emulator answers to one
// client process over keep-alive connections (issue 49's guard: 2,000 or more; it measured
// 2,000-2,800 before the behaviours of issue 49). The emulator runs in a child process from
// the built package (dist/), seeded as by default, so that the client's work stays out of its
// CPU time; the client is node:http with one keep-alive agent and `--concurrency` requests in
// flight, for `--seconds` after a one-second warm-up. Each path is measured in turn:
//   GET /users/{id}         a modelled read
//   GET /incidents?limit=25 a modelled list with filters, sorting and pagination
//
//   npm run build && node bench/emulator-throughput.mjs [--seconds 5] [--concurrency 8] [--strict]
//
// `--strict` exits 1 when a path is under the target. The load average is printed beside the
// figures: on a shared machine they mean little without it.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const TARGET = 2000;
const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    strict: { type: 'boolean', default: false },
  },
});
const seconds = Number(options.seconds);
const concurrency = Number(options.concurrency);
const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const entry = path.join(dist, 'emulator', 'index.js');
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run \`npm run build\` first`);
  process.exit(2);
}

const server = `
const { startEmulator } = await import(${JSON.stringify(pathToFileURL(entry).href)});
const emulator = await startEmulator({});
process.send({ url: emulator.url, key: emulator.keys.account, user: emulator.state.users.all()[0].id });
process.on('message', async (message) => {
  if (message === 'cpu') return process.send({ cpu: process.cpuUsage() });
  await emulator.close();
  process.exit(0);
});
`;
const file = path.join(mkdtempSync(path.join(tmpdir(), 'emulator-throughput-')), 'server.mjs');
writeFileSync(file, server);
const child = fork(file, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const { url, key, user } = await new Promise((resolve) => child.once('message', resolve));
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const headers = { Authorization: `Token token=${key}`, Accept: 'application/vnd.pagerduty+json;version=2' };

function get(target) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}${target}`, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`${response.statusCode}`))));
    });
    request.on('error', reject);
  });
}

async function measure(target, duration) {
  let count = 0;
  const until = performance.now() + duration * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      await get(target);
      count += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

// The server's CPU time over a measure: on a shared machine, requests per CPU-second of the
// server say what the emulator costs even when other work takes the cores.
function serverCpu() {
  return new Promise((resolve) => {
    const listener = (message) => {
      if (message?.cpu) {
        child.off('message', listener);
        resolve((message.cpu.user + message.cpu.system) / 1e6);
      }
    };
    child.on('message', listener);
    child.send('cpu');
  });
}

let missed = false;
for (const target of [`/users/${user}`, '/incidents?limit=25']) {
  await measure(target, 1);
  const before = await serverCpu();
  const started = performance.now();
  const rate = await measure(target, seconds);
  const wall = (performance.now() - started) / 1000;
  const perCpu = (rate * wall) / ((await serverCpu()) - before);
  missed ||= rate < TARGET;
  console.log(
    `GET ${target.padEnd(24)} ${Math.round(rate).toString().padStart(6)} requests/s (target >= ${TARGET}), ` +
      `${Math.round(perCpu)} per CPU-second of the server`,
  );
}
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} on ${process.env.NUMBER_OF_CORES ?? 'this machine'}`,
);
agent.destroy();
child.send('close');
await new Promise((resolve) => child.once('exit', resolve));
if (options.strict && missed) process.exit(1);
