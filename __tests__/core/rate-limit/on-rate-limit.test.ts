import { seams } from '../../helpers/test-kit.js';
// The onRateLimit hook: told of every 429 and of every wait for a spent budget; false
// fails the request at once, anything else waits.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpError, RequestAbortedError } from '../../../src/core/errors/error-classes.js';
import { InMemoryRateLimiter } from '../../../src/core/rate-limit/in-memory-rate-limiter.js';
import type { RateLimitInfo } from '../../../src/core/rate-limit/rate-limit-info.js';
import { BASE, makeClient, recordingSleep } from '../../helpers/test-kit.js';

const SPENT = { 'ratelimit-limit': '2', 'ratelimit-remaining': '0', 'ratelimit-reset': '40' };

describe('onRateLimit', () => {
  it('is told of a 429 and the pause ahead; returning false fails at once with the HttpError of the 429', async () => {
    const told: RateLimitInfo[] = [];
    const scope = nock(BASE)
      .get('/users')
      .query(true)
      .reply(429, { error: { message: 'Rate Limit Exceeded', code: 2020 } }, { 'Retry-After': '7' });
    const client = makeClient({ onRateLimit: (info) => (told.push(info), false) });
    const failure = await client.jget('/users', { params: { query: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(429);
    expect((failure as HttpError).message).toMatch(/onRateLimit chose not to wait \(status 429\)/);
    expect(scope.isDone()).toBe(true);
    expect(told).toEqual([
      {
        reason: 'rate-limited',
        method: 'GET',
        url: `${BASE}/users?query=x`,
        attempt: 1,
        retryAfter: 7,
        rateLimit: expect.objectContaining({ paused: false }),
      },
    ]);
  });

  it('fails a low-level request too, rather than returning the 429', async () => {
    nock(BASE).get('/users').reply(429, {}, { 'Retry-After': '1' });
    const client = makeClient({ onRateLimit: async () => false });
    await expect(client.get('/users')).rejects.toThrow(HttpError);
  });

  it('waits and retries when it returns true, nothing, or a promise of either', async () => {
    for (const answer of [true, undefined]) {
      const { pauses, sleep } = recordingSleep();
      let calls = 0;
      nock(BASE).get('/users').reply(429, {}, { 'Retry-After': '3' }).get('/users').reply(200, { users: [] });
      const client = makeClient({
        ...seams({ sleep }),
        onRateLimit: async () => {
          calls += 1;
          return answer;
        },
      });
      expect((await client.get('/users')).status).toBe(200);
      expect([calls, pauses]).toEqual([1, [3]]);
    }
  });

  it('is told when a request would wait for a spent budget; false fails it unsent (RequestAbortedError)', async () => {
    const told: RateLimitInfo[] = [];
    nock(BASE).get('/users').reply(200, { users: [] }, SPENT);
    const later = nock(BASE).get('/teams').reply(200, { teams: [] });
    const client = makeClient({ onRateLimit: (info) => (told.push(info), false) });
    expect((await client.get('/users')).status).toBe(200);
    expect(told).toEqual([]);
    const failure = await client.get('/teams').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestAbortedError);
    expect((failure as Error).message).toMatch(
      new RegExp(
        String.raw`^GET https:\/\/api\.pagerduty\.com\/teams: not sent: ` +
          String.raw`the rate-limit budget is spent until .*onRateLimit chose not to wait$`,
      ),
    );
    expect(later.isDone()).toBe(false);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      reason: 'budget-spent',
      method: 'GET',
      attempt: 1,
      rateLimit: { limit: 2, remaining: 0 },
    });
    expect(told[0].retryAfter).toBeGreaterThan(39);
    expect(told[0].retryAfter).toBeLessThanOrEqual(40);
  });

  it('waits for the reset of a spent budget when it lets the request wait', async () => {
    const { pauses, sleep } = recordingSleep();
    nock(BASE).get('/users').reply(200, { users: [] }, SPENT).get('/teams').reply(200, { teams: [] });
    const client = makeClient({ ...seams({ sleep }), onRateLimit: () => true });
    await client.get('/users');
    expect((await client.get('/teams')).status).toBe(200);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeGreaterThan(39);
  });

  it('is told when the shared limiter holds the key because another client met the limit', async () => {
    let now = Date.now();
    const waits: number[] = [];
    const limiter = new InMemoryRateLimiter({
      now: () => now,
      sleep: async (seconds) => void (waits.push(seconds), (now += seconds * 1000)),
    });
    const told: RateLimitInfo[] = [];
    nock(BASE).get('/users').reply(200, { users: [] }, SPENT).get('/teams').reply(200, { teams: [] });
    await makeClient({ rateLimiter: limiter }).get('/users');
    const other = makeClient({ rateLimiter: limiter, onRateLimit: (info) => void told.push(info) });
    expect((await other.get('/teams')).status).toBe(200);
    expect(told.map((info) => info.reason)).toEqual(['budget-spent']);
    expect(told[0].retryAfter).toBeCloseTo(40, 0);
    expect(waits).toEqual([40]);
  });
});
