import { seams } from '../../helpers/test-kit.js';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { RestApiV2Client } from '../../../src/index.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { KeyRateLimit, rateLimitHeaders } from '../../../src/emulator/faults/key-rate-limit.js';
import { realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

describe('KeyRateLimit', () => {
  it('allows the budget of a key per minute, counting from its first request', () => {
    const limiter = new KeyRateLimit(2);
    expect(limiter.take('k', 0)).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 60 });
    expect(limiter.take('k', 1500)).toEqual({ allowed: true, limit: 2, remaining: 0, reset: 59 });
    expect(limiter.take('k', 30_000)).toEqual({ allowed: false, limit: 2, remaining: 0, reset: 30 });
    expect(limiter.take('other', 30_000).allowed).toBe(true);
    expect(limiter.take('k', 59_999)).toEqual({ allowed: false, limit: 2, remaining: 0, reset: 1 });
    expect(limiter.take('k', 60_000)).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 60 });
  });

  it('refuses a budget that is not a positive whole number', () => {
    expect(() => new KeyRateLimit(0)).toThrow(RangeError);
    expect(() => new KeyRateLimit(1.5)).toThrow(RangeError);
  });

  it('counts over a window of the given seconds, and refuses one that is not a whole number >= 1', () => {
    const limiter = new KeyRateLimit(2, 10);
    expect(limiter.windowSeconds).toBe(10);
    expect(limiter.take('k', 0)).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 10 });
    expect(limiter.take('k', 2500)).toEqual({ allowed: true, limit: 2, remaining: 0, reset: 8 });
    expect(limiter.take('k', 9000)).toEqual({ allowed: false, limit: 2, remaining: 0, reset: 1 });
    expect(limiter.take('k', 10_000)).toEqual({ allowed: true, limit: 2, remaining: 1, reset: 10 });
    expect(new KeyRateLimit(2).windowSeconds).toBe(60);
    for (const bad of [0, 0.5, -1, Number.NaN]) expect(() => new KeyRateLimit(2, bad)).toThrow(/rateLimitWindow/);
  });

  it('names the budget in headers, and the wait in Retry-After when refused', () => {
    expect(rateLimitHeaders({ allowed: true, limit: 5, remaining: 4, reset: 60 })).toEqual({
      'ratelimit-limit': '5',
      'ratelimit-remaining': '4',
      'ratelimit-reset': '60',
    });
    expect(rateLimitHeaders({ allowed: false, limit: 5, remaining: 0, reset: 12 })['Retry-After']).toBe('12');
  });
});

describe('the emulator rate limit', () => {
  it('answers 429 past the budget of a key, with the rate-limit headers, and other keys go on', async () => {
    let clock = Date.UTC(2024, 5, 1);
    await using emulator = await startEmulator({ rateLimit: 2, now: () => new Date(clock) });
    const get = (key: string) =>
      fetch(`${emulator.url}/abilities`, {
        headers: { Authorization: `Token token=${key}`, Accept: 'application/vnd.pagerduty+json;version=2' },
      });
    const first = await get(emulator.keys.account);
    expect([first.status, first.headers.get('ratelimit-limit'), first.headers.get('ratelimit-remaining')]).toEqual([
      200,
      '2',
      '1',
    ]);
    expect((await get(emulator.keys.account)).status).toBe(200);
    clock += 20_000;
    const refused = await get(emulator.keys.account);
    expect([refused.status, refused.headers.get('retry-after'), refused.headers.get('ratelimit-reset')]).toEqual([
      429,
      '40',
      '40',
    ]);
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(2020);
    expect((await get(emulator.keys.users[0].key)).status).toBe(200);
    clock += 40_000;
    expect((await get(emulator.keys.account)).status).toBe(200);
    // Without a budget the headers come all the same (PagerDuty's 960 a minute), and nothing is refused.
    emulator.rateLimit = undefined;
    const free = await get(emulator.keys.account);
    expect([free.status, free.headers.get('ratelimit-limit')]).toEqual([200, '960']);
    expect(Number(free.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(1);
    expect(Number(free.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  });

  it('lets a concurrent reader finish in order: a spent budget pauses the whole client until the reset', async () => {
    let clock = Date.UTC(2024, 5, 1);
    await using emulator = await startEmulator({ seedUsers: 40, rateLimit: 4, now: () => new Date(clock) });
    const sleeps: number[] = [];
    await using client = new RestApiV2Client(emulator.keys.account, {
      baseUrl: emulator.url,
      ...seams({
        sleep: async (seconds) => {
          sleeps.push(seconds);
          clock += seconds * 1000;
        },
      }),
    });
    const sequential = await client.listAll<{ id: string }>('/users', {}, { pageSize: 4 });
    emulator.rateLimit = 4;
    emulator.clearRequests();
    const concurrent = await client.listAll<{ id: string }>('/users', {}, { pageSize: 4, concurrency: 4 });
    expect(concurrent.map((user) => user.id)).toEqual(sequential.map((user) => user.id));
    expect(concurrent).toHaveLength(40);
    const served = emulator.requests.filter((request) => request.status === 200);
    expect(served).toHaveLength(10);
    // The gate pauses the others once the budget is spent: only requests already in flight meet a 429.
    const refused = emulator.requests.filter((request) => request.status === 429);
    expect(refused.length).toBeLessThanOrEqual(3);
    expect(sleeps.length).toBeGreaterThan(0);
  });
});

describe('the emulator latency', () => {
  it('waits the latency before every answer, through the injected delay, and can be changed or refused', async () => {
    const delays: number[] = [];
    await using emulator = await startEmulator({ latency: 50, delay: async (ms) => void delays.push(ms) });
    await using client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url });
    await client.listAll('/users');
    expect(delays).toEqual([50]);
    emulator.latency = 0;
    await client.listAll('/users');
    expect(delays).toEqual([50]);
    expect(() => (emulator.latency = -1)).toThrow(RangeError);
    await expect(startEmulator({ latency: Number.NaN })).rejects.toThrow(RangeError);
    await expect(startEmulator({ rateLimit: 0 })).rejects.toThrow(RangeError);
  });
});
