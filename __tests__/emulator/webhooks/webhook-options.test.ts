import { describe, expect, it, jest } from '@jest/globals';
import {
  abortableTimer,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  resolveWebhookOptions,
} from '../../../src/emulator/webhooks/webhook-options.js';

describe('webhook options', () => {
  it('defaults to a 5 s timeout and a retry schedule within 48 hours', () => {
    const resolved = resolveWebhookOptions();
    expect(resolved).toMatchObject({
      timeout: 5000,
      logSize: 1000,
      retrySchedule: DEFAULT_WEBHOOK_RETRY_SCHEDULE,
      sleep: abortableTimer,
    });
    const total = DEFAULT_WEBHOOK_RETRY_SCHEDULE.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(24 * 3600_000);
    expect(total).toBeLessThan(48 * 3600_000);
  });

  it.each([
    [{ timeout: -1 }, 'webhooks.timeout must be a number of milliseconds >= 0, got -1'],
    [{ retrySchedule: [1, Number.NaN] }, 'webhooks.retrySchedule[1] must be a number of milliseconds >= 0, got NaN'],
    [{ logSize: 0 }, 'webhooks.logSize must be a whole number >= 1, got 0'],
  ])('refuses %j', (options, message) => {
    expect(() => resolveWebhookOptions(options)).toThrow(new RangeError(message));
  });

  it('waits on a timer that an abort ends at once', async () => {
    jest.useFakeTimers();
    try {
      let done = false;
      const wait = abortableTimer(10_000, new AbortController().signal).then(() => (done = true));
      jest.advanceTimersByTime(9_999);
      await Promise.resolve();
      expect(done).toBe(false);
      jest.advanceTimersByTime(1);
      await wait;
      const controller = new AbortController();
      const aborted = abortableTimer(60_000, controller.signal);
      controller.abort();
      await aborted;
      expect(jest.getTimerCount()).toBe(0);
      await abortableTimer(60_000, controller.signal); // already aborted: no wait at all
    } finally {
      jest.useRealTimers();
    }
  });
});
