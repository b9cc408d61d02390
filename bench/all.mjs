// Every performance figure of the project side by side, in one run:
//
//   npm run bench          (builds first)
//   node bench/all.mjs     (after a build)
//
// Runs, each in its own process: the import cost, the pagination benchmark (library
// against a hand-written loop, memory), the transport benchmark (client against its own
// transport loop and the raw floor) and the concurrency benchmark (sequential against
// `concurrency: 8` on the emulator with a 50 ms round trip); prints each one's own report,
// then a summary with the targets. The transport benchmark runs in several processes (5 by
// default) and counts by the medians. Takes about eight minutes on two cores. Figures taken while
// other programs use the cores are noisy: the medians and interleaved runs damp that, but
// compare runs made on a quiet machine. `npm run bench:instructions` counts the client's
// cost per GET in instructions, which do not depend on the machine's load.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'pagerduty-bench-'));

/** How many processes run the transport benchmark (`TRANSPORT_RUNS=n` to change). */
const TRANSPORT_RUNS = Number(process.env.TRANSPORT_RUNS ?? 5);

/** The median; the mean of the middle two for an even count. */
function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

function runBench(script, args = []) {
  const json = path.join(work, `${path.basename(script, '.mjs')}.json`);
  console.log(`\n== ${script} ${args.join(' ')}`.trimEnd());
  const result = spawnSync(process.execPath, [path.join(here, script), ...args], { stdio: 'inherit', env: { ...process.env, BENCH_JSON: json } });
  if (result.status !== 0) throw new Error(`${script} failed with status ${result.status}`);
  return JSON.parse(readFileSync(json, 'utf8'));
}

/** The median wall time of `node <args>`, over `runs` runs alternating with `node -e 0`. */
function importCost(runs = 11) {
  const time = (args) => {
    const start = performance.now();
    execFileSync(process.execPath, args, { stdio: 'ignore' });
    return performance.now() - start;
  };
  const entry = pathToFileURL(path.join(here, '..', 'dist', 'index.js')).href;
  const bare = [];
  const library = [];
  for (let run = 0; run < runs; run += 1) {
    bare.push(time(['-e', '0']));
    library.push(time(['--input-type=module', '-e', `await import(${JSON.stringify(entry)})`]));
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { bare: median(bare), library: median(library) };
}

try {
  console.log(`== import cost (median of 11, alternating)`);
  const startup = importCost();
  console.log(`  node -e 0: ${startup.bare.toFixed(0)} ms; import('pagerduty-client'): ${startup.library.toFixed(0)} ms (${(startup.library / startup.bare).toFixed(2)}x)`);
  const { pagination, memory } = runBench('pagination.mjs', ['5']);
  // A transport run's ratio still moves by a percent or two between processes (each
  // process's JIT differs): the figures are the medians over several processes, shown
  // with their range.
  const transportRuns = Array.from({ length: TRANSPORT_RUNS }, () => runBench('transport.bench.mjs').transport);
  const transport = Object.fromEntries(Object.keys(transportRuns[0]).map((key) => [key, middle(transportRuns.map((run) => run[key]))]));
  const spread = (key) => ` (${TRANSPORT_RUNS} runs: ${Math.min(...transportRuns.map((run) => run[key])).toFixed(3)} to ${Math.max(...transportRuns.map((run) => run[key])).toFixed(3)})`;
  const { concurrency } = runBench('concurrency.bench.mjs', ['3']);

  const rows = [];
  const add = (figure, value, target, ok) => rows.push({ figure, value, target, verdict: ok === undefined ? '' : ok ? 'met' : 'NOT met' });
  add('import: pagerduty-client / node -e 0', `${(startup.library / startup.bare).toFixed(2)}x`, '<= 1.5x (issue 15)', startup.library / startup.bare <= 1.5);
  for (const row of pagination) add(row.name, `${row.ratio.toFixed(3)}x`, '<= 1.15x', row.ratio <= 1.15);
  add('iterAll 100,000 records: heap growth', `${(memory.heapGrowth / 1_048_576).toFixed(1)} MB`, 'flat');
  add(`transport, loopback: client / own node-fetch loop (wall)${spread('clientVsLoopWall')}`, `${transport.clientVsLoopWall.toFixed(3)}x`, '<= 1.05x', transport.clientVsLoopWall <= 1.05);
  add(`transport, loopback: client / own node-fetch loop (CPU)${spread('clientVsLoopCpu')}`, `${transport.clientVsLoopCpu.toFixed(3)}x`, '');
  add('transport, loopback: own node-fetch loop / raw node:http', `${transport.loopVsRawWall.toFixed(3)}x`, '');
  add(`transport, 20 ms round trip: client / raw node:http${spread('clientVsRawDelayed')}`, `${transport.clientVsRawDelayed.toFixed(3)}x`, '<= 1.03x', transport.clientVsRawDelayed <= 1.03);
  for (const row of concurrency) {
    add(`${row.name}: concurrency 8 speedup`, `${row.speedup.toFixed(2)}x`, `>= ${row.target}x`, row.speedup >= row.target);
    add(`${row.name}: requests (sequential / concurrent)`, `${row.sequentialRequests} / ${row.concurrentRequests}`, 'no more', row.concurrentRequests <= row.sequentialRequests);
    add(`${row.name}: every item once, in order`, row.inOrder ? 'yes' : 'no', 'yes', row.inOrder);
  }
  const width = Math.max(...rows.map((row) => row.figure.length));
  const valueWidth = Math.max(...rows.map((row) => row.value.length));
  console.log('\n== summary');
  for (const { figure, value, target, verdict } of rows) {
    console.log(`  ${figure.padEnd(width)}  ${value.padStart(valueWidth)}  ${target.padEnd(18)} ${verdict}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
