// Transport benchmark: what the client costs over its own transport. Three sides send the
// same GET of one user to a loopback server (in a child process, so that its work stays out
// of the measurements): a raw node:http loop (the floor), a hand-written loop over the
// client's own transport (node-fetch, one keep-alive agent, the same headers), and the
// client (`jget`).
//
//   node bench/transport.bench.mjs [loopback rounds] [20 ms rounds]   (after a build; 15 and 7)
//   BENCH_DIST=/other/dist node bench/transport.bench.mjs   (another build)
//
// Two settings: loopback as it is (2,000 GETs a side per round: the cost of each layer
// shows), and a server that answers after 20 ms (rounds of 60 GETs: a realistic round
// trip, what the cost means in practice). On loopback the sides take turns of 100 GETs
// within a round, in rotating order: this machine's speed wanders from one second to the
// next, and short turns put the sides under the same load. Each ratio is the median of the
// rounds' ratios. The loopback ratio is reported, not a target (it moves with the machine);
// the target is the client within 1.03x of the raw floor at 20 ms.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const KEY = 'bench-key-0000';
const LOOPBACK_GETS = 2_000;
const LOOPBACK_TURN = 100;
const DELAYED_GETS = 60;
const DELAY_MS = 20;

if (process.argv[2] === 'serve') serve(Number(process.argv[3]));
else await main(Number(process.argv[2] ?? 15), Number(process.argv[3] ?? 7));

/** The loopback server: every GET receives the same user, after `delay` ms (0: at once). */
function serve(delay) {
  const text = JSON.stringify({
    user: {
      id: 'PABC123',
      type: 'user',
      name: 'Ann Example',
      email: 'ann@example.com',
      time_zone: 'Europe/London',
      role: 'user',
      self: 'https://api.pagerduty.com/users/PABC123',
      html_url: 'https://acme.pagerduty.com/users/PABC123',
      teams: [],
    },
  });
  const server = http.createServer((_req, res) => {
    const send = () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    if (delay > 0) setTimeout(send, delay);
    else send();
  });
  server.keepAliveTimeout = 600_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

async function startServer(delay) {
  const child = fork(fileURLToPath(import.meta.url), ['serve', String(delay)], { stdio: 'inherit', execArgv: [] });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  return { base: `http://127.0.0.1:${port}`, child };
}

/** Wall time and this process's CPU time (ms) of `count` sends, one after another. */
async function timed(send, count) {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < count; i += 1) await send();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/**
 * Warms every side up, then runs `rounds` rounds in which each side sends `gets` times in
 * turns of `turn`, in rotating order; a side's sample of a round is the sum of its turns.
 */
async function roundsInTurns(sides, { rounds, gets, turn }) {
  const names = Object.keys(sides);
  for (const name of names) await timed(sides[name], Math.min(gets, 1_000)); // connections, JIT
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const sums = Object.fromEntries(names.map((name) => [name, { wall: 0, cpu: 0 }]));
    for (let t = 0; t < gets / turn; t += 1) {
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(round + t + k) % names.length];
        const { wall, cpu } = await timed(sides[name], turn);
        sums[name].wall += wall;
        sums[name].cpu += cpu;
      }
    }
    for (const name of names) samples[name].push(sums[name]);
  }
  return samples;
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(rounds, delayedRounds) {
  const { RestApiV2Client, REST_API_V2_ACCEPT, VERSION } = await import(
    pathToFileURL(path.join(DIST, 'index.js')).href
  );
  const { default: fetch } = await import('node-fetch');
  // Exactly the client's headers: a shorter User-Agent would spare the loops work in
  // node-fetch's and node:http's header checks, which scan every value.
  const headers = {
    'User-Agent': `pagerduty-client/${VERSION} node/${process.versions.node}`,
    Accept: REST_API_V2_ACCEPT,
    Authorization: `Token token=${KEY}`,
  };
  const run = async (delay, gets, rounds, turn) => {
    const server = await startServer(delay);
    const agent = new http.Agent({ keepAlive: true });
    const url = `${server.base}/users/PABC123`;
    const client = new RestApiV2Client(KEY, { baseUrl: server.base });
    const sides = {
      raw: () =>
        new Promise((resolve, reject) => {
          const request = http.request(url, { headers, agent }, (response) => {
            const chunks = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
            response.on('error', reject);
          });
          request.on('error', reject);
          request.end();
        }),
      loop: async () => (await fetch(url, { headers, agent })).json(),
      client: () => client.jget('/users/PABC123'),
    };
    const samples = await roundsInTurns(sides, { rounds, gets, turn });
    agent.destroy();
    client.close();
    server.child.disconnect();
    // Sides of one round ran under the same load: the median of the rounds' ratios is
    // steadier than a ratio of medians on a busy machine.
    const ratio = (a, b, measure) =>
      median(samples[a].map((sample, round) => sample[measure] / samples[b][round][measure]));
    const perGet = (name, measure) => median(samples[name].map((sample) => sample[measure])) / gets;
    return { ratio, perGet };
  };

  const loopback = await run(0, LOOPBACK_GETS, rounds, LOOPBACK_TURN);
  const delayed = await run(DELAY_MS, DELAYED_GETS, delayedRounds, DELAYED_GETS);
  console.log(
    `transport: pagerduty-client ${VERSION} (${DIST}), node ${process.versions.node}, sides in rotating order`,
  );
  const row = (label, value, extra = '') => console.log(`  ${label.padEnd(44)} ${value.padStart(10)}${extra}`);
  console.log(
    `loopback, ${rounds} rounds of ${LOOPBACK_GETS.toLocaleString('en')} GETs a side in turns of ${LOOPBACK_TURN} ` +
      `(median per GET: wall / CPU):`,
  );
  for (const [name, label] of [
    ['raw', 'raw node:http loop (floor)'],
    ['loop', 'hand-written node-fetch loop'],
    ['client', 'client (jget)'],
  ]) {
    row(
      label,
      `${(loopback.perGet(name, 'wall') * 1000).toFixed(0)} us`,
      ` / ${(loopback.perGet(name, 'cpu') * 1000).toFixed(0)} us CPU`,
    );
  }
  const figures = {
    clientVsLoopWall: loopback.ratio('client', 'loop', 'wall'),
    clientVsLoopCpu: loopback.ratio('client', 'loop', 'cpu'),
    loopVsRawWall: loopback.ratio('loop', 'raw', 'wall'),
    clientVsRawDelayed: delayed.ratio('client', 'raw', 'wall'),
  };
  row('client / own transport loop (wall)', `${figures.clientVsLoopWall.toFixed(3)}x`, '   reported');
  row('client / own transport loop (client CPU)', `${figures.clientVsLoopCpu.toFixed(3)}x`);
  row('own transport loop / raw floor (wall)', `${figures.loopVsRawWall.toFixed(3)}x`);
  console.log(
    `server answering after ${DELAY_MS} ms, ${delayedRounds} rounds of ${DELAYED_GETS} GETs a side (median per GET):`,
  );
  for (const name of ['raw', 'loop', 'client']) row(name, `${delayed.perGet(name, 'wall').toFixed(2)} ms`);
  row('client / raw floor', `${figures.clientVsRawDelayed.toFixed(3)}x`, '   target <= 1.03x');
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ transport: figures }));
}
