// The figures behind the choice of Redis client for `pagerduty-client/rate-limit-redis`:
// the round trip of one acquire (an EVALSHA of a small budget script) with ioredis and with
// redis (node-redis), and rate-limiter-flexible's `consume` on each, against a redis-server
// of its own on a free loopback port.
//
//   npm install --no-save redis@6.3.1 rate-limiter-flexible@11.4.0   (ioredis is a devDependency)
//   node bench/redis-client-latency.mjs [calls]   (3000 by default, after 200 of warm-up)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const CALLS = Number(process.argv[2] ?? 3000);
const SCRIPT = `local t = redis.call('TIME'); local now = t[1] * 1000 + math.floor(t[2] / 1000)
local used = redis.call('HINCRBY', KEYS[1], 'used', 1); redis.call('HSET', KEYS[1], 'at', now)
redis.call('PEXPIRE', KEYS[1], 60000); return used`;

const missing = [];
const load = (name) => import(name).catch(() => void missing.push(name));
const [ioredis, nodeRedis, flexible] = [
  await load('ioredis'),
  await load('redis'),
  await load('rate-limiter-flexible'),
];
if (missing.length > 0) {
  console.error(`needs ${missing.join(', ')}: npm install --no-save redis@6.3.1 rate-limiter-flexible@11.4.0`);
  process.exit(1);
}

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = server.address();
    server.close(() => resolve(free));
  });
});
const child = spawn(
  'redis-server',
  ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let output = '';
for await (const chunk of child.stdout) if ((output += chunk).includes('Ready to accept connections')) break;
child.stdout.resume();
const url = `redis://127.0.0.1:${port}`;

async function time(label, call) {
  for (let i = 0; i < 200; i++) await call();
  const took = [];
  for (let i = 0; i < CALLS; i++) {
    const start = process.hrtime.bigint();
    await call();
    took.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  took.sort((a, b) => a - b);
  const mean = took.reduce((sum, ms) => sum + ms, 0) / took.length;
  const at = (share) => took[Math.floor(took.length * share)].toFixed(3);
  console.log(`${label.padEnd(48)} mean ${mean.toFixed(3)} ms  p50 ${at(0.5)}  p99 ${at(0.99)}`);
}

try {
  const io = new ioredis.Redis(url);
  const ioSha = await io.script('LOAD', SCRIPT);
  await time('ioredis: EVALSHA of the script', () => io.evalsha(ioSha, 1, 'latency:io'));
  const nr = nodeRedis.createClient({ url });
  await nr.connect();
  const nrSha = await nr.scriptLoad(SCRIPT);
  await time('redis: EVALSHA of the script', () => nr.evalSha(nrSha, { keys: ['latency:nr'] }));
  const onIo = new flexible.RateLimiterRedis({
    storeClient: io,
    points: 1e9,
    duration: 60,
    keyPrefix: 'latency:rlf-io',
  });
  await time('rate-limiter-flexible consume, on ioredis', () => onIo.consume('key'));
  const onNr = new flexible.RateLimiterRedis({
    storeClient: nr,
    useRedisPackage: true,
    points: 1e9,
    duration: 60,
    keyPrefix: 'latency:rlf-nr',
  });
  await time('rate-limiter-flexible consume, on redis', () => onNr.consume('key'));
  io.disconnect();
  await nr.quit();
} finally {
  child.kill('SIGTERM');
}
