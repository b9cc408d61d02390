/**
 * A child process of the window-phase tests (run with `node --import tsx`), kept for a
 * whole suite. Its Redis limiter (`WORKER_REDIS_URL`, `WORKER_NAMESPACE`, window
 * `WORKER_DURATION_MS`) serves every job; prints `{"ready":true}` once connected. Each JSON
 * line on stdin (`{"job","keyId","baseUrl","apiKey","loops","stopAt"}`) starts a job at once:
 * `loops` clients' worth of `GET /users`, one after another in each loop, until `stopAt`
 * (epoch ms; a request still waiting for the budget then is not sent). Prints
 * `{"job","answered":n}` when a job ends. Ends when stdin does.
 */
import { createInterface } from 'node:readline';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import type { RateLimiter } from '../../src/core/rate-limit/rate-limiter.js';
import { createRedisRateLimiter } from '../../src/rate-limit-redis/index.js';

interface Job {
  job: string;
  keyId: string;
  baseUrl: string;
  apiKey: string;
  loops: number;
  stopAt: number;
}

const print = (value: object): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
const quiet = {
  debug: () => {},
  info: () => {},
  warn: (m: string) => void process.stderr.write(`${m}\n`),
  error: () => {},
};

const limiter = await createRedisRateLimiter({
  url: process.env.WORKER_REDIS_URL,
  namespace: process.env.WORKER_NAMESPACE,
  durationMs: Number(process.env.WORKER_DURATION_MS),
  logger: quiet,
});

/** The shared limiter with the job's key id in place of the key's hash. */
function keyed(id: string): RateLimiter {
  const key = { id };
  return {
    acquire: (_key, signal) => limiter.acquire(key, signal),
    report: (report) => limiter.report({ ...report, key }),
    pause: (_key, untilMs) => limiter.pause(key, untilMs),
    state: () => limiter.state(key),
  };
}

async function loop(client: RestApiV2Client, signal: AbortSignal): Promise<number> {
  let answered = 0;
  while (!signal.aborted) {
    try {
      await client.rget('/users', { params: { limit: 1 }, signal });
      answered += 1;
    } catch {
      if (!signal.aborted) throw new Error('a request failed before the job ended');
    }
  }
  return answered;
}

async function run({ job, keyId, baseUrl, apiKey, loops, stopAt }: Job): Promise<void> {
  const client = new RestApiV2Client(apiKey, { baseUrl, logger: quiet, rateLimiter: keyed(keyId), sleepTimer: 0.5 });
  const signal = AbortSignal.timeout(Math.max(0, stopAt - Date.now()));
  const counts = await Promise.all(Array.from({ length: loops }, () => loop(client, signal)));
  client.close();
  print({ job, answered: counts.reduce((sum, count) => sum + count, 0) });
}

print({ ready: true });
const jobs: Array<Promise<void>> = [];
for await (const line of createInterface({ input: process.stdin })) jobs.push(run(JSON.parse(line) as Job));
await Promise.all(jobs);
await limiter.close();
