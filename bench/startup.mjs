// Start-up benchmark: how long `pagerduty --help` and `import('pagerduty-client')` take,
// as multiples of a bare Node start (`node -e 0`), each the median of repeated runs.
//
//   npm run bench:startup                                  (builds first)
//   node bench/startup.mjs [--runs 30] [--warmup 3] [--strict]   (after a build)
//   BENCH_DIST=/other/dist node bench/startup.mjs           (another build)
//   BENCH_BASE_DIST=/old/dist node bench/startup.mjs        (that build's cases too, in the same rounds)
//
// Every case is a fresh `node` process; the runs of the cases are interleaved (one of each
// in turn) so that a machine that slows down or speeds up affects every case alike. The
// target: each at most 1.3x a bare start. `--strict` exits 1 when a target is missed. On Linux each case's
// mean CPU time is shown too: on a loaded machine it moves far less than the wall time.
//
// The figures depend on the machine and on what else runs on it: on a shared machine,
// compare ratios taken in one run, not absolute times from different runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const TARGET = 1.3;
const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    strict: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const warmup = Number(options.warmup);
if (!Number.isInteger(runs) || runs < 3 || !Number.isInteger(warmup) || warmup < 0) {
  console.error('--runs must be a whole number >= 3 and --warmup >= 0');
  process.exit(2);
}
const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

const cases = (root, suffix = '') => [
  { key: 'help', name: `pagerduty --help${suffix}`, args: [path.join(root, 'cli', 'main.js'), '--help'] },
  {
    key: 'import',
    name: `import('pagerduty-client')${suffix}`,
    args: [
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(pathToFileURL(path.join(root, 'index.js')).href)})`,
    ],
  },
];
const base = process.env.BENCH_BASE_DIST;
const CASES = [
  { key: 'bare', name: 'node -e 0 (baseline)', args: ['-e', '0'] },
  ...cases(dist),
  ...(base ? cases(base, ' (base)').map((one) => ({ ...one, key: `base-${one.key}` })) : []),
];

// NODE_OPTIONS (jest's --experimental-vm-modules, a debugger hook) would time something else.
const env = { ...process.env };
delete env.NODE_OPTIONS;

// Fail early, with the reason, when a case does not run at all (no build, say).
for (const { name, args } of CASES) {
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  if (result.status !== 0) {
    console.error(`${name} fails: ${String(result.stderr).trim()}\n(run "npm run build" first, or set BENCH_DIST)`);
    process.exit(2);
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The CPU time (ms) of this process's children that have ended, on Linux (`/proc/self/stat`: cutime and cstime,
 * in ticks of 10 ms), else `undefined`. Summed over the runs it is far steadier than wall time on a busy machine.
 */
function childrenCpu() {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const loadBefore = loadavg()[0];
const samples = CASES.map(() => []);
const cpu = CASES.map(() => 0);
for (let round = 0; round < warmup + runs; round += 1) {
  CASES.forEach(({ args }, index) => {
    const cpuStart = childrenCpu();
    const start = performance.now();
    const result = spawnSync(process.execPath, args, { stdio: 'ignore', env });
    const elapsed = performance.now() - start;
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
    if (round >= warmup) {
      samples[index].push(elapsed);
      if (cpuStart !== undefined) cpu[index] += childrenCpu() - cpuStart;
    }
  });
}
const meanCpu = cpu.map((total) => total / runs);

const loadAfter = loadavg()[0];
const bare = median(samples[0]);
const ratios = {};
console.log(`Start-up (${dist}), median of ${runs} runs after ${warmup} warm-up runs each, node ${process.version}`);
console.log(`load average (1 min): ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after\n`);
const withCpu = meanCpu[0] > 0;
const cpuHeader = withCpu ? `${'CPU'.padStart(10)}${'ratio'.padStart(8)}` : '';
console.log(
  `${'case'.padEnd(36)}${'median'.padStart(10)}${'min'.padStart(10)}${'ratio'.padStart(8)}${cpuHeader}  target`,
);
CASES.forEach(({ key, name }, index) => {
  const ratio = median(samples[index]) / bare;
  ratios[key] = ratio;
  const verdict = index === 0 ? '' : `<= ${TARGET}x ${ratio <= TARGET ? 'met' : 'MISSED'}`;
  const cpuCells = withCpu
    ? `${`${meanCpu[index].toFixed(1)} ms`.padStart(10)}${`${(meanCpu[index] / meanCpu[0]).toFixed(2)}x`.padStart(8)}`
    : '';
  console.log(
    `${name.padEnd(36)}${`${median(samples[index]).toFixed(1)} ms`.padStart(10)}` +
      `${`${Math.min(...samples[index]).toFixed(1)} ms`.padStart(10)}${`${ratio.toFixed(2)}x`.padStart(8)}` +
      `${cpuCells}  ${verdict}`,
  );
});
if (withCpu) console.log('(CPU: the mean CPU time of a run, user and system, steadier than wall time under load)');
if (options.strict && (ratios.help > TARGET || ratios.import > TARGET)) process.exitCode = 1;
if (process.env.BENCH_JSON)
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ startup: { bareMs: bare, help: ratios.help, import: ratios.import } }),
  );
