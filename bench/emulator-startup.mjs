// Emulator start-up benchmark: how long `startEmulator()` takes with the default seed, from a
// fresh `node` process (import of `pagerduty-client/emulator` included) to a server that
// answers, and how much memory the process holds then (resident set and V8 heap, after a
// garbage collection). The targets: under 1 s and under 100 MB. Each figure is the median
// of repeated runs, each in a fresh process.
//
//   npm run bench:emulator-startup                            (builds first)
//   node bench/emulator-startup.mjs [--runs 7] [--strict]     (after a build)
//
// `--strict` exits 1 when a target is missed. The figures depend on the machine and on what
// else runs on it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const TARGET_MS = 1000;
const TARGET_MB = 100;
const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, strict: { type: 'boolean', default: false } },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs must be a whole number >= 1');
  process.exit(2);
}
const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const entry = path.join(dist, 'emulator', 'index.js');
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run \`npm run build\` first (or npm run bench:emulator-startup)`);
  process.exit(2);
}

// One run: start, answer one described operation of each kind (modelled, generic), report.
const script = `
const started = performance.now();
const { startEmulator } = await import(${JSON.stringify(pathToFileURL(entry).href)});
const emulator = await startEmulator({});
const ready = performance.now() - started;
const headers = {
  Authorization: 'Token token=' + emulator.keys.account,
  Accept: 'application/vnd.pagerduty+json;version=2',
};
const statuses = [];
for (const path of ['/users', '/business_services']) {
  statuses.push((await fetch(emulator.url + path, { headers })).status);
}
const firstAnswers = performance.now() - started;
globalThis.gc?.();
const memory = process.memoryUsage();
await emulator.close();
console.log(JSON.stringify({ ready, firstAnswers, rss: memory.rss, heap: memory.heapUsed, statuses }));
`;

const env = { ...process.env };
delete env.NODE_OPTIONS;
const samples = [];
for (let run = 0; run < runs; run += 1) {
  const result = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.error(result.stderr);
    process.exit(1);
  }
  samples.push(JSON.parse(result.stdout.trim().split('\n').at(-1)));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes) => bytes / 1024 / 1024;
const figures = {
  ready: median(samples.map((sample) => sample.ready)),
  firstAnswers: median(samples.map((sample) => sample.firstAnswers)),
  rss: mb(median(samples.map((sample) => sample.rss))),
  heap: mb(median(samples.map((sample) => sample.heap))),
};
const statuses = samples[0].statuses.join(', ');
console.log(`emulator start-up, default seed, median of ${runs} fresh processes:`);
console.log(`  import + startEmulator() until listening   ${figures.ready.toFixed(0)} ms (target < ${TARGET_MS} ms)`);
console.log(`  ... and two first answers (${statuses})      ${figures.firstAnswers.toFixed(0)} ms`);
console.log(`  resident set after start                    ${figures.rss.toFixed(1)} MB (target < ${TARGET_MB} MB)`);
console.log(`  V8 heap used after a GC                     ${figures.heap.toFixed(1)} MB`);
const missed = figures.ready >= TARGET_MS || figures.rss >= TARGET_MB;
if (missed) console.log('TARGET MISSED');
if (missed && options.strict) process.exit(1);
