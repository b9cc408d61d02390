/** `pagerduty api` with `PAGERDUTY_REDIS_URL` / `--redis-url`: runs on one key share its rate limit through Redis. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator } from '../../../src/emulator/index.js';
import { runCli } from '../cli-harness.js';
import { realSockets } from '../../helpers/test-kit.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

beforeAll(realSockets);

const skip = redisSkipReason();

describe('pagerduty api and a Redis it cannot reach', () => {
  it('warns once on stderr and still answers (paced by itself)', async () => {
    await using emulator = await startEmulator({ seedUsers: 3 });
    const result = await runCli(
      ['api', '/users', '--paginate', '--redis-url', 'redis://127.0.0.1:1', '--base-url', emulator.url],
      {
        PAGERDUTY_API_KEY: emulator.keys.account,
      },
    );
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(3);
    expect(result.stderr.match(/Redis unreachable/g)).toHaveLength(1);
  });

  it('refuses a URL that is not redis:// before any request', async () => {
    await using emulator = await startEmulator({ seedUsers: 1 });
    const result = await runCli(['api', '/users', '--base-url', emulator.url], {
      PAGERDUTY_API_KEY: emulator.keys.account,
      PAGERDUTY_REDIS_URL: 'localhost:6379',
    });
    expect([result.status, result.stderr]).toEqual([
      2,
      expect.stringMatching(/the Redis URL must start with redis:\/\//),
    ]);
    expect(emulator.requests).toHaveLength(0);
  });
});

describe(`pagerduty api --paginate runs sharing a key through PAGERDUTY_REDIS_URL${skip}`, () => {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    if (!skip) redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  (skip ? it.skip : it)('stay within the budget together: every page read once, no 429', async () => {
    await using emulator = await startEmulator({ seedUsers: 6, rateLimit: 4, rateLimitWindow: 1 });
    const env = { PAGERDUTY_API_KEY: emulator.keys.account, PAGERDUTY_REDIS_URL: redis!.url };
    const args = ['api', '/users', '--paginate', '-F', 'limit=2', '--base-url', emulator.url];
    const runs = await Promise.all([runCli(args, env), runCli(args, env)]);
    for (const run of runs) {
      expect([run.status, run.stderr]).toEqual([0, '']);
      expect(run.stdout.trim().split('\n')).toHaveLength(6);
    }
    const statuses = emulator.requests.map((request) => request.status);
    expect(statuses.length).toBeGreaterThan(4);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
