import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readRequestBody } from '../../../src/core/webhooks/webhook-request.js';
import { settled, streamingRequest } from './direct-delivery.js';

// Streams and promises run on the real event loop; only the body's timer is faked.
const fakeTimers = (): void => void jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });

afterEach(() => {
  jest.useRealTimers();
});

const limits = { maxBytes: 1024, timeoutMs: 10_000 };

describe('readRequestBody: the time limit', () => {
  it('gives up with timeout once the limit passes on a body still incomplete', async () => {
    fakeTimers();
    const req = streamingRequest({});
    const outcome = readRequestBody(req, limits);
    req.write('{"event":');
    jest.advanceTimersByTime(9_999);
    let result: unknown;
    void outcome.then((value) => (result = value));
    await settled();
    expect(result).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(await outcome).toEqual({ ok: false, reason: 'timeout' });
  });

  it('accepts a body sent slowly in pieces within the limit, and leaves no timer behind', async () => {
    fakeTimers();
    const req = streamingRequest({});
    const outcome = readRequestBody(req, limits);
    req.write('{"a":');
    jest.advanceTimersByTime(6_000);
    req.end('1}');
    await settled();
    jest.advanceTimersByTime(3_999);
    expect(await outcome).toEqual({ ok: true, bytes: new TextEncoder().encode('{"a":1}') });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('clears its timer when the body is too large', async () => {
    fakeTimers();
    const req = streamingRequest({});
    const outcome = readRequestBody(req, { maxBytes: 4, timeoutMs: 10_000 });
    req.write('12345');
    expect(await outcome).toEqual({ ok: false, reason: 'too-large' });
    expect(jest.getTimerCount()).toBe(0);
  });

  it.each([0, Number.POSITIVE_INFINITY, 2 ** 31])('sets no timer for a limit of %p (none)', async (timeoutMs) => {
    fakeTimers();
    const req = streamingRequest({});
    const outcome = readRequestBody(req, { maxBytes: 1024, timeoutMs });
    expect(jest.getTimerCount()).toBe(0);
    req.end('{}');
    expect((await outcome).ok).toBe(true);
  });

  it('does not keep the process alive with its timer (it is unreferenced)', async () => {
    const timeouts = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timeouts();
    const req = streamingRequest({});
    const outcome = readRequestBody(req, { maxBytes: 1024, timeoutMs: 60_000 });
    const during = timeouts();
    req.end('{}');
    await outcome;
    expect(during).toBe(before);
  });

  it('times nothing for a body a framework already read', async () => {
    fakeTimers();
    const req = Object.assign(streamingRequest({}), { body: Buffer.from('{}') });
    expect(await readRequestBody(req, limits)).toEqual({ ok: true, bytes: Buffer.from('{}') });
    expect(jest.getTimerCount()).toBe(0);
  });
});
