// Round-trip benchmark: listing 9,900 users (99 pages of 100) from a loopback server that
// answers each request after 20 ms, the round trip of a nearby API. Three sides make the
// same requests, one after another, with the client's own headers:
//   client  RestApiV2Client.listAll('/users') from the built package (dist/)
//   traced  the same with OpenTelemetry on (`telemetry`), spans to an in-memory exporter (issue 52: <= 1.05x)
//   loop    a hand-written node-fetch 2 loop with one keep-alive agent
//   raw     node:http with one keep-alive agent, the body read by hand (the floor)
//
//   npm run bench:round-trip                      (builds first; then start-up too)
//   node bench/round-trip.mjs [rounds] [delay]    (after a build; 7 rounds of 20 ms)
//   BENCH_DIST=/other/dist node bench/round-trip.mjs   (another build)
//   BENCH_BASE_DIST=/old/dist node bench/round-trip.mjs (adds that build's client as a fourth side)
//
// The server runs in a child process, so that its work stays out of the client's CPU time.
// Each round runs every side once, in rotating order; a ratio is the median of the rounds'
// ratios (the sides of one round ran under the same load). The target (issue 36): the
// client within 1.03x of the node-fetch loop. The load average is printed beside the
// figures: on a shared machine they mean little without it.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchUser } from './bench-user.mjs';

const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const BASE_DIST = process.env.BENCH_BASE_DIST;
const USERS = 9_900;
const PAGE = 100;
const KEY = 'bench-key-0000';
const TARGET = 1.03;

if (process.argv[2] === 'serve') serve(Number(process.argv[3]));
else await main(Number(process.argv[2] ?? 7), Number(process.argv[3] ?? 20));

/** The pages, made once, so that each answer costs the server the same little work. */
function serve(delay) {
  const user = benchUser;
  const pages = new Map();
  for (let offset = 0; offset < USERS; offset += PAGE) {
    const users = Array.from({ length: Math.min(PAGE, USERS - offset) }, (_, k) => user(offset + k));
    pages.set(offset, JSON.stringify({ users, offset, limit: PAGE, more: offset + PAGE < USERS, total: null }));
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const text = url.pathname === '/users' ? pages.get(Number(url.searchParams.get('offset') ?? 0)) : undefined;
    setTimeout(() => {
      if (text === undefined) res.writeHead(404).end();
      else
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    }, delay);
  });
  server.keepAliveTimeout = 600_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

function load() {
  return loadavg()[0].toFixed(2);
}

async function main(rounds, delay) {
  const { RestApiV2Client, REST_API_V2_ACCEPT, VERSION } = await import(
    pathToFileURL(path.join(DIST, 'index.js')).href
  );
  const { default: fetch } = await import('node-fetch');
  const child = fork(fileURLToPath(import.meta.url), ['serve', String(delay)], { stdio: 'inherit', execArgv: [] });
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  const base = `http://127.0.0.1:${port}`;

  // Exactly the client's headers: node-fetch and node:http check every header value.
  const headers = {
    'User-Agent': `pagerduty-client/${VERSION} node/${process.versions.node}`,
    Accept: REST_API_V2_ACCEPT,
    Authorization: `Token token=${KEY}`,
  };
  const agent = new http.Agent({ keepAlive: true });
  const rawJson = (url) =>
    new Promise((resolve, reject) => {
      const request = http.request(url, { headers, agent }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          else resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  const fetchJson = async (url) => {
    const response = await fetch(url, { headers, agent });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  };
  const listWith = (getJson) => async () => {
    const all = [];
    for (let offset = 0, more = true; more; ) {
      const page = await getJson(`${base}/users?limit=${PAGE}&offset=${offset}`);
      all.push(...page.users);
      offset += page.users.length;
      more = page.more;
    }
    return all.length;
  };
  const client = new RestApiV2Client(KEY, { baseUrl: base });
  const tracing = await tracedClient(RestApiV2Client, base);
  const sides = {
    client: async () => (await client.listAll('/users')).length,
    ...(tracing ? { traced: async () => (await tracing.client.listAll('/users')).length } : {}),
    loop: listWith(fetchJson),
    raw: listWith(rawJson),
  };
  let baseClient;
  if (BASE_DIST) {
    const baseBuild = await import(pathToFileURL(path.join(BASE_DIST, 'index.js')).href);
    baseClient = new baseBuild.RestApiV2Client(KEY, { baseUrl: base });
    sides.base = async () => (await baseClient.listAll('/users')).length;
  }
  const names = Object.keys(sides);

  const timed = async (name) => {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const count = await sides[name]();
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    if (count !== USERS) throw new Error(`${name}: expected ${USERS} users, got ${count}`);
    return { wall, cpu: (cpu.user + cpu.system) / 1000 };
  };

  const loadBefore = load();
  for (const name of names) await timed(name); // connections, JIT, node-fetch loaded
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(round + k) % names.length];
      samples[name].push(await timed(name));
    }
  }
  const loadAfter = load();
  client.close();
  tracing?.client.close();
  baseClient?.close();
  agent.destroy();
  child.disconnect();

  const ratio = (a, b, measure) => median(samples[a].map((sample, r) => sample[measure] / samples[b][r][measure]));
  const med = (name, measure) => median(samples[name].map((sample) => sample[measure]));
  console.log(
    `round trip: pagerduty-client ${VERSION} (${DIST}), node ${process.versions.node}, ` +
      `${USERS.toLocaleString('en')} users in ${USERS / PAGE} pages, ${delay} ms a response, ${rounds} rounds`,
  );
  console.log(`load average (1 min): ${loadBefore} before, ${loadAfter} after`);
  console.log(`${'side'.padEnd(40)}${'wall'.padStart(10)}${'client CPU'.padStart(12)}`);
  for (const [name, label] of [
    ['client', "client listAll('/users')"],
    ...(tracing ? [['traced', 'client with OpenTelemetry (in-memory)']] : []),
    ['loop', 'node-fetch 2 loop, keep-alive agent'],
    ['raw', 'raw node:http, keep-alive agent'],
    ...(BASE_DIST ? [['base', `client listAll, ${BASE_DIST}`]] : []),
  ]) {
    console.log(
      `${label.padEnd(40)}${`${med(name, 'wall').toFixed(0)} ms`.padStart(10)}` +
        `${`${med(name, 'cpu').toFixed(0)} ms`.padStart(12)}`,
    );
  }
  const figures = {
    clientVsLoop: ratio('client', 'loop', 'wall'),
    clientVsRaw: ratio('client', 'raw', 'wall'),
    loopVsRaw: ratio('loop', 'raw', 'wall'),
    clientVsLoopCpu: ratio('client', 'loop', 'cpu'),
    load: Number(loadAfter),
  };
  const verdict = figures.clientVsLoop <= TARGET ? 'met' : 'MISSED';
  console.log(
    `client / node-fetch loop (wall)   ${figures.clientVsLoop.toFixed(3)}x   target <= ${TARGET}x ${verdict}`,
  );
  if (tracing) {
    figures.tracedVsLoop = ratio('traced', 'loop', 'wall');
    const met = figures.tracedVsLoop <= 1.05 ? 'met' : 'MISSED';
    console.log(`traced / node-fetch loop (wall)   ${figures.tracedVsLoop.toFixed(3)}x   target <= 1.05x ${met}`);
    console.log(`traced / node-fetch loop (CPU)    ${ratio('traced', 'loop', 'cpu').toFixed(3)}x`);
    console.log(`spans exported: ${tracing.exporter.getFinishedSpans().length}`);
  } else console.log('traced: SKIPPED (@opentelemetry/api or sdk-trace-base not installed)');
  console.log(`client / raw node:http (wall)     ${figures.clientVsRaw.toFixed(3)}x`);
  console.log(`node-fetch loop / raw (wall)      ${figures.loopVsRaw.toFixed(3)}x`);
  console.log(`client / node-fetch loop (CPU)    ${figures.clientVsLoopCpu.toFixed(3)}x`);
  if (BASE_DIST) {
    console.log(`base client / node-fetch loop     ${ratio('base', 'loop', 'wall').toFixed(3)}x`);
    console.log(`base client / node-fetch loop (CPU) ${ratio('base', 'loop', 'cpu').toFixed(3)}x`);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ roundTrip: figures }));
}

/** A client with telemetry on, its spans kept by an in-memory exporter; `undefined` without the SDK. */
async function tracedClient(RestApiV2Client, base) {
  try {
    const otel = await import('@opentelemetry/api');
    const sdk = await import('@opentelemetry/sdk-trace-base');
    const exporter = new sdk.InMemorySpanExporter();
    const provider = new sdk.BasicTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
    otel.trace.setGlobalTracerProvider(provider);
    return { client: new RestApiV2Client(KEY, { baseUrl: base, telemetry: { api: otel } }), exporter };
  } catch {
    return undefined;
  }
}
