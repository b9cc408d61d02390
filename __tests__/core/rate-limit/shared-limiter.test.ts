// A client with a `rateLimiter`: it asks before every attempt, tells after every answer,
// shares pauses with the other holders, and never fails a request because the limiter did.
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { InMemoryRateLimiter } from '../../../src/core/rate-limit/in-memory-rate-limiter.js';
import type { RateLimiter, RateLimitKey, RateLimitReport } from '../../../src/core/rate-limit/rate-limiter.js';
import { RequestAbortedError } from '../../../src/core/errors/error-classes.js';
import { API_KEY, BASE, makeClient, recordingLogger } from '../../helpers/test-kit.js';

const KEY_ID = createHash('sha256').update(API_KEY).digest('hex');
const LIMITS = { 'ratelimit-limit': '960', 'ratelimit-remaining': '958', 'ratelimit-reset': '30' };

/** A limiter that lets everything through and records every call. */
function recordingLimiter() {
  const calls: string[] = [];
  const keys: RateLimitKey[] = [];
  const reports: RateLimitReport[] = [];
  const limiter: RateLimiter = {
    acquire: async (key) => void (calls.push('acquire'), keys.push(key)),
    report: async (report) => void (calls.push(`report ${report.status}`), reports.push(report)),
    pause: async (key) => void (calls.push('pause'), keys.push(key)),
    state: () => ({ paused: false }),
  };
  return { limiter, calls, keys, reports };
}

/** A fake clock, and a sleep that moves it and records each wait in seconds. */
function fakeTime() {
  const time = { now: Date.UTC(2024, 5, 1), waits: [] as number[] };
  const sleep = async (seconds: number): Promise<void> => {
    time.waits.push(seconds);
    time.now += seconds * 1000;
  };
  return { time, sleep, now: () => time.now };
}

describe('a client with a rateLimiter', () => {
  it('acquires before every attempt and reports every answer, under a hash of the key', async () => {
    const { limiter, calls, keys, reports } = recordingLimiter();
    nock(BASE)
      .get('/users')
      .reply(503)
      .get('/users')
      .reply(429, {}, { 'Retry-After': '2' })
      .get('/users')
      .reply(200, { users: [] }, LIMITS);
    const client = makeClient({ rateLimiter: limiter, retry: { 503: 1 } });
    expect((await client.get('/users')).status).toBe(200);
    expect(calls).toEqual(['acquire', 'report 503', 'acquire', 'report 429', 'pause', 'acquire', 'report 200']);
    expect(new Set(keys.map((key) => key.id))).toEqual(new Set([KEY_ID]));
    expect(reports[1]).toEqual({ key: { id: KEY_ID }, status: 429, retryAfterSeconds: 2 });
    expect(reports[2]).toEqual({
      key: { id: KEY_ID },
      status: 200,
      limit: 960,
      remaining: 958,
      resetSeconds: 30,
      retryAfterSeconds: undefined,
    });
    expect(JSON.stringify(reports)).not.toContain(API_KEY);
  });

  it("holds another client sharing the limiter after one client's 429, until its Retry-After", async () => {
    const { time, sleep, now } = fakeTime();
    const shared = new InMemoryRateLimiter({ sleep, now });
    const first = makeClient({ rateLimiter: shared, retry: { 429: 0 } });
    const second = makeClient({ rateLimiter: shared });
    nock(BASE)
      .get('/users')
      .reply(429, {}, { 'Retry-After': '5', 'ratelimit-remaining': '0', 'ratelimit-reset': '5' })
      .get('/teams')
      .reply(200, { teams: [] });
    expect((await first.get('/users')).status).toBe(429);
    expect(second.rateLimit.paused).toBe(true);
    expect(time.waits).toEqual([]);
    expect((await second.get('/teams')).status).toBe(200);
    expect(time.waits).toEqual([5]);
    expect(second.rateLimit.paused).toBe(false);
  });

  it('falls back to its own pacing when the limiter fails, warns once, and never fails the request', async () => {
    const down = new Error(`connect ECONNREFUSED (auth ${API_KEY})`);
    const failing: RateLimiter = {
      acquire: async () => Promise.reject(down),
      report: async () => Promise.reject(down),
      pause: async () => Promise.reject(down),
      state: () => {
        throw down;
      },
    };
    const logger = recordingLogger();
    nock(BASE)
      .get('/users')
      .reply(429, {}, { 'Retry-After': '1' })
      .get('/users')
      .times(2)
      .reply(200, { users: [] }, LIMITS);
    const client = makeClient({ rateLimiter: failing, logger });
    expect((await client.get('/users')).status).toBe(200);
    expect((await client.get('/users')).status).toBe(200);
    const warnings = logger.lines.warn.filter((line) => line.includes('rate limiter failed'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('ECONNREFUSED');
    expect(warnings[0]).not.toContain(API_KEY);
    expect(client.rateLimit).toEqual({ limit: 960, remaining: 958, resetAt: expect.any(Number), paused: false });
  });

  it('fails as an abort when the signal fires while the limiter holds the request, sending nothing', async () => {
    const shared = new InMemoryRateLimiter({ sleep: () => new Promise<void>(() => undefined) });
    const client = makeClient({ rateLimiter: shared });
    await shared.pause({ id: KEY_ID }, Date.now() + 60_000);
    const scope = nock(BASE).get('/users').reply(200, { users: [] });
    const controller = new AbortController();
    const request = client.get('/users', { signal: controller.signal });
    setImmediate(() => controller.abort(new Error('stop')));
    await expect(request).rejects.toThrow(RequestAbortedError);
    await expect(request).rejects.toThrow(/aborted by the caller's signal/);
    expect(scope.isDone()).toBe(false);
  });

  it('fails as an abort even when the limiter does not heed the signal', async () => {
    const deaf: RateLimiter = { ...recordingLimiter().limiter, acquire: () => new Promise<void>(() => undefined) };
    const scope = nock(BASE).get('/users').reply(200, { users: [] });
    const controller = new AbortController();
    const request = makeClient({ rateLimiter: deaf }).get('/users', { signal: controller.signal });
    setImmediate(() => controller.abort(new Error('stop')));
    await expect(request).rejects.toThrow(RequestAbortedError);
    expect(scope.isDone()).toBe(false);
  });

  it('refuses a rateLimiter that is not one', () => {
    expect(() => makeClient({ rateLimiter: {} as RateLimiter })).toThrow(/rateLimiter must be an object with acquire/);
    expect(() => makeClient({ onRateLimit: 'no' as never })).toThrow(/onRateLimit must be a function, got string/);
  });
});
