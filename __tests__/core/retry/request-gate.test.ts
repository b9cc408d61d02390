import { describe, expect, it } from '@jest/globals';
import { AbortedDuringPause } from '../../../src/core/retry/abortable-sleep.js';
import { RequestGate } from '../../../src/core/retry/request-gate.js';
import { instantSleep } from '../../helpers/test-kit.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const ticks = async (n = 3) => {
  for (let i = 0; i < n; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};

const spent = new Headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '7' });

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

  it('runs at most `width` lane tasks at once, shared by the lanes of the client', async () => {
    const gate = new RequestGate({ sleep: instantSleep });
    const a = gate.open(2);
    const b = gate.open(2);
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 6 }, () => deferred());
    const runs = gates.map((d, i) =>
      (i % 2 === 0 ? a : b).run(async () => {
        running += 1;
        most = Math.max(most, running);
        await d.promise;
        running -= 1;
        return i;
      }),
    );
    await ticks();
    expect(gate.running).toBe(2);
    for (const d of gates) d.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    a.close();
    b.close();
  });

  it('refuses a lane width that is not a positive integer', () => {
    const gate = new RequestGate({ sleep: instantSleep });
    expect(() => gate.open(0)).toThrow(RangeError);
  });

  it('ignores a spent budget while no concurrent reader is open (one request at a time stays as it was)', () => {
    const gate = new RequestGate({ sleep: instantSleep });
    gate.observe(spent);
    expect(gate.wait()).toBeUndefined();
    const lane = gate.open(1);
    gate.observe(spent);
    expect(gate.wait()).toBeUndefined();
    lane.close();
  });

  it('holds every request until the reset when a response says the budget is spent', async () => {
    let now = 1_000_000;
    const sleeps: number[] = [];
    const slept = deferred();
    const gate = new RequestGate({
      now: () => now,
      sleep: (seconds) => {
        sleeps.push(seconds);
        return slept.promise;
      },
    });
    const lane = gate.open(4);
    gate.observe(spent);
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
    lane.close();
  });

  it('ends the shared budget pause when every waiter has left', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const gate = new RequestGate({
      sleep: (_seconds, signal) => {
        signals.push(signal);
        return new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
      },
    });
    const lane = gate.open(2);
    gate.observe(spent);
    const controller = new AbortController();
    const waiting = gate.wait(controller.signal);
    await ticks();
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedDuringPause);
    expect(signals[0]?.aborted).toBe(true);
    lane.close();
  });
});
