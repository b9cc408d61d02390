// How an attempt is ended early, driven by hand: a stand-in request, socket and body
// record what the deadline does to them, and fake timers move the clock.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { attemptClock } from '../../../src/core/transport/attempt-clock.js';
import { Deadline } from '../../../src/core/transport/attempt-deadline.js';

/** A stand-in for the request of an attempt: its socket, its response, and what destroyed it. */
function fakeRequest(socket: object, response?: { complete: boolean }) {
  const destroyed: Error[] = [];
  const request = { socket, res: response, destroy: (error: Error) => destroyed.push(error) };
  return { request: request as unknown as ClientRequest, destroyed };
}

function fakeBody() {
  const destroyed: Error[] = [];
  return { body: { destroy: (error?: Error) => destroyed.push(error ?? new Error('none')) }, destroyed };
}

const socket = {} as Socket;
const otherSocket = {} as Socket;
let deadline: Deadline;

beforeEach(() => {
  jest.useFakeTimers();
  deadline = new Deadline();
});

afterEach(() => {
  deadline.dispose();
  jest.useRealTimers();
});

describe("an attempt through one of the transport's own agents ('request' mode)", () => {
  it('is sent without a signal, and its request is destroyed when the deadline passes', () => {
    deadline.start(100, 'request', performance.now());
    expect(deadline.signal).toBeUndefined();
    const { request, destroyed } = fakeRequest(socket);
    deadline.attach(request);
    jest.advanceTimersByTime(99);
    expect(destroyed).toEqual([]);
    jest.advanceTimersByTime(2);
    expect(deadline.timedOut).toBe(true);
    expect(destroyed).toHaveLength(1);
    expect(destroyed[0]).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('destroys the body too once the response is there, and a body that arrives after the end at once', () => {
    deadline.start(100, 'request', performance.now());
    const { request } = fakeRequest(socket, { complete: false });
    deadline.attach(request);
    const first = fakeBody();
    deadline.responded(first.body);
    jest.advanceTimersByTime(101);
    expect(first.destroyed).toHaveLength(1);

    deadline.stop();
    deadline.start(100, 'request', performance.now());
    deadline.abort();
    const late = fakeBody();
    deadline.responded(late.body);
    expect(late.destroyed).toHaveLength(1);
    expect(late.destroyed[0]).toMatchObject({ name: 'AbortError' });
  });

  it('ends as cut short when the socket of its request closes before the whole response arrived', () => {
    deadline.start(1000, 'request', performance.now());
    const { request, destroyed } = fakeRequest(socket, { complete: false });
    deadline.attach(request);
    const { body, destroyed: bodyDestroyed } = fakeBody();
    deadline.responded(body);
    deadline.socketClosed(otherSocket);
    expect(deadline.cutShort).toBe(false);
    deadline.socketClosed(socket);
    expect(deadline.cutShort).toBe(true);
    expect(deadline.timedOut).toBe(false);
    expect(bodyDestroyed[0]).toMatchObject({ code: 'ECONNRESET' });
    expect(destroyed).toHaveLength(1);
  });

  it('is not cut short by a socket that closes after a complete response, before the response, or after the attempt', () => {
    deadline.start(1000, 'request', performance.now());
    deadline.attach(fakeRequest(socket, { complete: true }).request);
    deadline.socketClosed(socket);
    expect(deadline.cutShort).toBe(false);

    deadline.stop();
    deadline.start(1000, 'request', performance.now());
    deadline.attach(fakeRequest(socket).request);
    deadline.socketClosed(socket);
    expect(deadline.cutShort).toBe(false);

    deadline.attach(fakeRequest(socket, { complete: false }).request);
    deadline.stop();
    deadline.socketClosed(socket);
    expect(deadline.cutShort).toBe(false);
  });

  it("turns a failure it caused into the client's error, and leaves any other failure as it is", () => {
    const cause = new Error('request failed');
    deadline.start(100, 'request', performance.now());
    expect(deadline.failure(cause, 0.1)).toBeUndefined();
    jest.advanceTimersByTime(101);
    expect(deadline.failure(cause, 0.1)).toMatchObject({ code: 'ETIMEDOUT', message: 'no complete response within 0.1 s', cause });
    deadline.stop();
    deadline.start(1000, 'request', performance.now());
    deadline.attach(fakeRequest(socket, { complete: false }).request);
    deadline.socketClosed(socket);
    expect(deadline.failure(cause, 1)).toMatchObject({ code: 'ECONNRESET', cause });
  });

  it('ends an attempt once: a timeout after the caller ended it changes nothing', () => {
    deadline.start(100, 'request', performance.now());
    const { request, destroyed } = fakeRequest(socket);
    deadline.attach(request);
    deadline.abort();
    jest.advanceTimersByTime(200);
    expect(destroyed).toHaveLength(1);
    expect(deadline.timedOut).toBe(true);
  });
});

describe('an attempt through any other agent or fetch (signal modes)', () => {
  it("aborts node-fetch's light signal, which any class named AbortSignal passes for", () => {
    deadline.start(100, 'light-signal', performance.now());
    const signal = deadline.signal as AbortSignal;
    expect(signal.constructor.name).toBe('AbortSignal');
    const heard: string[] = [];
    signal.addEventListener('abort', () => heard.push('abort'));
    jest.advanceTimersByTime(101);
    expect(signal.aborted).toBe(true);
    expect(heard).toEqual(['abort']);
  });

  it('keeps a light signal that never fired for the next attempt, and replaces one that did', () => {
    deadline.start(100, 'light-signal', performance.now());
    const first = deadline.signal;
    deadline.stop();
    deadline.start(100, 'light-signal', performance.now());
    expect(deadline.signal).toBe(first);
    deadline.abort();
    deadline.stop();
    deadline.start(100, 'light-signal', performance.now());
    expect(deadline.signal).not.toBe(first);
    expect(deadline.signal?.aborted).toBe(false);
  });

  it('gives any other fetch a real AbortSignal, aborted by the caller', () => {
    deadline.start(100, 'signal', performance.now());
    const signal = deadline.signal as AbortSignal;
    expect(signal).toBeInstanceOf(AbortSignal);
    deadline.abort();
    expect(signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(false);
  });
});

describe("the deadline's clock", () => {
  it('takes the start it is given on the real clock, and still times out on time', () => {
    const { request, destroyed } = fakeRequest(socket);
    // Fake timers are installed: the deadline reads their clock, whatever start it is given.
    deadline.start(100, 'request', attemptClock() - 10_000);
    deadline.attach(request);
    jest.advanceTimersByTime(99);
    expect(destroyed).toEqual([]);
    jest.advanceTimersByTime(2);
    expect(destroyed).toHaveLength(1);
  });

  it('arms a timer on the fake clock when fake timers replace the real ones between two attempts', () => {
    jest.useRealTimers();
    deadline.start(60_000, 'request', attemptClock());
    deadline.stop();
    jest.useFakeTimers();
    // Far past the real timer's due time on the fake clock: a deadline comparing due times
    // across clocks would keep the real timer, and the fake one would never be armed.
    jest.advanceTimersByTime(100_000_000);
    deadline.start(100, 'request', attemptClock());
    const { request, destroyed } = fakeRequest(socket);
    deadline.attach(request);
    jest.advanceTimersByTime(101);
    expect(destroyed).toHaveLength(1);
    expect(deadline.timedOut).toBe(true);
  });

  it('clears a real timer with the real clearTimeout once other timers have replaced the global ones', () => {
    jest.useRealTimers();
    deadline.start(60_000, 'request', attemptClock());
    deadline.stop();
    // Hand-made stand-ins, as some fake timers are: their clearTimeout cannot clear a real timer.
    const RealTimeout = setTimeout(() => undefined, 0).constructor;
    const given: unknown[] = [];
    const saved = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
    Object.assign(globalThis, {
      setTimeout: () => ({ unref: () => undefined, ref: () => undefined }),
      clearTimeout: (timer: unknown) => given.push(timer),
    });
    try {
      deadline.start(100, 'request', attemptClock());
      deadline.dispose();
    } finally {
      Object.assign(globalThis, saved);
    }
    expect(given).toHaveLength(1);
    expect(given.some((timer) => timer instanceof RealTimeout)).toBe(false);
  });
});
