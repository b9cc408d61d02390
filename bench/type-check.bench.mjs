// Type-check cost of a strict consumer: how much longer a strict consumer project takes to
// type-check against this checkout's package than against a baseline build, and how much
// the packed package grows.
//
//   npm run bench:types                                    (builds first)
//   node bench/type-check.bench.mjs [rounds] [baseline-ref]   (after a build; 5 rounds)
//
// The baseline is built from a git ref (bench/baseline-build.mjs; by default the last commit
// before the typed endpoints, issue 13), or is the build in BENCH_BASELINE_DIST (all.mjs
// passes the one it made). Both projects compile the same program
// (bench/consumer-project.mjs) with `strict`, once with `skipLibCheck: true` (what most
// projects set) and once with `skipLibCheck: false`. Rounds alternate between baseline and
// current so that load on a shared machine hits both alike; the medians of the wall time of
// `tsc -p` and of tsc's own check time are printed, with the type and instantiation counts
// and the memory, which do not depend on the load.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildRef } from './baseline-build.mjs';
import { CONSUMER_PROGRAM, consumerProject, packBuilt } from './consumer-project.mjs';

const rounds = Number(process.argv[2] ?? 5);
// The first parent of the merge of the typed endpoints (issue 13): the release they are measured against.
const BEFORE_TYPED_ENDPOINTS = 'aec9548';
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'pagerduty-client-types-bench-'));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function compile(dir) {
  const start = performance.now();
  const out = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--extendedDiagnostics'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  const wall = (performance.now() - start) / 1000;
  const figure = (name) => Number(out.match(new RegExp(`^${name}:\\s+([\\d.]+)`, 'm'))?.[1] ?? NaN);
  return {
    wall,
    check: figure('Check time'),
    // Counts do not depend on the machine's load: they show the work itself.
    types: figure('Types'),
    instantiations: figure('Instantiations'),
    memory: figure('Memory used'),
  };
}

const built = process.env.BENCH_BASELINE_DIST ? undefined : buildRef(process.argv[3] ?? BEFORE_TYPED_ENDPOINTS);
try {
  const baselineDir = built ? built.dir : path.dirname(path.resolve(process.env.BENCH_BASELINE_DIST));
  console.log(
    `type-check cost: baseline ${built ? built.ref : baselineDir}, current this checkout (packed in ${work})`,
  );
  const baseline = packBuilt(work, 'baseline', baselineDir);
  const current = packBuilt(work, 'current');
  const files = { 'consumer.ts': CONSUMER_PROGRAM };
  const rows = [];
  const figures = [];
  for (const skipLibCheck of [true, false]) {
    const projects = {
      baseline: consumerProject(path.join(work, `baseline-${skipLibCheck}`), baseline.tarball, files, { skipLibCheck }),
      current: consumerProject(path.join(work, `current-${skipLibCheck}`), current.tarball, files, { skipLibCheck }),
    };
    const times = { baseline: [], current: [] };
    compile(projects.baseline); // warm the file system cache for both
    compile(projects.current);
    for (let round = 0; round < rounds; round += 1) {
      for (const name of round % 2 ? ['current', 'baseline'] : ['baseline', 'current'])
        times[name].push(compile(projects[name]));
    }
    const stat = (name, key) => median(times[name].map((time) => time[key]));
    const sides = ['baseline', 'current'].map((name) => [
      name,
      { wall: stat(name, 'wall'), check: stat(name, 'check'), instantiations: stat(name, 'instantiations') },
    ]);
    figures.push({ skipLibCheck, ...Object.fromEntries(sides) });
    rows.push({
      skipLibCheck,
      'baseline wall s': stat('baseline', 'wall').toFixed(2),
      'current wall s': stat('current', 'wall').toFixed(2),
      'delta wall s': (stat('current', 'wall') - stat('baseline', 'wall')).toFixed(2),
      'baseline check s': stat('baseline', 'check').toFixed(2),
      'current check s': stat('current', 'check').toFixed(2),
      'types b/c': `${stat('baseline', 'types')}/${stat('current', 'types')}`,
      'instantiations b/c': `${stat('baseline', 'instantiations')}/${stat('current', 'instantiations')}`,
      'memory MB b/c': ['baseline', 'current'].map((build) => Math.round(stat(build, 'memory') / 1024)).join('/'),
    });
  }
  console.table(rows);
  const mb = (bytes) => (bytes / 1e6).toFixed(2);
  console.log(
    `unpacked size: baseline ${mb(baseline.unpackedSize)} MB, current ${mb(current.unpackedSize)} MB, ` +
      `delta ${mb(current.unpackedSize - baseline.unpackedSize)} MB`,
  );
  console.log(
    `medians of ${rounds} rounds; the machine's load at the time affects both sides alike, not the absolute figures`,
  );
  const unpacked = { baseline: baseline.unpackedSize, current: current.unpackedSize };
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ types: figures, unpacked }));
} finally {
  rmSync(work, { recursive: true, force: true });
  built?.remove();
}
