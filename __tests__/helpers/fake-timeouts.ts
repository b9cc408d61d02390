/**
 * Timeouts that expire when a test says so, for tests on real loopback sockets (not a test file). Only
 * `setTimeout` and `clearTimeout` are faked: sockets, `setImmediate` and `process.nextTick` stay real, so
 * requests travel as usual while an attempt's timeout fires at the moment the test picks, however busy
 * the machine is.
 */
import { jest } from '@jest/globals';

/** Fakes `setTimeout` and `clearTimeout` until `jest.useRealTimers()`. */
export function fakeTimeouts(): void {
  jest.useFakeTimers({
    doNotFake: [
      'Date',
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
    ],
  });
}

/**
 * Resolves once `condition()` holds, checking after each turn of the event loop (no timer involved).
 * The wall-clock limit only keeps a broken test from spinning on after jest gave up on it.
 */
export async function until(condition: () => boolean, limitMs = 15_000): Promise<void> {
  const started = performance.now();
  while (!condition()) {
    if (performance.now() - started > limitMs) throw new Error(`still waiting after ${limitMs} ms`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Lets `attempts` attempts time out one after the other: each time the server has received one more
 * request, moves the fake clock on by `ms`.
 */
export async function timeOutAttempts(received: () => number, attempts: number, ms: number): Promise<void> {
  const first = received();
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    await until(() => received() >= first + attempt);
    await jest.advanceTimersByTimeAsync(ms);
  }
}
