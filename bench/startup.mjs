// Start-up benchmark: how long `pagerduty --help` and `import('pagerduty-client')` take,
// as multiples of a bare Node start (`node -e 0`), each the median of repeated runs.
//
//   npm run bench:startup                          (builds first)
//   node bench/startup.mjs [--runs 30] [--warmup 3] [--dist dist] [--strict] [--hyperfine]
//
// Every case is a fresh `node` process; the runs of the cases are interleaved (one of each
// in turn) so that a machine that slows down or speeds up affects every case alike. The
// targets: `pagerduty --help` at most 2.5x a bare start, the library import at most 1.5x.
// Two reference rows have no target: a command's help (it loads yargs, which alone costs
// about a bare start), and yargs itself.
// `--strict` exits 1 when a target is missed. `--hyperfine` hands the timing to hyperfine
// when it is installed (`apt-get install -y hyperfine`); without it this script times the
// runs itself, the same way: wall time from spawn to exit, warm-up runs discarded.
//
// The figures depend on the machine and on what else runs on it: on a shared machine,
// compare ratios taken in one run, not absolute times from different runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    dist: { type: 'string', default: 'dist' },
    strict: { type: 'boolean', default: false },
    hyperfine: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const warmup = Number(options.warmup);
if (!Number.isInteger(runs) || runs < 3 || !Number.isInteger(warmup) || warmup < 0) {
  console.error('--runs must be a whole number >= 3 and --warmup >= 0');
  process.exit(2);
}
const dist = path.resolve(options.dist);
const entry = pathToFileURL(path.join(dist, 'index.js')).href;
const bin = path.join(dist, 'cli', 'main.js');

/** The cases: a name, the node arguments, and the target ratio to the baseline (if any). */
const CASES = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
  { name: 'pagerduty --help', args: [bin, '--help'], target: 2.5 },
  { name: "import('pagerduty-client')", args: ['--input-type=module', '-e', `await import(${JSON.stringify(entry)})`], target: 1.5 },
  { name: 'pagerduty api --help (reference)', args: [bin, 'api', '--help'] },
  { name: "import('yargs') (reference)", args: ['--input-type=module', '-e', "await import('yargs')"] },
];

// Fail early, with the reason, when a case does not run at all (no build, say).
for (const { name, args } of CASES) {
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: benchEnv() });
  if (result.status !== 0) {
    console.error(`${name} fails: ${String(result.stderr).trim()}\n(run "npm run build" first, or pass --dist)`);
    process.exit(2);
  }
}

function benchEnv() {
  // NODE_OPTIONS (jest's --experimental-vm-modules, a debugger hook) would time something else.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  return env;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function timeOnce(args) {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: 'ignore', env: benchEnv() });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return elapsed;
}

function timeHere() {
  const samples = CASES.map(() => []);
  for (let round = 0; round < warmup + runs; round += 1) {
    CASES.forEach((benchCase, index) => {
      const elapsed = timeOnce(benchCase.args);
      if (round >= warmup) samples[index].push(elapsed);
    });
  }
  return samples;
}

function shellQuote(text) {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

function timeWithHyperfine() {
  const dir = mkdtempSync(path.join(tmpdir(), 'startup-bench-'));
  try {
    const out = path.join(dir, 'results.json');
    const commands = CASES.map(({ args }) => [process.execPath, ...args].map(shellQuote).join(' '));
    execFileSync('hyperfine', ['--warmup', String(warmup), '--runs', String(runs), '--export-json', out, '--style', 'none', ...commands], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: benchEnv(),
    });
    const { results } = JSON.parse(readFileSync(out, 'utf8'));
    return results.map((result) => result.times.map((seconds) => seconds * 1000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function hasHyperfine() {
  return spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0;
}

let timer = 'this script';
let samples;
if (options.hyperfine && hasHyperfine()) {
  timer = 'hyperfine';
  samples = timeWithHyperfine();
} else {
  if (options.hyperfine) console.error('hyperfine is not installed: timing the runs here instead');
  samples = timeHere();
}

const baseline = median(samples[0]);
let missed = 0;
console.log(`Start-up, median of ${runs} runs after ${warmup} warm-up runs each (timed by ${timer}, node ${process.version}):\n`);
console.log(`${'case'.padEnd(34)}${'median'.padStart(10)}${'min'.padStart(10)}${'ratio'.padStart(8)}  target`);
CASES.forEach(({ name, target }, index) => {
  const middle = median(samples[index]);
  const ratio = middle / baseline;
  let verdict = '';
  if (target !== undefined) {
    const met = ratio <= target;
    if (!met) missed += 1;
    verdict = `<= ${target}x ${met ? 'met' : 'MISSED'}`;
  }
  console.log(
    `${name.padEnd(34)}${`${middle.toFixed(1)} ms`.padStart(10)}${`${Math.min(...samples[index]).toFixed(1)} ms`.padStart(10)}${`${ratio.toFixed(2)}x`.padStart(8)}  ${verdict}`,
  );
});
if (missed > 0 && options.strict) process.exitCode = 1;
