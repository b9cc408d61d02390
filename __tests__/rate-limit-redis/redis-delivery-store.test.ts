// The Redis delivery store against a real redis-server: the same contract as the in-memory store
// (memory-delivery-store.test.ts), atomic across connections, and a webhook handler on it that
// fails closed (503, onEvent not run) while Redis is down.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { createRedisDeliveryStore, type RedisDeliveryStore } from '../../src/rate-limit-redis/index.js';
import { CONNECTION_OPTIONS } from '../../src/rate-limit-redis/redis-connection.js';
import { createFetchWebhookHandler } from '../../src/core/webhooks/fetch-webhook-handler.js';
import { signWebhookBody } from '../../src/core/webhooks/verify-signature.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';
import { realSockets } from '../helpers/test-kit.js';
import { deliveryBody } from '../core/webhooks/webhook-server.js';

const skip = redisSkipReason();
const run = skip ? it.skip : it;
const SECRET = 'whsec-redis';

describe(`RedisDeliveryStore against a real redis-server${skip}`, () => {
  let redis: TestRedis;
  const stores: RedisDeliveryStore[] = [];
  let namespace = 0;

  beforeAll(async () => {
    realSockets();
    if (skip) return;
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis?.stop();
  });

  /** Two stores on two connections with one fresh namespace: two replicas. */
  async function replicas(): Promise<[RedisDeliveryStore, RedisDeliveryStore]> {
    namespace += 1;
    const made = await Promise.all(
      [0, 1].map(() => createRedisDeliveryStore({ url: redis.url, namespace: `test-${namespace}` })),
    );
    stores.push(...made);
    return made as [RedisDeliveryStore, RedisDeliveryStore];
  }

  run('lends a claim to one holder at a time across all the keys of a delivery, then says done', async () => {
    const [a, b] = await replicas();
    expect(await a.claim(['event E', 'webhook W1'], 'A', 10_000)).toBe('claimed');
    expect(await b.claim(['event E', 'webhook W2'], 'B', 10_000)).toBe('busy');
    expect(await b.claim(['event F', 'webhook W1'], 'B', 10_000)).toBe('busy');
    expect(await b.claim(['webhook W2'], 'C', 10_000)).toBe('claimed');
    await a.finish(['event E', 'webhook W1'], 'A', 60_000);
    expect(await b.claim(['event E', 'webhook W9'], 'B', 10_000)).toBe('done');
    expect(await b.claim(['webhook W1'], 'B', 10_000)).toBe('done');
  });

  run('releases only its own claim', async () => {
    const [a, b] = await replicas();
    await a.claim(['event E'], 'A', 10_000);
    await b.release(['event E'], 'B');
    expect(await b.claim(['event E'], 'B', 10_000)).toBe('busy');
    await a.release(['event E'], 'A');
    expect(await b.claim(['event E'], 'B', 10_000)).toBe('claimed');
  });

  run('gives one claim to exactly one of 50 holders claiming at once', async () => {
    const [a, b] = await replicas();
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 ? a : b).claim(['event E', `webhook W${index}`], `H${index}`, 10_000),
      ),
    );
    expect(claims.filter((claim) => claim === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim === 'busy')).toHaveLength(49);
  });

  run('lets the claim and the done mark expire in Redis (PX)', async () => {
    const [a, b] = await replicas();
    // Expiry is Redis's clock: short periods, checked by asking Redis for the time left.
    await a.claim(['event E'], 'A', 5_000);
    await a.finish(['event F'], 'A', 7_000);
    const direct = new Redis(redis.url);
    try {
      const [claimTtl, doneTtl] = await Promise.all([
        direct.pttl(`test-${namespace}:event E`),
        direct.pttl(`test-${namespace}:event F`),
      ]);
      expect(claimTtl).toBeGreaterThan(4_000);
      expect(claimTtl).toBeLessThanOrEqual(5_000);
      expect(doneTtl).toBeGreaterThan(6_000);
      expect(doneTtl).toBeLessThanOrEqual(7_000);
      await direct.pexpire(`test-${namespace}:event E`, 1);
      await new Promise<void>((resolve) => setImmediate(resolve));
      while ((await direct.exists(`test-${namespace}:event E`)) === 1) await new Promise<void>((r) => setImmediate(r));
      expect(await b.claim(['event E'], 'B', 5_000)).toBe('claimed');
    } finally {
      direct.disconnect();
    }
  });

  run('answers 503 without running onEvent while Redis is down, and runs the event once when it is back', async () => {
    const client = new Redis(redis.url, CONNECTION_OPTIONS);
    client.on('error', () => undefined);
    await client.connect();
    const store = await createRedisDeliveryStore({ client, namespace: 'test-down' });
    let calls = 0;
    const errors: unknown[] = [];
    const handler = createFetchWebhookHandler({
      secrets: SECRET,
      store,
      onEvent: () => void (calls += 1),
      onError: (error) => void errors.push(error),
    });
    const body = deliveryBody();
    const deliver = () =>
      handler(
        new Request('http://receiver.test/', {
          method: 'POST',
          body,
          headers: { 'x-pagerduty-signature': signWebhookBody(body, SECRET), 'x-webhook-id': 'W1' },
        }),
      );
    try {
      await redis.kill();
      const down = await deliver();
      expect([down.status, (await down.text()).trim(), calls]).toEqual([503, 'store-unavailable', 0]);
      expect(errors.length).toBeGreaterThan(0);
      await redis.restart();
      await new Promise((resolve) => client.once('ready', resolve));
      // PagerDuty (the test) retries: the event runs once, and its next repeat is a duplicate.
      const back = await deliver();
      expect([back.status, (await back.text()).trim(), calls]).toEqual([200, 'ok', 1]);
      expect(await (await deliver()).text()).toBe('duplicate\n');
      expect(calls).toBe(1);
    } finally {
      client.disconnect();
    }
  });

  run('refuses a commandTimeoutMs that is not above 0', async () => {
    await expect(createRedisDeliveryStore({ url: redis.url, commandTimeoutMs: 0 })).rejects.toThrow(RangeError);
  });
});
