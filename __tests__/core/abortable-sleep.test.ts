import { describe, expect, it } from '@jest/globals';
import { abortableSleep, AbortedDuringPause, timerSleep } from '../../src/core/abortable-sleep.js';

const never = (): Promise<void> => new Promise(() => {});

describe('abortableSleep', () => {
  it('waits with the given sleep when no signal is given', async () => {
    const asked: number[] = [];
    await abortableSleep(async (s) => void asked.push(s), 12, undefined);
    expect(asked).toEqual([12]);
  });

  it('ends a pause the moment the signal fires, with its reason', async () => {
    const controller = new AbortController();
    const pending = abortableSleep(never, 12, controller.signal);
    controller.abort('enough');
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AbortedDuringPause);
    expect((error as AbortedDuringPause).reason).toBe('enough');
  });

  it('does not start a pause when the signal has fired already', async () => {
    const asked: number[] = [];
    await expect(abortableSleep(async (s) => void asked.push(s), 3, AbortSignal.abort())).rejects.toBeInstanceOf(
      AbortedDuringPause,
    );
    expect(asked).toEqual([]);
  });
});

describe('timerSleep', () => {
  it('resolves at once when its signal fires, leaving no timer behind', async () => {
    const controller = new AbortController();
    const pending = timerSleep(3600, controller.signal);
    controller.abort();
    await expect(pending).resolves.toBeUndefined();
  });
});
