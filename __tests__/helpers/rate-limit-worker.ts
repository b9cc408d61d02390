/**
 * A child process of the Redis rate-limit tests (run with `node --import tsx`), kept for a
 * whole suite so its start is paid once. Prints `{"ready":true}` once its limiter is
 * connected; then each JSON line on stdin (`{"keyId","baseUrl","apiKey","count"}`) is a run:
 * `count` requests to the emulator one after another, each after acquiring a slot of the
 * shared budget and reporting its answer, retrying a 429 as a client would. Prints one
 * line per answer (`{"status":200,"sentAt":...}`) and `{"finished":true}` after a run; the
 * limiter's warnings go to stderr. Ends when stdin does.
 */
import { createInterface } from 'node:readline';
import { createRedisRateLimiter } from '../../src/rate-limit-redis/index.js';

interface Run {
  keyId: string;
  baseUrl: string;
  apiKey: string;
  count: number;
}

const print = (value: object): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
const header = (response: Response, name: string): number | undefined => {
  const value = response.headers.get(name);
  return value === null ? undefined : Number(value);
};
const stderrLogger = {
  debug: () => {},
  info: (message: string) => void process.stderr.write(`info: ${message}\n`),
  warn: (message: string) => void process.stderr.write(`warn: ${message}\n`),
  error: (message: string) => void process.stderr.write(`error: ${message}\n`),
};

const limiter = await createRedisRateLimiter({ url: process.env.WORKER_REDIS_URL, namespace: process.env.WORKER_NAMESPACE, logger: stderrLogger });

async function run({ keyId, baseUrl, apiKey, count }: Run): Promise<void> {
  const key = { id: keyId };
  for (let i = 0; i < count; ) {
    await limiter.acquire(key);
    const sentAt = Date.now();
    const response = await fetch(`${baseUrl}/users?limit=1`, {
      headers: { authorization: `Token token=${apiKey}`, accept: 'application/vnd.pagerduty+json;version=2' },
    });
    await response.arrayBuffer();
    await limiter.report({
      key,
      status: response.status,
      limit: header(response, 'ratelimit-limit'),
      remaining: header(response, 'ratelimit-remaining'),
      resetSeconds: header(response, 'ratelimit-reset'),
      retryAfterSeconds: header(response, 'retry-after'),
    });
    print({ status: response.status, sentAt });
    if (response.status !== 429) i += 1;
  }
  print({ finished: true });
}

print({ ready: true });
for await (const line of createInterface({ input: process.stdin })) await run(JSON.parse(line) as Run);
await limiter.close();
