// Abort benchmark: how long a request takes to end after the caller's AbortSignal fires
// during the pause before a retry. A loopback server answers every request with 503; the
// client retries 503 with a first pause of 1 s; the signal fires after 200 ms, so the
// abort lands in the middle of that pause.
//
//   npm run bench:abort                    (builds first)
//   node bench/abort.bench.mjs [rounds]    (after a build; 5 rounds by default)
//   BENCH_DIST=/other/dist node bench/abort.bench.mjs   (another build)
//
// Prints the median time from the start of the request to its rejection, the time past the
// abort, the error's class, and the number of requests the server saw per round.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

const rounds = Number(process.argv[2] ?? 5);
const dist = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const ABORT_AFTER_MS = 200;
const { ApiClient, tokenAuth } = await import(pathToFileURL(path.join(dist, 'index.js')).href);

let requests = 0;
const server = http.createServer((_req, res) => {
  requests += 1;
  res.writeHead(503).end('busy');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const times = [];
const outcomes = new Set();
const requestCounts = [];
for (let round = 0; round < rounds; round += 1) {
  const client = new ApiClient(tokenAuth('bench-key-0000'), {
    baseUrl,
    retry: { 503: 3 },
    sleepTimer: 0.5,
    sleepTimerBase: 2,
  });
  const before = requests;
  const start = performance.now();
  const outcome = await client.get('/x', { signal: AbortSignal.timeout(ABORT_AFTER_MS) }).then(
    (response) => `resolved ${response.status}`,
    (error) => error.constructor.name,
  );
  times.push(performance.now() - start);
  outcomes.add(outcome);
  requestCounts.push(requests - before);
  client.close();
}
server.close();

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`build: ${dist}`);
console.log(`abort fired at ${ABORT_AFTER_MS} ms into a 1,000 ms pause before a retry`);
console.log(
  `median time to rejection: ${median.toFixed(0)} ms ` +
    `(${(median - ABORT_AFTER_MS).toFixed(0)} ms past the abort) over ${rounds} rounds`,
);
console.log(`outcome: ${[...outcomes].join(', ')}; requests per round: ${[...new Set(requestCounts)].join(', ')}`);
if (process.env.BENCH_JSON)
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify({ abort: { msPastAbort: median - ABORT_AFTER_MS, outcome: [...outcomes].join(', ') } }),
  );
