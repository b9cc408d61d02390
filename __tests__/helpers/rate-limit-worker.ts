/**
 * A child process of the Redis rate-limit tests (run with `node --import tsx`), kept for a
 * whole suite so its start is paid once. Prints `{"ready":true}` once its limiter is
 * connected; then each JSON line on stdin (`{"keyId","baseUrl","apiKey","count"}`) is a run:
 * a `RestApiV2Client` with the Redis limiter reads `count` pages of users, one after
 * another (the client acquires before each attempt, reports each answer, retries a 429).
 * Prints one line per answer (`{"status":200,"sentAt":...}`, the time the request left)
 * and `{"reported":status}` once the limiter has taken in that answer, and `{"finished":true}`
 * after a run; warnings go to stderr. Ends when stdin does.
 */
import { createInterface } from 'node:readline';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import type { RestApiV2ClientOptions } from '../../src/core/rest/rest-options.js';
import type { RateLimiter } from '../../src/core/rate-limit/rate-limiter.js';
import { createRedisRateLimiter } from '../../src/rate-limit-redis/index.js';

interface Run {
  keyId: string;
  baseUrl: string;
  apiKey: string;
  count: number;
}

const print = (value: object): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
const stderrLogger = {
  debug: () => {},
  info: (message: string) => void process.stderr.write(`info: ${message}\n`),
  warn: (message: string) => void process.stderr.write(`warn: ${message}\n`),
  error: (message: string) => void process.stderr.write(`error: ${message}\n`),
};

const limiter = await createRedisRateLimiter({
  url: process.env.WORKER_REDIS_URL,
  namespace: process.env.WORKER_NAMESPACE,
  logger: stderrLogger,
});

/** Node's fetch, printing each answer with the time its request left (after the limiter let it). */
const recordingFetch = (async (url: string, init: RequestInit) => {
  const sentAt = Date.now();
  const response = await fetch(url, init);
  print({ status: response.status, sentAt });
  return response;
}) as unknown as RestApiV2ClientOptions['fetch'];

/** The shared limiter with the test's key id in place of the key's hash: each test has a budget of its own. */
function keyed(id: string): RateLimiter {
  const key = { id };
  return {
    acquire: (_key, signal) => limiter.acquire(key, signal),
    // Printed once the report is in Redis: a test that starts other processes after a 429
    // waits for this line, not for the answer, which the client reports a moment later.
    report: async (report) => {
      await limiter.report({ ...report, key });
      print({ reported: report.status });
    },
    pause: (_key, untilMs) => limiter.pause(key, untilMs),
    state: () => limiter.state(key),
  };
}

async function run({ keyId, baseUrl, apiKey, count }: Run): Promise<void> {
  // sleepTimer 0.5: a 429's first retry waits its Retry-After (1 s), not the default cooldown's 3 s.
  const client = new RestApiV2Client(apiKey, {
    baseUrl,
    fetch: recordingFetch,
    logger: stderrLogger,
    rateLimiter: keyed(keyId),
    sleepTimer: 0.5,
  });
  for (let i = 0; i < count; i++) await client.rget('/users', { params: { limit: 1 } });
  client.close();
  print({ finished: true });
}

print({ ready: true });
for await (const line of createInterface({ input: process.stdin })) await run(JSON.parse(line) as Run);
await limiter.close();
