// Many processes, one key: four worker processes read and write against the emulator,
// whose limit is 120 requests per 10 s window, for 30 s; once with the Redis limiter
// (`pagerduty-client/rate-limit-redis`), once without it (each client paces itself, as
// without the option), side by side in one run. Prints per mode the requests served per
// second against the budget's rate, the 429 answers, and whether any request was lost or
// sent twice (counted at the emulator, in its state, and in the workers).
//
//   npm run bench:rate-limit                      (builds, then the full run: 2 x 30 s)
//   node bench/shared-rate-limit.mjs --duration 12 --limit 20 --window 3   (a quick run)
//   flags: --duration S --limit N --window S --workers N --modes redis,alone[,rlf] --redis-url URL
//   (rlf: rate-limiter-flexible alone, for comparison; see flexibleLimiter below)
//
// Without --redis-url it starts its own redis-server (on PATH) on a free loopback port.
// Targets (issue 31): with Redis, at least 90 % of the budget and zero 429 answers.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
const load = (entry) => import(pathToFileURL(path.join(DIST, entry)).href);

const { values: flags } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    duration: { type: 'string', default: '30' },
    limit: { type: 'string', default: '120' },
    window: { type: 'string', default: '10' },
    workers: { type: 'string', default: '4' },
    modes: { type: 'string', default: 'redis,alone' },
    'redis-url': { type: 'string' },
    // worker-only
    mode: { type: 'string' },
    index: { type: 'string' },
    'base-url': { type: 'string' },
    key: { type: 'string' },
    from: { type: 'string' },
    service: { type: 'string' },
    namespace: { type: 'string' },
    'start-at': { type: 'string' },
    'stop-at': { type: 'string' },
  },
});

if (flags.role === 'worker') await worker();
else await main();

/** One worker: alternate a read and a write until `stop-at`, then print what it did. */
async function worker() {
  const { RestApiV2Client } = await load('index.js');
  let rateLimiter;
  if (flags.mode === 'redis') {
    const { createRedisRateLimiter } = await load('rate-limit-redis/index.js');
    const warn = (message) => process.stderr.write(`worker ${flags.index}: ${message}\n`);
    rateLimiter = await createRedisRateLimiter({
      url: flags['redis-url'],
      namespace: flags.namespace,
      logger: { debug() {}, info: warn, warn, error: warn },
    });
  }
  if (flags.mode === 'rlf') rateLimiter = await flexibleLimiter();
  const client = new RestApiV2Client(flags.key, {
    baseUrl: flags['base-url'],
    defaultFrom: flags.from,
    ...(rateLimiter ? { rateLimiter } : {}),
  });
  const stopAt = Number(flags['stop-at']);
  const counts = { reads: 0, writes: 0, failures: 0, titles: [] };
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(flags['start-at']) - Date.now())));
  for (let op = 0; Date.now() < stopAt; op++) {
    try {
      if (op % 2 === 0) {
        await client.rget('/users', { params: { limit: 1 } });
        counts.reads += 1;
      } else {
        const title = `bench ${flags.index}-${op}`;
        await client.rpost('/incidents', {
          json: { incident: { type: 'incident', title, service: { id: flags.service, type: 'service_reference' } } },
        });
        counts.writes += 1;
        counts.titles.push(title);
      }
    } catch (error) {
      counts.failures += 1;
      process.stderr.write(`worker ${flags.index}: ${error.message}\n`);
    }
  }
  client.close();
  await rateLimiter?.close();
  process.stdout.write(`${JSON.stringify({ ...counts, finishedAt: Date.now() })}\n`);
}

/**
 * The comparison the guide cites: rate-limiter-flexible alone (`--modes rlf`, after
 * `npm install --no-save rate-limiter-flexible@11.4.0`), a budget fixed in advance
 * (`--limit` points per `--window`) that cannot follow the server's headers; a 429 blocks it.
 */
async function flexibleLimiter() {
  const { Redis } = await import('ioredis');
  const { RateLimiterRedis } = await import('rate-limiter-flexible');
  const redis = new Redis(flags['redis-url']);
  const flexible = new RateLimiterRedis({
    storeClient: redis,
    points: Number(flags.limit),
    duration: Number(flags.window),
    keyPrefix: flags.namespace,
  });
  const block = (id, seconds) => flexible.block(id, Math.max(1, Math.ceil(seconds)));
  return {
    async acquire(key) {
      for (;;) {
        try {
          return void (await flexible.consume(key.id));
        } catch (refused) {
          await new Promise((resolve) => setTimeout(resolve, refused.msBeforeNext));
        }
      }
    },
    report: async (report) =>
      void (report.status === 429 && (await block(report.key.id, report.retryAfterSeconds ?? 1))),
    pause: async (key, untilMs) => void (await block(key.id, (untilMs - Date.now()) / 1000)),
    state: () => ({ paused: false }),
    close: async () => redis.disconnect(),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A redis-server of the benchmark's own (no persistence), stopped at the end. */
async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  child.on('error', (error) => {
    console.error(`cannot start redis-server (${error.message}): install it, or pass --redis-url`);
    process.exit(1);
  });
  let output = '';
  for await (const chunk of child.stdout) {
    output += chunk;
    if (output.includes('Ready to accept connections')) break;
  }
  child.stdout.resume();
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function runMode(mode, settings, redisUrl) {
  const { startEmulator } = await load('emulator/index.js');
  const emulator = await startEmulator({
    seedUsers: 5,
    seedServices: 1,
    rateLimit: settings.limit,
    rateLimitWindow: settings.window,
    requestLogSize: 1_000_000,
  });
  const from = emulator.state.users.all()[0].email;
  const service = emulator.state.services.all()[0].id;
  const startAt = Date.now() + 1500; // every worker loaded and connected first
  const stopAt = startAt + settings.duration * 1000;
  const namespace = `bench-${randomUUID()}`;
  const children = Array.from({ length: settings.workers }, (_, index) => {
    const args = [
      '--role',
      'worker',
      '--mode',
      mode,
      '--index',
      String(index),
      '--base-url',
      emulator.url,
      '--key',
      emulator.keys.account,
      '--from',
      from,
      '--service',
      service,
      '--namespace',
      namespace,
      '--limit',
      String(settings.limit),
      '--window',
      String(settings.window),
      '--start-at',
      String(startAt),
      '--stop-at',
      String(stopAt),
      ...(redisUrl ? ['--redis-url', redisUrl] : []),
    ];
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    return once(child, 'exit').then(([code]) => {
      if (code !== 0) throw new Error(`worker ${index} exited ${code}`);
      return JSON.parse(out);
    });
  });
  const results = await Promise.all(children);
  const finishedAt = Math.max(...results.map((result) => result.finishedAt));
  await emulator.close();

  const statuses = emulator.requests.map((request) => request.status);
  const served = statuses.filter((status) => status === 200 || status === 201).length;
  const limited = statuses.filter((status) => status === 429).length;
  const other = statuses.length - served - limited;
  const workerOps = results.reduce((sum, result) => sum + result.reads + result.writes, 0);
  const workerWrites = results.reduce((sum, result) => sum + result.writes, 0);
  const failures = results.reduce((sum, result) => sum + result.failures, 0);
  const titles = emulator.state.incidents
    .all()
    .map((incident) => incident.title)
    .filter((title) => title.startsWith('bench '));
  const duplicated = titles.length - new Set(titles).size;
  const sentTitles = new Set(results.flatMap((result) => result.titles));
  const lostWrites = [...sentTitles].filter((title) => !titles.includes(title)).length;
  const elapsed = (finishedAt - startAt) / 1000;
  const rate = served / elapsed;
  const budgetRate = settings.limit / settings.window;
  return {
    mode,
    elapsed,
    served,
    limited,
    other,
    rate,
    share: rate / budgetRate,
    intact:
      served === workerOps &&
      failures === 0 &&
      duplicated === 0 &&
      lostWrites === 0 &&
      titles.length === workerWrites &&
      other === 0,
    detail: { workerOps, workerWrites, storedWrites: titles.length, duplicated, lostWrites, failures },
  };
}

async function main() {
  const settings = {
    duration: Number(flags.duration),
    limit: Number(flags.limit),
    window: Number(flags.window),
    workers: Number(flags.workers),
  };
  const modes = flags.modes.split(',');
  if (modes.includes('rlf') && !(await import('rate-limiter-flexible').catch(() => undefined))) {
    console.error('--modes rlf needs rate-limiter-flexible: npm install --no-save rate-limiter-flexible@11.4.0');
    process.exit(1);
  }
  const ownRedis = modes.some((mode) => mode !== 'alone') && !flags['redis-url'] ? await startRedis() : undefined;
  const redisUrl = flags['redis-url'] ?? ownRedis?.url;
  console.log(
    `${settings.workers} worker processes, one key, limit ${settings.limit} per ${settings.window} s window, ` +
      `${settings.duration} s per mode`,
  );
  const rows = [];
  try {
    for (const mode of modes) rows.push(await runMode(mode, settings, mode === 'alone' ? undefined : redisUrl));
  } finally {
    ownRedis?.stop();
  }
  const label = { redis: 'Redis limiter', alone: 'no limiter (each alone)', rlf: 'rate-limiter-flexible' };
  console.log(
    `${'mode'.padEnd(24)} ${'served'.padStart(6)} ${'429s'.padStart(6)} ${'elapsed'.padStart(8)} ` +
      `${'req/s'.padStart(7)} ${'of budget'.padStart(9)}  lost/duplicated`,
  );
  for (const row of rows) {
    console.log(
      `${(label[row.mode] ?? row.mode).padEnd(24)} ${String(row.served).padStart(6)} ` +
        `${String(row.limited).padStart(6)} ` +
        `${`${row.elapsed.toFixed(1)} s`.padStart(8)} ${row.rate.toFixed(2).padStart(7)} ` +
        `${`${(row.share * 100).toFixed(1)} %`.padStart(9)}  ` +
        `${row.intact ? 'none' : `CHECK FAILED ${JSON.stringify(row.detail)}`}`,
    );
  }
  console.log(
    `budget rate: ${(settings.limit / settings.window).toFixed(2)} req/s; ` +
      `"served" and "429s" counted at the emulator; ` +
      `every worker's reads and writes matched them one for one`,
  );
  const redis = rows.find((row) => row.mode === 'redis');
  const failed = rows.some((row) => !row.intact) || (redis && (redis.limited > 0 || redis.share < 0.9));
  if (failed) {
    console.log(
      'TARGET MISSED: with Redis, at least 90 % of the budget and zero 429s; ' +
        'in every mode, no request lost or sent twice',
    );
    process.exitCode = 1;
  }
}
