// A client with a `rateLimiter` on a runtime without node:crypto (a page, a worker): the credential's hash comes
// from Web Crypto, asynchronously, and the limiter sees the same key as on Node, from the first attempt on.
import { createHash, webcrypto } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import nock from 'nock';
import { InMemoryRateLimiter } from '../../../src/core/rate-limit/in-memory-rate-limiter.js';
import type { RateLimiter, RateLimitKey, RateLimitReport } from '../../../src/core/rate-limit/rate-limiter.js';
import { API_KEY, BASE, makeClient, seams } from '../../helpers/test-kit.js';

const KEY_ID = createHash('sha256').update(API_KEY).digest('hex');

describe('a client with a rateLimiter where only Web Crypto hashes', () => {
  beforeEach(() => {
    // As in a page: no node:crypto (the transport still gets Node's agents).
    const builtin = process.getBuiltinModule.bind(process);
    jest
      .spyOn(process, 'getBuiltinModule')
      .mockImplementation(((id: string) => (id === 'node:crypto' ? undefined : builtin(id))) as never);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('acquires, reports and pauses under the same hash of the key as on Node', async () => {
    const keys: RateLimitKey[] = [];
    const reports: RateLimitReport[] = [];
    const limiter: RateLimiter = {
      acquire: async (key) => void keys.push(key),
      report: async (report) => void reports.push(report),
      pause: async (key) => void keys.push(key),
      state: () => ({ paused: false }),
    };
    const digest = jest.spyOn(webcrypto.subtle, 'digest');
    nock(BASE).get('/users').reply(429, {}, { 'Retry-After': '2' }).get('/users').reply(200, { users: [] });
    const client = makeClient({ rateLimiter: limiter, ...seams({ sleep: async () => undefined }) });
    expect((await client.get('/users')).status).toBe(200);
    expect(digest).toHaveBeenCalledTimes(1);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys.map((key) => key.id))).toEqual(new Set([KEY_ID]));
    expect(reports.map((report) => [report.key.id, report.status])).toEqual([
      [KEY_ID, 429],
      [KEY_ID, 200],
    ]);
  });

  it("shows the shared limiter's pause in rateLimit once Web Crypto has hashed the key", async () => {
    const digest = await webcrypto.subtle.digest('SHA-256', new TextEncoder().encode(API_KEY));
    let answer: (value: ArrayBuffer) => void = () => undefined;
    jest.spyOn(webcrypto.subtle, 'digest').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const shared = new InMemoryRateLimiter();
    await shared.pause({ id: KEY_ID }, Date.now() + 60_000);
    const client = makeClient({ rateLimiter: shared });
    expect(client.rateLimit.paused).toBe(false);
    answer(digest);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.rateLimit.paused).toBe(true);
  });
});
