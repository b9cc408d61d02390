// How an attempt is ended early, driven by hand: a stand-in request, socket and body
// record what the deadline does to them, and fake timers move the clock.
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import { Deadline } from '../../src/core/attempt-deadline.js';

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
