// The figures users feel, in one run, optionally side by side with another build (the
// current release, say):
//
//   npm run bench                                   (builds first)
//   npm run bench -- --baseline <git-ref>           (or BENCH_BASELINE=<git-ref>)
//   node bench/all.mjs [--baseline <git-ref>]       (after a build)
//
// Each benchmark runs in its own process, once per build (BENCH_DIST names the build), the
// builds in alternating order so that the machine's load hits both alike: start-up,
// pagination against a hand-written loop, listing at a 20 ms round trip, the transport
// (client against its own node-fetch loop and the raw floor; TRANSPORT_RUNS processes,
// 3 by default, counted by the medians),
// concurrency 8 against sequential reading at a 50 ms round trip, abort latency and, with
// a baseline, the type-check cost of a strict consumer. The baseline is built from a
// throwaway git worktree of the ref (bench/baseline-build.mjs), removed at the end.
// Prints each benchmark's own report, then one table: a column per build, the targets and
// whether each build meets them. BENCH_QUICK=1 runs every benchmark briefly, to check the
// harness (its figures are rough). About 3 minutes on two cores, 7 with a baseline; compare
// figures taken in one run on a quiet machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildRef } from './baseline-build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: { baseline: { type: 'string', default: process.env.BENCH_BASELINE } },
});
const quick = process.env.BENCH_QUICK === '1';
const TRANSPORT_RUNS = Number(process.env.TRANSPORT_RUNS ?? (quick ? 1 : 3));
/** Arguments of each benchmark: its rounds (the quick ones only check that it runs). */
const ARGS = quick
  ? {
      startup: ['--runs', '5', '--warmup', '1'],
      pagination: ['1'],
      roundTrip: ['1'],
      transport: ['2', '2'],
      concurrency: ['1'],
      abort: ['2'],
      types: ['1'],
    }
  : {
      startup: ['--runs', '20'],
      pagination: ['5'],
      roundTrip: ['5'],
      transport: ['10', '5'],
      concurrency: ['1'],
      abort: ['5'],
      types: ['3'],
    };

// Ctrl-C stops the running benchmark (it gets the signal too), and the `finally` below
// still removes the baseline's worktree.
process.on('SIGINT', () => {});

const work = mkdtempSync(path.join(tmpdir(), 'pagerduty-bench-'));
const builds = [{ label: 'this checkout', dist: path.join(here, '..', 'dist') }];
let baseline;
try {
  if (options.baseline) {
    console.log(`== building ${options.baseline} in a temporary worktree`);
    baseline = buildRef(options.baseline);
    builds.push({ label: options.baseline, dist: baseline.dist });
  }
  const results = builds.map(() => ({ transport: [] }));

  /** Runs one benchmark on one build and returns the figures it wrote. */
  const runBench = (script, args, build, extraEnv = {}) => {
    const json = path.join(work, `${path.basename(script, '.mjs')}.json`);
    console.log(`\n== ${script} ${args.join(' ')} [${build.label}]`);
    const env = { ...process.env, BENCH_DIST: build.dist, BENCH_JSON: json, ...extraEnv };
    const result = spawnSync(process.execPath, [path.join(here, script), ...args], { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`${script} failed (${result.signal ?? `status ${result.status}`})`);
    return JSON.parse(readFileSync(json, 'utf8'));
  };
  /** Runs a benchmark once per build, the builds' order alternating from one call to the next. */
  let calls = 0;
  const onEach = (script, args, take) => {
    const order = builds.map((_, index) => index);
    if (calls++ % 2 === 1) order.reverse();
    for (const index of order) take(results[index], runBench(script, args, builds[index]));
  };

  onEach('startup.mjs', ARGS.startup, (into, out) => Object.assign(into, out));
  onEach('pagination.mjs', ARGS.pagination, (into, out) => Object.assign(into, out));
  onEach('round-trip.mjs', ARGS.roundTrip, (into, out) => Object.assign(into, out));
  for (let run = 0; run < TRANSPORT_RUNS; run += 1) {
    onEach('transport.bench.mjs', ARGS.transport, (into, out) => into.transport.push(out.transport));
  }
  onEach('concurrency.bench.mjs', ARGS.concurrency, (into, out) => Object.assign(into, out));
  onEach('abort.bench.mjs', ARGS.abort, (into, out) => Object.assign(into, out));
  if (baseline) {
    // One run measures both builds: the figures of each side go to its column.
    const { types } = runBench('type-check.bench.mjs', ARGS.types, builds[0], { BENCH_BASELINE_DIST: baseline.dist });
    results[0].types = types.map((row) => ({ skipLibCheck: row.skipLibCheck, ...row.current }));
    results[1].types = types.map((row) => ({ skipLibCheck: row.skipLibCheck, ...row.baseline }));
  }
  printSummary(results);
} finally {
  rmSync(work, { recursive: true, force: true });
  baseline?.remove();
}

/** The median; the mean of the middle two for an even count. */
function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

function printSummary(results) {
  const rows = [];
  /**
   * A row: `value(result)` gives a build's figure as [text, number]; `meets(number, index)`,
   * when given, whether that build meets the target.
   */
  const add = (figure, target, value, meets) => {
    const cells = results.map((result, index) => {
      const [text, number] = value(result, index);
      return meets ? `${text} ${meets(number, index) ? 'met' : 'MISSED'}` : text;
    });
    rows.push([figure, ...cells, target]);
  };
  const ratio = (number, digits = 2) => [`${number.toFixed(digits)}x`, number];
  const transport = (result, key) => middle(result.transport.map((run) => run[key]));

  add(
    'start-up: pagerduty --help / node -e 0',
    '<= 1.3x',
    (r) => ratio(r.startup.help),
    (x) => x <= 1.3,
  );
  add(
    "start-up: import('pagerduty-client') / node -e 0",
    '<= 1.3x',
    (r) => ratio(r.startup.import),
    (x) => x <= 1.3,
  );
  for (const [index, { name }] of results[0].pagination.entries()) {
    add(
      `pagination: ${name}`,
      '<= 1.15x hand loop',
      (r) => ratio(r.pagination[index].ratio, 3),
      (x) => x <= 1.15,
    );
  }
  add(
    'round trip 20 ms: listAll 9,900 users / node-fetch 2 loop',
    '<= 1.03x',
    (r) => ratio(r.roundTrip.clientVsLoop, 3),
    (x) => x <= 1.03,
  );
  add('pagination: iterAll 100,000 records, heap growth', 'flat', (r) => [
    `${(r.memory.heapGrowth / 1_048_576).toFixed(1)} MB`,
  ]);
  const runs = `median of ${TRANSPORT_RUNS} run${TRANSPORT_RUNS === 1 ? '' : 's'}`;
  add(
    `transport, loopback: client / own node-fetch loop, wall (${runs})`,
    '<= 1.15x, reported',
    (r) => ratio(transport(r, 'clientVsLoopWall'), 3),
    (x) => x <= 1.15,
  );
  add('transport, loopback: client / own node-fetch loop, client CPU', 'reported', (r) =>
    ratio(transport(r, 'clientVsLoopCpu'), 3),
  );
  add('transport, loopback: own node-fetch loop / raw node:http', 'reported', (r) =>
    ratio(transport(r, 'loopVsRawWall'), 3),
  );
  add(
    `transport, 20 ms round trip: client / raw node:http (${runs})`,
    '<= 1.03x',
    (r) => ratio(transport(r, 'clientVsRawDelayed'), 3),
    (x) => x <= 1.03,
  );
  for (const [index, { name, target }] of results[0].concurrency.entries()) {
    add(
      `concurrency 8 / sequential, 50 ms round trip: ${name}`,
      `>= ${target}x`,
      (r) => ratio(r.concurrency[index].speedup),
      (x) => x >= target,
    );
    add(
      `  requests (sequential / concurrent), every item once in order`,
      'no more, yes',
      (r) => {
        const { sequentialRequests, concurrentRequests, inOrder } = r.concurrency[index];
        return [
          `${sequentialRequests} / ${concurrentRequests}, ${inOrder ? 'yes' : 'no'}`,
          concurrentRequests <= sequentialRequests && inOrder,
        ];
      },
      (ok) => ok,
    );
  }
  add('abort during a retry pause: time past the abort', 'reported', (r) => [`${r.abort.msPastAbort.toFixed(0)} ms`]);
  if (results[0].types) {
    for (const [index, { skipLibCheck }] of results[0].types.entries()) {
      const label = `type-check, strict consumer, skipLibCheck ${skipLibCheck}`;
      add(`${label}: tsc wall / check time`, 'reported', (r) => [
        `${r.types[index].wall.toFixed(2)} s / ${r.types[index].check.toFixed(2)} s`,
      ]);
      // Instantiations do not depend on the machine's load: the verdict is on them.
      add(
        `${label}: instantiations`,
        '<= baseline',
        (r) => [String(r.types[index].instantiations), r.types[index].instantiations],
        (n) => n <= results[1].types[index].instantiations,
      );
    }
  }

  const header = ['figure', ...builds.map((build) => build.label), 'target'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row) =>
    '  ' +
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log('\n== summary');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (!results[0].types) console.log('  (type-check cost is compared with a baseline: --baseline <git-ref>)');
}
