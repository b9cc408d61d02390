// Pagination benchmark: the library's listAll/iterAll against a hand-written node-fetch
// loop making the same requests to a loopback server (run in a child process, so that
// its work and memory stay out of the measurements).
//
//   npm run bench                       (builds first; runs every benchmark, see all.mjs)
//   node bench/pagination.mjs [rounds]  (after a build; 7 rounds by default)
//   BENCH_DIST=/other/dist node bench/pagination.mjs   (another build)
//
// Datasets: 9,900 users (classic pagination, 99 pages of 100) and 100,000 audit records
// (cursor pagination, 1,000 pages of 100). Prints the median time of each side, their
// ratio (target: at most 1.15), and the heap and RSS while iterAll streams the 100,000
// records, to show that memory does not grow with the number of records.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { benchUser } from './bench-user.mjs';

const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));

const USERS = 9_900;
const RECORDS = 100_000;
const PAGE = 100;
const KEY = 'bench-key-0000';

if (process.argv[2] === 'serve') serve();
else await main(Number(process.argv[2] ?? 7));

/** The loopback API: pages are built on demand, so the server holds no dataset. */
function serve() {
  const user = benchUser;
  const record = (i) => ({
    id: `PR${i}`,
    execution_time: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(),
    action: 'update',
    root_resource: { id: `PU${i % USERS}`, type: 'user_reference', summary: `User ${i % USERS}` },
    actors: [{ id: 'PADMIN', type: 'user_reference', summary: 'Admin' }],
    method: { type: 'api_token', truncated_token: '0000' },
  });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const limit = Number(url.searchParams.get('limit') ?? PAGE);
    let body;
    if (url.pathname === '/users') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const users = [];
      for (let i = offset; i < Math.min(offset + limit, USERS); i += 1) users.push(user(i));
      body = { users, offset, limit, more: offset + users.length < USERS, total: null };
    } else if (url.pathname === '/audit/records') {
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const records = [];
      for (let i = start; i < Math.min(start + limit, RECORDS); i += 1) records.push(record(i));
      const next = start + records.length;
      body = { records, limit, next_cursor: next < RECORDS ? String(next) : null, response_metadata: null };
    } else {
      res.writeHead(404).end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

async function main(rounds) {
  const { RestApiV2Client, REST_API_V2_ACCEPT, VERSION } = await import(
    pathToFileURL(path.join(DIST, 'index.js')).href
  );
  const { default: fetch } = await import('node-fetch');

  const child = fork(fileURLToPath(import.meta.url), ['serve'], { stdio: 'inherit' });
  const port = await new Promise((resolve) => child.once('message', (m) => resolve(m.port)));
  const base = `http://127.0.0.1:${port}`;

  // The hand-written loop: node-fetch with one keep-alive agent, exactly the client's headers.
  const agent = new http.Agent({ keepAlive: true });
  const headers = {
    'User-Agent': `pagerduty-client/${VERSION} node/${process.versions.node}`,
    Accept: REST_API_V2_ACCEPT,
    Authorization: `Token token=${KEY}`,
  };
  const getJson = async (page) => {
    const response = await fetch(`${base}${page}`, { headers, agent });
    if (!response.ok) throw new Error(`${page}: ${response.status}`);
    return response.json();
  };
  const handUsers = async () => {
    const all = [];
    for (let offset = 0, more = true; more; ) {
      const page = await getJson(`/users?limit=${PAGE}&offset=${offset}`);
      all.push(...page.users);
      offset += page.users.length;
      more = page.more;
    }
    return all.length;
  };
  const handRecords = async () => {
    let count = 0;
    for (let cursor = null, first = true; first || cursor; first = false) {
      const page = await getJson(`/audit/records?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`);
      count += page.records.length;
      cursor = page.next_cursor;
    }
    return count;
  };

  const client = new RestApiV2Client(KEY, { baseUrl: base });
  const libUsers = async () => (await client.listAll('/users')).length;
  const libRecords = async () => {
    let count = 0;
    for await (const record of client.iterAll('/audit/records')) if (record) count += 1;
    return count;
  };

  // Wall time, and the CPU time of this process (the client side only: the server runs
  // in the child), which is far less disturbed by other load on the machine.
  const time = async (fn, expected) => {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const count = await fn();
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (count !== expected) throw new Error(`expected ${expected} items, got ${count}`);
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  console.log(
    `pagerduty-client ${VERSION} (${DIST}), node ${process.versions.node}, ${rounds} rounds (median), loopback HTTP`,
  );
  console.log('');
  const rows = [];
  for (const [name, hand, lib, expected] of [
    [`listAll /users (${USERS.toLocaleString('en')} users, classic)`, handUsers, libUsers, USERS],
    [`iterAll /audit/records (${RECORDS.toLocaleString('en')} records, cursor)`, handRecords, libRecords, RECORDS],
  ]) {
    await time(hand, expected); // warm-up: connections, JIT
    await time(lib, expected);
    const handTimes = [];
    const libTimes = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate the order so that neither side always runs on a warmer process.
      if (round % 2 === 0) {
        handTimes.push(await time(hand, expected));
        libTimes.push(await time(lib, expected));
      } else {
        libTimes.push(await time(lib, expected));
        handTimes.push(await time(hand, expected));
      }
    }
    for (const measure of ['wall', 'cpu']) {
      rows.push({
        name: `${name}, ${measure === 'wall' ? 'wall time' : 'client CPU'}`,
        hand: median(handTimes.map((t) => t[measure])),
        lib: median(libTimes.map((t) => t[measure])),
      });
    }
  }
  const width = Math.max(...rows.map((r) => r.name.length));
  console.log(`${'benchmark'.padEnd(width)}  hand-written   library    ratio`);
  for (const { name, hand, lib } of rows) {
    console.log(
      `${name.padEnd(width)}  ${`${hand.toFixed(0)} ms`.padStart(12)}  ` +
        `${`${lib.toFixed(0)} ms`.padStart(9)}  ${(lib / hand).toFixed(3).padStart(7)}x`,
    );
  }
  console.log('(target: library within 1.15x of the hand-written loop)');
  const jsonRows = rows.map(({ name, hand, lib }) => ({ name, hand, lib, ratio: lib / hand }));

  // Memory while iterAll streams the records: forced GC before each sample, so that the
  // heap figures are what is live, not garbage awaiting collection.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const mb = (bytes) => `${(bytes / 1_048_576).toFixed(1)} MB`;
  const sample = () => {
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    return { heapUsed, rss };
  };
  const samples = [];
  let peakRss = 0;
  samples.push({ at: 0, ...sample() });
  let count = 0;
  for await (const record of client.iterAll('/audit/records')) {
    count += record ? 1 : 0;
    if (count % 1000 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (count === 10_000 || count === 50_000) samples.push({ at: count, ...sample() });
  }
  samples.push({ at: count, ...sample() });
  console.log('');
  console.log(`memory while iterAll streams ${RECORDS.toLocaleString('en')} audit records (after GC):`);
  for (const { at, heapUsed, rss } of samples) {
    console.log(
      `  after ${String(at.toLocaleString('en')).padStart(7)} records: ` +
        `heap used ${mb(heapUsed).padStart(9)}, RSS ${mb(rss).padStart(9)}`,
    );
  }
  const growth = samples[samples.length - 1].heapUsed - samples[1].heapUsed;
  console.log(
    `  peak RSS during the pass: ${mb(peakRss)}; ` +
      `heap growth from 10,000 to ${count.toLocaleString('en')} records: ${mb(growth)}`,
  );

  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ pagination: jsonRows, memory: { peakRss, heapGrowth: growth } }),
    );
  }
  client.close();
  agent.destroy();
  child.disconnect();
}
