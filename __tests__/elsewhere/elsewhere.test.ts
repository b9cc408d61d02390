/**
 * Under the non-`node` export conditions the Node-only entry points resolve to modules of the same names that
 * throw: a bundler finds every name it imports, and the user reads why at the first use.
 */
import { describe, expect, it } from '@jest/globals';
import * as emulator from '../../src/emulator/index.js';
import * as emulatorElsewhere from '../../src/elsewhere/emulator.js';
import * as redis from '../../src/rate-limit-redis/index.js';
import * as redisElsewhere from '../../src/elsewhere/rate-limit-redis.js';

const PAGE = { window: { document: {} } };

describe.each([
  ['pagerduty-client/emulator', emulator, emulatorElsewhere],
  ['pagerduty-client/rate-limit-redis', redis, redisElsewhere],
])('%s elsewhere', (_name, real, elsewhere) => {
  it('has the same value names as on Node', () => {
    expect(Object.keys(elsewhere).sort()).toEqual(Object.keys(real).sort());
  });
});

describe('the Node-only entry points elsewhere', () => {
  it('throw an error that says they need Node', async () => {
    const page = globalThis as { window?: unknown; process?: unknown };
    const saved = page.process;
    Object.assign(page, PAGE);
    Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true, writable: true });
    try {
      await expect(emulatorElsewhere.startEmulator()).rejects.toThrow(/the emulator needs Node .*, not a browser/);
      expect(() => emulatorElsewhere.clientTestOptions()).toThrow(/the emulator needs Node/);
      await expect(redisElsewhere.createRedisRateLimiter()).rejects.toThrow(/the Redis rate limiter needs Node/);
      expect(() => new redisElsewhere.RedisRateLimiter()).toThrow(/the Redis rate limiter needs Node/);
    } finally {
      Object.defineProperty(globalThis, 'process', { value: saved, configurable: true, writable: true });
      delete page.window;
    }
  });
});
