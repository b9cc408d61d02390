import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { attemptClock, timersClock } from '../../../src/core/transport/attempt-clock.js';

const realPerformance = process.getBuiltinModule('node:perf_hooks').performance;

describe('attemptClock', () => {
  it("reads Node's own performance clock, in milliseconds", () => {
    const before = realPerformance.now();
    const read = attemptClock();
    const after = realPerformance.now();
    expect(read).toBeGreaterThanOrEqual(before);
    expect(read).toBeLessThanOrEqual(after);
  });

  it('never goes back', () => {
    let last = attemptClock();
    for (let i = 0; i < 1000; i += 1) {
      const next = attemptClock();
      expect(next).toBeGreaterThanOrEqual(last);
      last = next;
    }
  });

  it('keeps reading the real clock when the global performance is replaced (as fake timers do)', () => {
    attemptClock();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'performance');
    Object.defineProperty(globalThis, 'performance', { value: { now: () => 42 }, configurable: true, writable: true });
    try {
      expect(globalThis.performance.now()).toBe(42);
      const before = realPerformance.now();
      expect(attemptClock()).toBeGreaterThanOrEqual(before);
    } finally {
      if (original) Object.defineProperty(globalThis, 'performance', original);
    }
  });
});

describe('timersClock', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("is the attempt clock while the global setTimeout is Node's own", () => {
    expect(timersClock()).toBe(attemptClock);
  });

  it('follows faked time once fake timers replace setTimeout, and the real clock again once they are gone', () => {
    jest.useFakeTimers();
    const clock = timersClock();
    expect(clock).not.toBe(attemptClock);
    const before = clock();
    jest.advanceTimersByTime(5_000);
    expect(clock() - before).toBe(5_000);
    jest.useRealTimers();
    expect(timersClock()).toBe(attemptClock);
  });
});
