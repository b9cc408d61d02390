// What the engine costs per GET when the caches are warm and when they are cold. The client
// is bundled from `src/` with node-fetch replaced by a stand-in that answers from memory
// (`stand-in-node-fetch.mjs`), so that no socket, parser or server takes part; a
// hand-written loop over the same stand-in is the reference. "Cold": before each GET, 4 MB
// of memory are written, which evicts the caches as a real request's trip through the
// kernel and `node:http` does; only the GET is timed.
//
//   node bench/engine-cold.mjs [rounds] [source folder ...]   (15 rounds, `src/` by default)
//
// No build is needed: each source folder (a copy of `src/` with a change, say) is bundled
// and measured in turns with the others, in one process, against the same loop.
//
// Why: on loopback the client costs about 10 us a GET more than its own node-fetch loop,
// while its engine runs in under 1 us with warm caches. The cold setting shows the same
// 10 us without the network's noise: each request runs the engine's code and data out of
// memory, so what the engine touches (functions, objects, lazy accessors such as Node 20's
// global `performance`) counts more than the instructions it runs. The figures move by a
// few microseconds between runs with the machine's load; compare builds in one run.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, roundsInTurns } from './turns.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAND_IN = fileURLToPath(new URL('./stand-in-node-fetch.mjs', import.meta.url));
const BASE = 'http://127.0.0.1:9';
const TURN = 300;
const EVICT = new Int32Array((4 * 1024 * 1024) / 4);
const SINK = new Int32Array(1);

/** Writes one word of every cache line of 4 MB. */
function evict() {
  let sum = 0;
  for (let i = 0; i < EVICT.length; i += 16) sum += EVICT[i]++;
  SINK[0] = sum;
}

async function main(rounds, sources) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pagerduty-engine-cold-'));
  try {
    const { default: fetch } = await import(pathToFileURL(STAND_IN).href);
    const url = `${BASE}/users/PABC123`;
    const headers = { 'User-Agent': 'bench', Authorization: 'Token token=bench-key-0000' };
    const sides = { loop: async () => (await fetch(url, { headers })).json() };
    const clients = [];
    for (const [i, source] of sources.entries()) {
      const outfile = path.join(dir, `client-${i}.mjs`);
      await build({
        absWorkingDir: ROOT, entryPoints: [path.resolve(source, 'index.ts')], outfile, bundle: true, format: 'esm', platform: 'node',
        target: 'node20', alias: { 'node-fetch': STAND_IN }, external: ['https-proxy-agent'], logLevel: 'warning',
      });
      const { RestApiV2Client } = await import(pathToFileURL(outfile).href);
      const client = new RestApiV2Client('bench-key-0000', { baseUrl: BASE });
      clients.push(client);
      sides[sources.length === 1 ? 'client' : `client ${i}: ${path.relative(ROOT, path.resolve(source)) || '.'}`] = () => client.jget('/users/PABC123');
    }
    const names = Object.keys(sides);
    const perGet = (ms) => (ms / TURN) * 1e6; // ns
    console.log(`engine, warm and cold caches: stand-in node-fetch, ${rounds} rounds of ${TURN} GETs a side and setting (median ns per GET)`);
    for (const cold of [false, true]) {
      const samples = await roundsInTurns(sides, { rounds, gets: TURN, turn: TURN, warmUp: 3_000, before: cold ? evict : undefined });
      const wall = Object.fromEntries(names.map((name) => [name, samples[name].map((sample) => perGet(sample.wall))]));
      console.log(cold ? '  cold (4 MB written before each GET):' : '  warm:');
      console.log(`    ${'loop'.padEnd(40)} ${median(wall.loop).toFixed(0).padStart(7)} ns`);
      for (const name of names.slice(1)) {
        const overhead = median(wall[name].map((ns, round) => ns - wall.loop[round]));
        console.log(`    ${name.padEnd(40)} ${median(wall[name]).toFixed(0).padStart(7)} ns   over the loop ${overhead.toFixed(0).padStart(6)} ns`);
      }
    }
    for (const client of clients) client.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [rounds, ...sources] = process.argv.slice(2);
await main(Number(rounds ?? 15), sources.length > 0 ? sources : [path.join(ROOT, 'src')]);
