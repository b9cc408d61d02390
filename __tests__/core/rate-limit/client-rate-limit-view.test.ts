import { seams } from '../../helpers/test-kit.js';
// client.rateLimit: what the client last saw of its budget, and whether it is holding
// its requests; there with or without a limiter. The legacy sessions take no opt-in.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { APISession } from '../../../src/legacy/index.js';
import type { RateLimitState } from '../../../src/core/rate-limit/rate-limiter.js';
import { API_KEY, BASE, makeClient, recordingLogger } from '../../helpers/test-kit.js';

describe('client.rateLimit', () => {
  it('is empty and not paused before any answer', () => {
    expect(makeClient().rateLimit).toEqual({ paused: false });
  });

  it('shows the last rate-limit headers seen, without a limiter, as a read-only copy', async () => {
    nock(BASE)
      .get('/users')
      .reply(200, { users: [] }, { 'ratelimit-limit': '960', 'ratelimit-remaining': '959', 'ratelimit-reset': '60' })
      .get('/teams')
      .reply(200, { teams: [] }, { 'ratelimit-remaining': '958', 'ratelimit-reset': '59' })
      .get('/services')
      .reply(200, { services: [] });
    const client = makeClient();
    const before = Date.now();
    await client.get('/users');
    const first = client.rateLimit;
    expect(first).toMatchObject({ limit: 960, remaining: 959, paused: false });
    expect(first.resetAt).toBeGreaterThanOrEqual(before + 60_000);
    await client.get('/teams');
    await client.get('/services');
    expect(client.rateLimit).toMatchObject({ limit: 960, remaining: 958, paused: false });
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.remaining).toBe(959);
  });

  it('says paused, and until when, while a 429 holds the client', async () => {
    const during: RateLimitState[] = [];
    nock(BASE)
      .get('/users')
      .reply(429, {}, { 'Retry-After': '8', 'ratelimit-remaining': '0', 'ratelimit-reset': '8' })
      .get('/users')
      .reply(200, { users: [] });
    const client = makeClient({
      ...seams({
        sleep: async () => {
          await Promise.resolve(); // the gate holds once the pause has begun
          during.push(client.rateLimit);
        },
      }),
    });
    const before = Date.now();
    await client.get('/users');
    expect(during).toHaveLength(1);
    expect(during[0].paused).toBe(true);
    expect(during[0].pausedUntil).toBeGreaterThanOrEqual(before + 8000);
    await Promise.resolve();
    expect(client.rateLimit.paused).toBe(false);
  });

  it('leaves the default path as is: a spent budget holds no sequential request, nothing more is logged', async () => {
    const logger = recordingLogger();
    const pauses: number[] = [];
    nock(BASE)
      .get('/users')
      .times(3)
      .reply(200, { users: [] }, { 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '30' });
    const client = makeClient({ logger, ...seams({ sleep: async (seconds) => void pauses.push(seconds) }) });
    for (let index = 0; index < 3; index += 1) await client.get('/users');
    expect(pauses).toEqual([]);
    expect(logger.lines.warn).toEqual([]);
    expect(client.rateLimit.paused).toBe(false);
  });
});

describe('the legacy sessions', () => {
  it('take neither rateLimiter nor onRateLimit: pdpyras had no such options', () => {
    expect(() => new APISession(API_KEY, { onRateLimit: () => true } as never)).toThrow(
      /unknown APISession option "onRateLimit"/,
    );
    expect(() => new APISession(API_KEY, { rateLimiter: {} } as never)).toThrow(
      /unknown APISession option "rateLimiter"/,
    );
  });
});
