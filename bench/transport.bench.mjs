// Transport benchmark: what the client costs over its own transport. Three sides send the
// same GET of one user to a loopback server (in a child process): a raw node:http loop
// (the floor), a hand-written loop over the client's own transport (node-fetch, one
// keep-alive agent, the same headers), and the client (`jget`).
//
//   node bench/transport.bench.mjs [loopback rounds]   (after a build; 15 by default)
//
// Two settings: loopback as it is (2,000 GETs a side per round: the cost of each layer
// shows), and a server that answers after 20 ms (7 rounds of 60 GETs: a realistic round
// trip, what the cost means in practice). On loopback the sides take turns of 100 GETs
// within a round, in rotating order: this machine's speed wanders from one second to the
// next, and short turns put the sides under the same load (with one turn of 2,000 GETs a
// side, single rounds ranged 0.88x to 1.47x client / loop; with turns of 100, 0.98x to
// 1.13x). The figures are medians of the wall time and of this process's CPU time; each
// ratio is the median of the ratios of the rounds. Targets: client <= 1.05x its own
// transport loop on loopback; client <= 1.03x the raw floor at 20 ms.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { clientHeaders } from './client-headers.mjs';
import { median, roundRatio, roundsInTurns } from './turns.mjs';
import { startUserServer } from './user-server.mjs';

const KEY = 'bench-key-0000';
const LOOPBACK_GETS = 2_000;
const LOOPBACK_TURN = 100;
const DELAYED_GETS = 60;
const DELAYED_ROUNDS = 7;
const DELAY_MS = 20;

await main(Number(process.argv[2] ?? 15));

async function main(rounds) {
  const { RestApiV2Client, REST_API_V2_ACCEPT, VERSION } = await import('../dist/index.js');
  const { default: fetch } = await import('node-fetch');
  const headers = clientHeaders(VERSION, KEY, REST_API_V2_ACCEPT);
  const sidesFor = (base) => {
    const agent = new http.Agent({ keepAlive: true });
    const url = `${base}/users/PABC123`;
    const raw = () =>
      new Promise((resolve, reject) => {
        const request = http.request(url, { headers, agent }, (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end();
      });
    const loop = async () => (await fetch(url, { headers, agent })).json();
    const client = new RestApiV2Client(KEY, { baseUrl: base });
    const lib = () => client.jget('/users/PABC123');
    return { sides: { raw, loop, client: lib }, close: () => (agent.destroy(), client.close()) };
  };
  const run = async (delay, gets, rounds, turn) => {
    const server = await startUserServer(delay);
    const { sides, close } = sidesFor(server.base);
    const samples = await roundsInTurns(sides, { rounds, gets, turn });
    close();
    server.child.disconnect();
    const summary = Object.fromEntries(
      Object.keys(sides).map((name) => [name, { wall: median(samples[name].map((s) => s.wall)), cpu: median(samples[name].map((s) => s.cpu)) }]),
    );
    return { ...summary, ratio: (a, b, measure) => roundRatio(samples, a, b, measure) };
  };

  const loopback = await run(0, LOOPBACK_GETS, rounds, LOOPBACK_TURN);
  const delayed = await run(DELAY_MS, DELAYED_GETS, DELAYED_ROUNDS, DELAYED_GETS);
  console.log(`transport: pagerduty-client ${VERSION}, node ${process.versions.node}, sides in rotating order`);
  const row = (label, value, unit, extra = '') => console.log(`  ${label.padEnd(44)} ${value.padStart(10)} ${unit}${extra}`);
  console.log(`loopback, ${rounds} rounds of ${LOOPBACK_GETS.toLocaleString('en')} GETs a side in turns of ${LOOPBACK_TURN} (median per GET: wall / CPU):`);
  for (const [name, label] of [['raw', 'raw node:http loop (floor)'], ['loop', 'hand-written node-fetch loop'], ['client', 'client (jget)']]) {
    row(label, `${((loopback[name].wall / LOOPBACK_GETS) * 1000).toFixed(0)} us`, '', ` / ${((loopback[name].cpu / LOOPBACK_GETS) * 1000).toFixed(0)} us CPU`);
  }
  const figures = {
    clientVsLoopWall: loopback.ratio('client', 'loop', 'wall'),
    clientVsLoopCpu: loopback.ratio('client', 'loop', 'cpu'),
    loopVsRawWall: loopback.ratio('loop', 'raw', 'wall'),
    clientVsRawWall: loopback.ratio('client', 'raw', 'wall'),
    clientVsRawDelayed: delayed.ratio('client', 'raw', 'wall'),
    loopVsRawDelayed: delayed.ratio('loop', 'raw', 'wall'),
    delayedMsPerGet: { raw: delayed.raw.wall / DELAYED_GETS, loop: delayed.loop.wall / DELAYED_GETS, client: delayed.client.wall / DELAYED_GETS },
  };
  row('client / own transport loop (wall)', `${figures.clientVsLoopWall.toFixed(3)}x`, '', '   target <= 1.05x');
  row('client / own transport loop (client CPU)', `${figures.clientVsLoopCpu.toFixed(3)}x`, '');
  row('own transport loop / raw floor (wall)', `${figures.loopVsRawWall.toFixed(3)}x`, '');
  console.log(`server answering after ${DELAY_MS} ms, ${DELAYED_ROUNDS} rounds of ${DELAYED_GETS} GETs a side (median per GET):`);
  for (const name of ['raw', 'loop', 'client']) row(name, `${figures.delayedMsPerGet[name].toFixed(2)} ms`, '');
  row('client / raw floor', `${figures.clientVsRawDelayed.toFixed(3)}x`, '', '   target <= 1.03x');
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ transport: figures }));
}
