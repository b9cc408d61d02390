// What the client adds to a GET, counted in instructions rather than seconds: valgrind's
// callgrind counts the instructions this process's main thread runs while the sides send
// the same GET to a loopback server (not traced), the client (`jget`) and a hand-written
// node-fetch loop, in rotating rounds after a warm-up. Instruction counts do not depend
// on what else the machine is doing, so a change of 1 % shows, where the timed benchmark
// (`transport.bench.mjs`) moves by more than that between runs. They do not weigh cache
// misses or waits, so the timed benchmark stays the one the target is judged by.
//
//   npm run bench:instructions          (builds first; needs valgrind; a few minutes)
//   node bench/transport-instructions.mjs [processes] [--cache]   (after a build; 3 by default)
//
// With `--cache`, valgrind also simulates the first-level caches and the figures include
// the misses per GET (instruction fetches, data reads and writes; about twice as slow).
// The simulation sees this process only: not the kernel's and the server's work between
// two GETs, which on a real machine evicts much of what a GET touched.
//
// Each process reports the median of its rounds; the figures are the medians over the
// processes (the JIT makes different choices in each, about 1 % apart).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clientHeaders } from './client-headers.mjs';
import { startUserServer } from './user-server.mjs';

const SELF = fileURLToPath(import.meta.url);
const KEY = 'bench-key-0000';
const WARM_UP = 3_000;
const ROUNDS = 3;
const GETS = 400;
const SIDES = ['loop', 'client'];

const CACHE = process.argv.includes('--cache');
/** The events reported per side: instructions, and with `--cache` the first-level misses. */
const EVENTS = CACHE ? ['Ir', 'I1mr', 'D1mr', 'D1mw'] : ['Ir'];
const EVENT_LABELS = { Ir: 'instructions', I1mr: 'L1 instruction misses', D1mr: 'L1 data read misses', D1mw: 'L1 data write misses' };

if (process.argv[2] === 'measure') await measure();
else await main(Number(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? 3));

/** Runs under callgrind: zeroes the counters before each side's round and dumps them after it. */
async function measure() {
  const { base, child: server } = await startUserServer();
  const { RestApiV2Client, REST_API_V2_ACCEPT, VERSION } = await import('../dist/index.js');
  const { default: fetch } = await import('node-fetch');
  const headers = clientHeaders(VERSION, KEY, REST_API_V2_ACCEPT);
  const agent = new http.Agent({ keepAlive: true });
  const url = `${base}/users/PABC123`;
  const client = new RestApiV2Client(KEY, { baseUrl: base });
  const sides = {
    loop: async () => (await fetch(url, { headers, agent })).json(),
    client: () => client.jget('/users/PABC123'),
  };
  for (const name of SIDES) for (let i = 0; i < WARM_UP; i += 1) await sides[name]();
  const control = (argument) => execFileSync('callgrind_control', [argument, String(process.pid)], { stdio: 'ignore' });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (let k = 0; k < SIDES.length; k += 1) {
      const name = SIDES[(round + k) % SIDES.length];
      control('--zero');
      for (let i = 0; i < GETS; i += 1) await sides[name]();
      control(`--dump=${name}`);
    }
  }
  client.close();
  agent.destroy();
  server.disconnect();
}

/** The instructions per GET of each side in one traced process (the median of its rounds). */
function traced() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pagerduty-instructions-'));
  return new Promise((resolve, reject) => {
    const valgrind = spawn(
      'valgrind',
      ['--tool=callgrind', ...(CACHE ? ['--cache-sim=yes'] : []), '--separate-threads=yes', `--callgrind-out-file=${path.join(dir, 'cg.out')}`, process.execPath, SELF, 'measure'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    valgrind.stderr.on('data', (chunk) => (errors += chunk));
    valgrind.on('close', (status) => {
      try {
        if (status !== 0) throw new Error(`valgrind exited with ${status}:\n${errors.slice(-2000)}`);
        const counts = Object.fromEntries(SIDES.map((name) => [name, Object.fromEntries(EVENTS.map((event) => [event, []]))]));
        // One dump per side and round; `-01` is the main thread's part.
        for (const file of readdirSync(dir).filter((name) => /^cg\.out\.\d+-01$/.test(name))) {
          const text = readFileSync(path.join(dir, file), 'utf8');
          const side = /^desc: Trigger: dump (\w+)$/m.exec(text)?.[1];
          const events = (/^events: (.*)$/m.exec(text)?.[1] ?? '').split(' ');
          const totals = (/^totals: (.*)$/m.exec(text)?.[1] ?? '').split(' ').map(Number);
          if (side && counts[side]) for (const event of EVENTS) counts[side][event].push(totals[events.indexOf(event)] / GETS);
        }
        // Per side, the median of its rounds for each event.
        resolve(Object.fromEntries(SIDES.map((name) => [name, Object.fromEntries(EVENTS.map((event) => [event, median(counts[name][event])]))])));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

async function main(processes) {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    console.log('transport instructions: skipped (valgrind is not installed)');
    return;
  }
  // Two traced processes at a time: instruction counts do not depend on the machine's load.
  const runs = [];
  for (let start = 0; start < processes; start += 2) {
    const batch = Array.from({ length: Math.min(2, processes - start) }, () => traced());
    runs.push(...(await Promise.all(batch)));
  }
  const loop = median(runs.map((run) => run.loop.Ir));
  const client = median(runs.map((run) => run.client.Ir));
  const ratios = runs.map((run) => run.client.Ir / run.loop.Ir);
  console.log(`transport instructions: main thread per GET, callgrind, ${processes} process${processes === 1 ? '' : 'es'} of ${ROUNDS} rounds of ${GETS} GETs a side`);
  console.log(`  hand-written node-fetch loop   ${Math.round(loop).toLocaleString('en').padStart(9)}`);
  console.log(`  client (jget)                  ${Math.round(client).toLocaleString('en').padStart(9)}`);
  console.log(`  client / loop                  ${(client / loop).toFixed(3)}x (processes: ${ratios.map((ratio) => ratio.toFixed(3)).join(', ')})`);
  for (const event of EVENTS.slice(1)) {
    const perSide = (side) => median(runs.map((run) => run[side][event]));
    const label = `${EVENT_LABELS[event]}, loop / client`;
    console.log(`  ${label.padEnd(30)} ${Math.round(perSide('loop')).toLocaleString('en')} / ${Math.round(perSide('client')).toLocaleString('en')} (simulated)`);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ instructions: { loop, client, ratio: client / loop, ratios } }));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}
