/**
 * The Redis limiter in one process: in memory (fake clock) while Redis cannot answer,
 * against a real `redis-server` two limiters share a budget and a pause, and after Redis
 * comes back they share again.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  CONNECTION_OPTIONS,
  createRedisRateLimiter,
  RedisRateLimiter,
} from '../../src/rate-limit-redis/redis-rate-limiter.js';
import { BUDGET_SCRIPT, decodeScriptReply, scriptArguments } from '../../src/rate-limit-redis/budget-script.js';
import {
  acquireStep,
  initialBudget,
  pauseStep,
  reportStep,
  type BudgetState,
} from '../../src/rate-limit-redis/shared-budget.js';
import type { RateLimitReport } from '../../src/core/rate-limit/rate-limiter.js';
import { recordingLogger } from '../helpers/test-kit.js';
import { redisSkipReason, startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const key = { id: 'hash-of-a-key' };

/** A budget without its times, which Redis's clock and this process's read a moment apart. */
function twinRestOf(
  state: BudgetState,
): Omit<BudgetState, 'windowEnd' | 'pausedUntil' | 'resetAt' | 'nextEnd' | 'previousEnd'> {
  const { windowEnd, pausedUntil, resetAt, nextEnd, previousEnd, ...rest } = state;
  void [windowEnd, pausedUntil, resetAt, nextEnd, previousEnd];
  return rest;
}

/** A sleep that records each wait and then stops the acquire (so no test waits for real). */
function stoppingSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      throw new Error('stopped waiting');
    },
  };
}

describe('while Redis cannot answer', () => {
  /** A client that never connected (lazy): every step runs in memory. */
  const unconnected = (): Redis => new Redis('redis://127.0.0.1:1', { ...CONNECTION_OPTIONS });

  it('paces in memory with the configured budget and warns once', async () => {
    const logger = recordingLogger();
    const { waits, sleep } = stoppingSleep();
    const limiter = new RedisRateLimiter(unconnected(), true, {
      points: 2,
      durationMs: 5000,
      logger,
      now: () => 1000,
      sleep,
    });
    await limiter.acquire(key);
    await limiter.acquire(key);
    await expect(limiter.acquire(key)).rejects.toThrow('stopped waiting');
    expect(waits).toEqual([5000]);
    expect(limiter.degraded).toBe(true);
    expect(logger.lines.warn).toEqual([expect.stringMatching(/^rate limit: Redis unreachable \(connection wait\)/)]);
    expect(limiter.state(key)).toEqual({ paused: true, pausedUntil: 6000 });
    await limiter.close();
  });

  it("follows the server's headers and pauses on a 429, in memory too", async () => {
    let now = 0;
    const { waits, sleep } = stoppingSleep();
    const limiter = new RedisRateLimiter(unconnected(), true, { now: () => now, sleep });
    await limiter.acquire(key);
    await limiter.report({ key, status: 429, limit: 10, remaining: 0, resetSeconds: 3, retryAfterSeconds: 3 });
    now = 1000;
    await expect(limiter.acquire(key)).rejects.toThrow('stopped waiting');
    expect(waits).toEqual([2000]);
    await limiter.pause(key, 10_000);
    expect(limiter.state(key)).toMatchObject({ limit: 10, remaining: 0, paused: true, pausedUntil: 10_000 });
    await limiter.close();
  });

  it('rejects a waiting acquire with the signal’s reason', async () => {
    const limiter = new RedisRateLimiter(unconnected(), true, { points: 1, now: () => 0 });
    await limiter.acquire(key);
    const controller = new AbortController();
    const waiting = limiter.acquire(key, controller.signal);
    controller.abort(new Error('caller gave up'));
    await expect(waiting).rejects.toThrow('caller gave up');
    await limiter.close();
  });

  it('refuses a bad budget before anything is sent', () => {
    expect(() => new RedisRateLimiter(unconnected(), true, { points: 0 })).toThrow(RangeError);
    expect(() => new RedisRateLimiter(unconnected(), true, { durationMs: 1.5 })).toThrow(
      'durationMs must be a whole number >= 1, got 1.5',
    );
  });
});

const skip = redisSkipReason();

describe(`against a real redis-server${skip}`, () => {
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    if (!skip) redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  const run = skip ? it.skip : it;

  run('the Lua script takes the same steps as the in-memory twin', async () => {
    const probe = new Redis(redis!.url);
    const redisKey = `${randomUUID()}:twin`;
    const config = { points: 3, durationMs: 60_000 };
    let twin: BudgetState = initialBudget(config);
    const cap = 60_000;
    const steps: Array<{ op: 'acquire' } | { op: 'report'; report: RateLimitReport } | { op: 'pause'; forMs: number }> =
      [
        { op: 'acquire' },
        { op: 'acquire' },
        { op: 'report', report: { key, status: 200, limit: 4, remaining: 3, resetSeconds: 5 } },
        { op: 'acquire' },
        { op: 'report', report: { key, status: 200, limit: 4, remaining: 1, resetSeconds: 5 } },
        { op: 'acquire' },
        { op: 'acquire' },
        { op: 'report', report: { key, status: 429, limit: 4, remaining: 0, resetSeconds: 4, retryAfterSeconds: 4 } },
        { op: 'acquire' },
        // The server's next window (its reset half a window past this one's end), then a limit of 0 and absurd times.
        { op: 'report', report: { key, status: 200, limit: 4, remaining: 2, resetSeconds: 12 } },
        { op: 'report', report: { key, status: 200, limit: 0, remaining: 0, resetSeconds: 1e9 } },
        { op: 'pause', forMs: 1e9 },
        { op: 'report', report: { key, status: 200 } },
      ];
    let slowest = 0;
    for (const step of steps) {
      const now = Date.now();
      const reply = await probe.eval(BUDGET_SCRIPT, 1, redisKey, ...scriptArguments(config, cap, step));
      // Redis read its clock somewhere in the round trip: the times can differ by that much.
      slowest = Math.max(slowest, Date.now() - now);
      const decoded = decodeScriptReply(reply, now);
      const decision =
        step.op === 'acquire'
          ? acquireStep(twin, now)
          : step.op === 'pause'
            ? { state: pauseStep(twin, now + step.forMs, now, cap), waitMs: 0 }
            : { state: reportStep(twin, step.report, now, cap), waitMs: 0 };
      twin = decision.state;
      const { windowEnd, pausedUntil, resetAt, nextEnd, previousEnd, ...rest } = decoded.state;
      expect(rest).toEqual({
        ...twinRestOf(twin),
      });
      // The times agree to within the slowest round trip so far (each step read the clocks once).
      for (const [ours, theirs] of [
        [windowEnd, twin.windowEnd],
        [pausedUntil, twin.pausedUntil],
        [resetAt, twin.resetAt],
        [nextEnd, twin.nextEnd],
        [previousEnd, twin.previousEnd],
        [decoded.waitMs, decision.waitMs],
      ]) {
        expect(Math.abs((ours ?? 0) - (theirs ?? 0))).toBeLessThanOrEqual(2 * slowest + 2);
      }
    }
    // The limit of 0 left the limit as it was, and every time it set stays within the cap.
    expect(twin).toMatchObject({ limit: 4, served: 4, inFlight: 0, confirmed: true, windowMs: cap });
    expect(twin.pausedUntil - Date.now()).toBeLessThanOrEqual(cap);
    probe.disconnect();
  });

  run('two limiters (two connections) draw on one budget and honour one pause', async () => {
    const namespace = randomUUID();
    const stoppedA = stoppingSleep();
    const a = await createRedisRateLimiter({
      url: redis!.url,
      namespace,
      points: 3,
      durationMs: 60_000,
      sleep: stoppedA.sleep,
    });
    const stopped = stoppingSleep();
    const b = await createRedisRateLimiter({
      url: redis!.url,
      namespace,
      points: 3,
      durationMs: 60_000,
      sleep: stopped.sleep,
    });
    await a.acquire(key);
    await a.acquire(key);
    await b.acquire(key);
    await expect(b.acquire(key)).rejects.toThrow('stopped waiting');
    expect(stopped.waits[0]).toBeGreaterThan(58_000);
    // A 429 that one of them met on another key: the other one's next request waits it out.
    const other = { id: 'another-key' };
    await b.report({ key: other, status: 429, retryAfterSeconds: 30 });
    await expect(a.acquire(other)).rejects.toThrow('stopped waiting');
    expect(stoppedA.waits).toEqual([expect.any(Number)]);
    expect(stoppedA.waits[0]).toBeGreaterThan(28_000);
    expect(stoppedA.waits[0]).toBeLessThanOrEqual(30_000);
    expect(a.state(other)).toMatchObject({ paused: true });
    expect(a.degraded || b.degraded).toBe(false);
    await Promise.all([a.close(), b.close()]);
  });

  run('never stores the key itself: only the namespace and the id', async () => {
    const namespace = randomUUID();
    const limiter = await createRedisRateLimiter({ url: redis!.url, namespace });
    await limiter.acquire(key);
    const probe = new Redis(redis!.url);
    expect(await probe.keys(`${namespace}*`)).toEqual([`${namespace}:${key.id}`]);
    expect(await probe.pttl(`${namespace}:${key.id}`)).toBeGreaterThan(0);
    probe.disconnect();
    await limiter.close();
  });

  run(
    'one answer with `ratelimit-limit: 0` and an absurd reset holds the key one window, new processes too',
    async () => {
      const namespace = randomUUID();
      const a = await createRedisRateLimiter({ url: redis!.url, namespace, durationMs: 500 });
      await a.acquire(key);
      await a.report({ key, status: 200, limit: 0, remaining: 0, resetSeconds: 1e9 });
      const stopped = stoppingSleep();
      const late = await createRedisRateLimiter({ url: redis!.url, namespace, durationMs: 500, sleep: stopped.sleep });
      await expect(late.acquire(key)).rejects.toThrow('stopped waiting');
      expect(stopped.waits[0]).toBeLessThanOrEqual(500);
      await new Promise((resolve) => setTimeout(resolve, stopped.waits[0] + 20));
      await late.acquire(key);
      await a.acquire(key);
      expect(stopped.waits).toHaveLength(1);
      expect(a.degraded || late.degraded).toBe(false);
      await Promise.all([a.close(), late.close()]);
    },
  );

  run('a stalled Redis costs one timeout: then every step runs in memory at once until Redis answers', async () => {
    const namespace = randomUUID();
    const logger = recordingLogger();
    const limiter = await createRedisRateLimiter({ url: redis!.url, namespace, commandTimeoutMs: 300, logger });
    await limiter.acquire(key);
    const admin = new Redis(redis!.url);
    // Every connection waits, this one too: the pause ends by itself.
    await admin.call('CLIENT', 'PAUSE', '3000', 'ALL');
    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      await limiter.acquire(key);
      await limiter.report({ key, status: 200, limit: 960, remaining: 900, resetSeconds: 50 });
    }
    // All done while Redis is still paused (waiting out each timeout, 5 steps would fill the pause).
    expect(Date.now() - started).toBeLessThan(2500);
    expect(limiter.degraded).toBe(true);
    expect(logger.lines.warn).toEqual([expect.stringContaining('no answer within 300 ms')]);
    // A probe waits for Redis; the first step after it has answered runs in Redis again.
    for (let i = 0; i < 100 && limiter.degraded; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await limiter.acquire(key);
    }
    expect(limiter.degraded).toBe(false);
    admin.disconnect();
    await limiter.close();
  });

  run('falls back when Redis dies, and shares again once it is back', async () => {
    const namespace = randomUUID();
    const logger = recordingLogger();
    const client = new Redis(redis!.url, { ...CONNECTION_OPTIONS, lazyConnect: false });
    client.on('error', () => {});
    await new Promise((resolve) => client.once('ready', resolve));
    const limiter = await createRedisRateLimiter({ client, namespace, logger, points: 2 });
    await limiter.acquire(key);
    await redis!.kill();
    await limiter.acquire(key);
    expect(limiter.degraded).toBe(true);
    expect(logger.lines.warn).toHaveLength(1);
    await redis!.restart();
    await new Promise((resolve) => client.once('ready', resolve));
    // Back: the step runs in Redis (seeded with what this process knew), and says so once.
    const stopped = stoppingSleep();
    const other = await createRedisRateLimiter({ url: redis!.url, namespace, points: 2, sleep: stopped.sleep });
    await limiter.acquire(key);
    expect(limiter.degraded).toBe(false);
    expect(logger.lines.info).toEqual(['rate limit: Redis answers again; the budget is shared again']);
    await other.acquire(key);
    await expect(other.acquire(key)).rejects.toThrow('stopped waiting');
    await Promise.all([limiter.close(), other.close()]);
    client.disconnect();
  });
});
