import { describe, expect, it } from '@jest/globals';
import { attemptClock } from '../../src/core/attempt-clock.js';

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
