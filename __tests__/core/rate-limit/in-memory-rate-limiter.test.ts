import { describe, expect, it } from '@jest/globals';
import {
  InMemoryRateLimiter,
  pacingInterval,
  pauseUntil,
} from '../../../src/core/rate-limit/in-memory-rate-limiter.js';

const key = { id: 'a1b2' };
const other = { id: 'c3d4' };

/** A fake clock and a sleep that moves it (concurrent sleeps overlap), recording each wait in seconds. */
function fakeTime(start = 1_000_000) {
  const time = { now: start, waits: [] as number[] };
  const sleep = async (seconds: number): Promise<void> => {
    time.waits.push(seconds);
    const end = time.now + seconds * 1000;
    await Promise.resolve();
    time.now = Math.max(time.now, end);
  };
  return { time, sleep, now: () => time.now };
}

describe('pauseUntil', () => {
  it('pauses on a 429 by its Retry-After, else its reset, and on a spent budget by its reset', () => {
    expect(pauseUntil({ key, status: 429, retryAfterSeconds: 3, resetSeconds: 9 }, 1000)).toBe(4000);
    expect(pauseUntil({ key, status: 429, resetSeconds: 9 }, 1000)).toBe(10_000);
    expect(pauseUntil({ key, status: 429 }, 1000)).toBeUndefined();
    expect(pauseUntil({ key, status: 200, remaining: 0, resetSeconds: 10 }, 1000)).toBe(11_000);
    expect(pauseUntil({ key, status: 200, remaining: 1, resetSeconds: 10 }, 1000)).toBeUndefined();
    expect(pauseUntil({ key, status: 200, remaining: 0 }, 1000)).toBeUndefined();
  });
});

describe('pacingInterval', () => {
  it('shares what is left of the window by what is left of the budget', () => {
    expect(pacingInterval({ remaining: 10, resetAt: 6000 }, 1000)).toBe(500);
    expect(pacingInterval({ remaining: 0, resetAt: 6000 }, 1000)).toBe(5000);
    expect(pacingInterval({ remaining: 10 }, 1000)).toBe(0);
    expect(pacingInterval({ remaining: 10, resetAt: 1000 }, 1000)).toBe(0);
  });
});

describe('InMemoryRateLimiter', () => {
  it('lets requests go at once while nothing was reported', async () => {
    const { time, sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({ sleep, now });
    await limiter.acquire(key);
    await limiter.report({ key, status: 200, limit: 960, remaining: 959, resetSeconds: 60 });
    await limiter.acquire(key);
    expect(time.waits).toEqual([]);
    expect(limiter.state(key)).toEqual({ limit: 960, remaining: 959, resetAt: time.now + 60_000, paused: false });
    expect(limiter.state(other)).toEqual({ paused: false });
  });

  it('holds every holder of a key after a 429 until its Retry-After, and not the other keys', async () => {
    const { time, sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({ sleep, now });
    const start = time.now;
    await limiter.report({ key, status: 429, retryAfterSeconds: 4, remaining: 0, resetSeconds: 4 });
    expect(limiter.state(key)).toMatchObject({ paused: true, pausedUntil: start + 4000 });
    await limiter.acquire(other);
    expect(time.waits).toEqual([]);
    await limiter.acquire(key);
    expect(time.waits).toEqual([4]);
    expect(limiter.state(key).paused).toBe(false);
    await limiter.acquire(key);
    expect(time.waits).toEqual([4]);
  });

  it('holds a key whose budget is spent until its reset', async () => {
    const { time, sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({ sleep, now });
    await limiter.report({ key, status: 200, limit: 2, remaining: 0, resetSeconds: 7 });
    await Promise.all([limiter.acquire(key), limiter.acquire(key)]);
    expect(time.waits).toEqual([7, 7]);
  });

  it('keeps the longer pause, and waits again when the pause grew during a wait', async () => {
    const { time, sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({
      sleep: async (seconds) => {
        await sleep(seconds);
        // Another holder meets a 429 while this one waits.
        if (time.waits.length === 1) await limiter.pause(key, time.now + 2000);
      },
      now,
    });
    const start = time.now;
    await limiter.pause(key, start + 5000);
    await limiter.pause(key, start + 1000);
    expect(limiter.state(key).pausedUntil).toBe(start + 5000);
    await limiter.acquire(key);
    expect(time.waits).toEqual([5, 2]);
  });

  it('with pacing, spreads the requests over what is left of the window', async () => {
    const { time, sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({ pacing: true, sleep, now });
    await limiter.report({ key, status: 200, limit: 10, remaining: 4, resetSeconds: 2 });
    for (let index = 0; index < 4; index += 1) await limiter.acquire(key);
    // Slots every 0.5 s: the first at once, then each after the previous one.
    expect(time.waits).toEqual([0.5, 0.5, 0.5]);
  });

  it('without pacing, sends a burst until the budget is spent', async () => {
    const { time, sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({ sleep, now });
    await limiter.report({ key, status: 200, limit: 10, remaining: 4, resetSeconds: 2 });
    for (let index = 0; index < 4; index += 1) await limiter.acquire(key);
    expect(time.waits).toEqual([]);
  });

  it("rejects with the signal's reason when it fires while waiting, or had fired", async () => {
    const { now } = fakeTime();
    const waits: (AbortSignal | undefined)[] = [];
    const limiter = new InMemoryRateLimiter({
      sleep: (_seconds, signal) => {
        waits.push(signal);
        return new Promise<void>(() => undefined);
      },
      now,
    });
    await limiter.pause(key, now() + 60_000);
    const controller = new AbortController();
    const waiting = limiter.acquire(key, controller.signal);
    await Promise.resolve();
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(waits).toEqual([controller.signal]);
    await expect(limiter.acquire(other, AbortSignal.abort(new Error('before')))).rejects.toThrow('before');
  });

  it('forgets every budget on close', async () => {
    const { sleep, now } = fakeTime();
    const limiter = new InMemoryRateLimiter({ sleep, now });
    await limiter.pause(key, now() + 5000);
    await limiter.close();
    expect(limiter.state(key)).toEqual({ paused: false });
  });
});
