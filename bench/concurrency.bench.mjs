// Concurrent pagination benchmark: sequential reading against `concurrency: 8`, on the
// emulator (in a child process, so that its work stays out of the client's) with a
// simulated round trip of 50 ms per request.
//
//   node bench/concurrency.bench.mjs [rounds]   (after a build; 3 rounds by default)
//   BENCH_DIST=/other/dist node bench/concurrency.bench.mjs   (another build)
//
// Datasets: 9,900 users (listAll, classic pagination) and 25,000 incidents (iterHistory
// over their whole time range, which splits it into windows of at most 10,000). Prints the
// median wall time of each side, the speedup (targets: at least 5x for the users, 4x for
// the incidents), the requests each side sent (concurrency may not add any), and checks
// that every item comes once, in the order of the sequential reading.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

const LATENCY_MS = 50;
const USERS = 9_900;
const INCIDENTS = 25_000;
const CONCURRENCY = 8;
const EPOCH = Date.UTC(2024, 0, 1);
const SPACING_S = 60;

if (process.argv[2] === 'serve') await serve();
else await main(Number(process.argv[2] ?? 3));

async function serve() {
  const { startEmulator } = await import(pathToFileURL(path.join(DIST, 'emulator', 'index.js')).href);
  const emulator = await startEmulator({
    seedUsers: USERS,
    seedIncidents: INCIDENTS,
    seedIncidentSpacing: SPACING_S,
    seedEpoch: new Date(EPOCH),
    latency: LATENCY_MS,
    requestLogSize: 1_000_000,
  });
  process.on('message', (message) => {
    if (message !== 'count') return;
    process.send({ count: emulator.requests.length });
    emulator.clearRequests();
  });
  process.on('disconnect', () => void emulator.close().then(() => process.exit(0)));
  process.send({ url: emulator.url, key: emulator.keys.account });
}

async function main(rounds) {
  const { RestApiV2Client } = await import(pathToFileURL(path.join(DIST, 'index.js')).href);
  const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: 'inherit' });
  const messages = [];
  let waiting;
  child.on('message', (message) => (waiting ? (waiting(message), (waiting = undefined)) : messages.push(message)));
  const next = () =>
    messages.length > 0 ? Promise.resolve(messages.shift()) : new Promise((resolve) => (waiting = resolve));
  const { url, key } = await next();
  const requestsServed = async () => {
    child.send('count');
    return (await next()).count;
  };

  const client = new RestApiV2Client(key, { baseUrl: url });
  const since = new Date(EPOCH);
  const until = new Date(EPOCH + (INCIDENTS + 1) * SPACING_S * 1000);
  const readUsers = async (concurrency) => (await client.listAll('/users', {}, { concurrency })).map((user) => user.id);
  const readIncidents = async (concurrency) => {
    const ids = [];
    for await (const incident of client.iterHistory('/incidents', since, until, {}, { concurrency }))
      ids.push(incident.id);
    return ids;
  };

  const cases = [
    { name: `listAll /users (${USERS.toLocaleString('en')} users)`, read: readUsers, expected: USERS, target: 5 },
    {
      name: `iterHistory /incidents (${INCIDENTS.toLocaleString('en')} incidents)`,
      read: readIncidents,
      expected: INCIDENTS,
      target: 4,
    },
  ];
  console.log(
    `concurrent pagination (${DIST}): emulator with a ${LATENCY_MS} ms round trip, ` +
      `concurrency ${CONCURRENCY} against 1, ${rounds} rounds (median)`,
  );
  const results = [];
  for (const { name, read, expected, target } of cases) {
    const reference = await read(1);
    await requestsServed();
    if (reference.length !== expected || new Set(reference).size !== expected)
      throw new Error(`${name}: sequential reading gave ${reference.length} items`);
    const sides = { sequential: { times: [], requests: [] }, concurrent: { times: [], requests: [] } };
    let inOrder = true;
    for (let round = 0; round < rounds; round += 1) {
      // Alternate the order so that neither side always runs first.
      const order = round % 2 === 0 ? ['sequential', 'concurrent'] : ['concurrent', 'sequential'];
      for (const side of order) {
        const start = performance.now();
        const ids = await read(side === 'sequential' ? 1 : CONCURRENCY);
        sides[side].times.push(performance.now() - start);
        sides[side].requests.push(await requestsServed());
        if (ids.length !== reference.length || ids.some((id, index) => id !== reference[index])) inOrder = false;
      }
    }
    const sequential = median(sides.sequential.times);
    const concurrent = median(sides.concurrent.times);
    results.push({
      name,
      sequentialMs: sequential,
      concurrentMs: concurrent,
      speedup: sequential / concurrent,
      target,
      sequentialRequests: Math.max(...sides.sequential.requests),
      concurrentRequests: Math.max(...sides.concurrent.requests),
      inOrder,
    });
  }
  const width = Math.max(...results.map((r) => r.name.length));
  console.log(
    `${'benchmark'.padEnd(width)}  sequential  concurrent   speedup  target  ` +
      `requests (seq / conc)  every item once, in order`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(width)}  ${`${r.sequentialMs.toFixed(0)} ms`.padStart(10)}  ` +
        `${`${r.concurrentMs.toFixed(0)} ms`.padStart(10)}  ${`${r.speedup.toFixed(2)}x`.padStart(8)}  ` +
        `${`>=${r.target}x`.padStart(6)}  ${`${r.sequentialRequests} / ${r.concurrentRequests}`.padStart(21)}  ` +
        `${r.inOrder ? 'yes' : 'NO'}`,
    );
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ concurrency: results }));
  client.close();
  child.disconnect();
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
