import { describe, expect, it } from '@jest/globals';
import { AbortedDuringPause } from '../../../src/core/abortable-sleep.js';
import { RequestGate } from '../../../src/core/rate-limit/request-gate.js';
import type { RateLimitAnswer } from '../../../src/core/rate-limit/attempt-rate-limit.js';
import { instantSleep } from '../../helpers/test-kit.js';
import { silentLogger } from '../../../src/core/logging.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const ticks = async (n = 3) => {
  for (let i = 0; i < n; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};

const answer = (headers: Record<string, string>, status = 200): RateLimitAnswer => ({
  status,
  headers: new Headers(headers),
  retryAfter: undefined,
  pausesEveryRequest: status === 429,
});
const spent = answer({ 'ratelimit-remaining': '0', 'ratelimit-reset': '7' });

describe('RequestGate', () => {
  it('lets requests through without an await while nothing holds it', () => {
    const gate = new RequestGate({ sleep: instantSleep });
    expect(gate.wait()).toBeUndefined();
    expect(gate.held).toBe(false);
  });

  it('holds every request until the pause of a 429 is over', async () => {
    const gate = new RequestGate({ sleep: instantSleep });
    const pause = deferred();
    gate.hold(pause.promise);
    let passed = 0;
    const waits = [gate.wait(), gate.wait()].map((w) => w?.then(() => (passed += 1)));
    await ticks();
    expect(passed).toBe(0);
    pause.resolve();
    await Promise.all(waits);
    expect(passed).toBe(2);
    expect(gate.wait()).toBeUndefined();
  });

  it('is released by a pause that ends in an abort, and lets a waiter leave on its own abort', async () => {
    const gate = new RequestGate({ sleep: instantSleep });
    const pause = deferred();
    gate.hold(pause.promise.then(() => Promise.reject(new Error('aborted'))));
    const controller = new AbortController();
    const leaving = gate.wait(controller.signal);
    controller.abort('stop');
    await expect(leaving).rejects.toBeInstanceOf(AbortedDuringPause);
    pause.resolve();
    await ticks();
    expect(gate.held).toBe(false);
  });

  it('ignores a spent budget while no concurrent reader is open (one request at a time stays as it was)', () => {
    const gate = new RequestGate({ sleep: instantSleep });
    gate.afterResponse(spent);
    expect(gate.wait()).toBeUndefined();
    const ended = gate.concurrentReader();
    ended();
    gate.afterResponse(spent);
    expect(gate.wait()).toBeUndefined();
  });

  it('holds every request until the reset when a response says the budget is spent', async () => {
    let now = 1_000_000;
    const sleeps: number[] = [];
    const slept = deferred();
    const gate = new RequestGate({
      now: () => now,
      sleep: (seconds: number) => {
        sleeps.push(seconds);
        return slept.promise;
      },
    });
    const ended = gate.concurrentReader();
    gate.afterResponse(spent);
    now += 2000;
    let passed = 0;
    const waits = [gate.wait(), gate.wait(), gate.wait()].map((w) => w?.then(() => (passed += 1)));
    await ticks();
    expect(sleeps).toEqual([5]);
    expect(passed).toBe(0);
    slept.resolve();
    await Promise.all(waits);
    expect(passed).toBe(3);
    expect(gate.wait()).toBeUndefined();
    ended();
  });

  it('ends the shared budget pause when every waiter has left', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const gate = new RequestGate({
      sleep: (_seconds: number, signal?: AbortSignal) => {
        signals.push(signal);
        return new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
      },
    });
    const ended = gate.concurrentReader();
    gate.afterResponse(spent);
    const controller = new AbortController();
    const waiting = gate.wait(controller.signal);
    await ticks();
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedDuringPause);
    expect(signals[0]?.aborted).toBe(true);
    ended();
  });

  it('as a rate limit: waits as `wait` says, asks nothing after a 429, and holds while its pause runs', async () => {
    let now = 5_000;
    const gate = new RequestGate({ sleep: instantSleep, now: () => now });
    const asking = { method: 'GET', url: 'https://api.example/users', attempt: 1, log: silentLogger };
    expect(gate.beforeAttempt(asking, undefined)).toBeUndefined();
    expect(gate.rateLimited()).toBeUndefined();
    const pause = deferred();
    gate.whilePausing(pause.promise, 8);
    const waiting = gate.beforeAttempt(asking, undefined);
    expect(waiting).toBeInstanceOf(Promise);
    expect(gate.view()).toEqual({ paused: true, pausedUntil: 13_000 });
    now += 9_000;
    expect(gate.view()).toEqual({ paused: true, pausedUntil: undefined });
    pause.resolve();
    await waiting;
    expect(gate.view()).toEqual({ paused: false });
  });

  it('keeps the last rate-limit headers seen, and their reset, in its view (a frozen copy)', () => {
    let now = 1_000;
    const gate = new RequestGate({ sleep: instantSleep, now: () => now });
    expect(
      gate.afterResponse(answer({ 'ratelimit-limit': '960', 'ratelimit-remaining': '959', 'ratelimit-reset': '60' })),
    ).toBeUndefined();
    const first = gate.view();
    expect(first).toEqual({ limit: 960, remaining: 959, resetAt: 61_000, paused: false });
    expect(Object.isFrozen(first)).toBe(true);
    now = 2_000;
    gate.afterResponse(answer({ 'ratelimit-remaining': '958' }));
    gate.afterResponse(answer({}));
    expect(gate.view()).toEqual({ limit: 960, remaining: 958, resetAt: 61_000, paused: false });
  });

  it('while a concurrent reader runs, says until when a spent budget holds it', () => {
    const now = 1_000;
    const gate = new RequestGate({ sleep: instantSleep, now: () => now });
    const ended = gate.concurrentReader();
    gate.afterResponse(spent);
    expect(gate.view()).toEqual({ remaining: 0, resetAt: 8_000, paused: true, pausedUntil: 8_000 });
    ended();
    ended();
    expect(gate.view()).toEqual({ remaining: 0, resetAt: 8_000, paused: false });
  });
});
