// The per-attempt timeout: each attempt is timed from its own start, whatever attempts
// came before. These tests drive it with fake timers through an injected fetch that
// answers when told to, or never (then only the attempt's signal ends it).
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Transport, type FetchLike } from '../../../src/core/transport/transport.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';

const response = (url: string): FetchResponse =>
  ({
    status: 200,
    ok: true,
    url,
    headers: new Map(),
    arrayBuffer: async () => new TextEncoder().encode('{}').buffer,
  }) as unknown as FetchResponse;

/** A fetch whose `/after/<ms>` URLs answer after that many (fake) milliseconds and `/never` never does. */
const scriptedFetch: FetchLike = (url, init) =>
  new Promise((resolve, reject) => {
    const signal = init.signal as AbortSignal;
    signal.addEventListener('abort', () => reject(new Error('aborted')));
    const after = /\/after\/(\d+)$/.exec(url);
    if (after) setTimeout(() => resolve(response(url)), Number(after[1]));
  });

let transport: Transport;

beforeEach(() => {
  jest.useFakeTimers();
  transport = new Transport({ fetch: scriptedFetch, agent: () => undefined });
});

afterEach(() => {
  transport.close();
  jest.useRealTimers();
});

/** Settles `promise` as far as fake time `ms` allows; `'pending'` when it has not settled. */
async function after<T>(ms: number, promise: Promise<T>): Promise<T | Error | 'pending'> {
  let outcome: T | Error | 'pending' = 'pending';
  promise.then(
    (value) => (outcome = value),
    (error: Error) => (outcome = error),
  );
  await jest.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('the attempt deadline', () => {
  it('times out a short attempt on time after a long one armed the timer far ahead', async () => {
    const first = transport.send('http://h/after/5', {}, 60);
    expect(await after(5, first)).toMatchObject({ status: 200 });
    const second = transport.send('http://h/never', {}, 0.05);
    expect(await after(49, second)).toBe('pending');
    expect(await after(2, second)).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('does not end an attempt when the timer armed by an earlier attempt fires before it is due', async () => {
    const first = transport.send('http://h/after/250', {}, 0.4);
    expect(await after(250, first)).toMatchObject({ status: 200 });
    // The timer armed for the first attempt fires at 400 ms, 150 ms into this one.
    const second = transport.send('http://h/after/300', {}, 0.4);
    expect(await after(300, second)).toMatchObject({ status: 200 });
  });

  it('times an attempt out at its own due time when the timer fired early', async () => {
    const first = transport.send('http://h/after/250', {}, 0.4);
    await after(250, first);
    const second = transport.send('http://h/never', {}, 0.4);
    expect(await after(399, second)).toBe('pending');
    expect(await after(2, second)).toMatchObject({ code: 'ETIMEDOUT', message: 'no complete response within 0.4 s' });
  });

  it('fires no timeout between attempts, and times out a later attempt from its own start', async () => {
    await after(5, transport.send('http://h/after/5', {}, 0.1));
    await jest.advanceTimersByTimeAsync(1000);
    const later = transport.send('http://h/never', {}, 0.1);
    expect(await after(99, later)).toBe('pending');
    expect(await after(2, later)).toMatchObject({ code: 'ETIMEDOUT' });
  });
});
