import { seams } from '../../helpers/test-kit.js';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, NetworkError, tokenAuth, type ApiClientOptions } from '../../../src/index.js';
import { fakeTimeouts, timeOutAttempts } from '../../helpers/fake-timeouts.js';
import { hang, ok, startLoopback, type Handler, type LoopbackServer } from '../../helpers/loopback.js';
import { realSockets, recordingSleep } from '../../helpers/test-kit.js';

let server: LoopbackServer | undefined;
const clients: ApiClient[] = [];

function makeClient(url: string, options: ApiClientOptions = {}) {
  const { pauses, sleep } = recordingSleep();
  const client = new ApiClient(tokenAuth('u+streamkey0000abcd'), { baseUrl: url, ...seams({ sleep }), ...options });
  clients.push(client);
  return { client, pauses };
}

/** Headers at once, one chunk after `delayMs` (on the fake clock where a test fakes it), the stream left open. */
const lateChunk =
  (delayMs: number): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.flushHeaders();
    setTimeout(() => res.write('data: late\n\n'), delayMs).unref();
  };

const status =
  (code: number, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(code, headers);
    res.end('{}');
  };

beforeAll(realSockets);

afterEach(async () => {
  jest.useRealTimers();
  for (const client of clients.splice(0)) client.close();
  await server?.close();
  server = undefined;
});

describe('stream: true', () => {
  it('resolves once the headers are in, and the timeout no longer covers the body', async () => {
    server = await startLoopback([lateChunk(300)]);
    fakeTimeouts();
    const { client } = makeClient(server.url, { timeout: 0.1 });
    // The chunk is written only when the test moves the fake clock: a client that waited for the body
    // would never resolve here.
    const response = await client.post('/x', { json: {}, stream: true });
    expect(response.status).toBe(200);
    const body = response.body as NodeJS.ReadableStream & { destroy(): void };
    const chunk = new Promise<string>((resolve, reject) => {
      body.once('data', (data: Buffer) => resolve(String(data)));
      body.once('error', reject);
    });
    // The chunk comes 300 ms in, well after the 100 ms timeout.
    await jest.advanceTimersByTimeAsync(300);
    expect(await chunk).toBe('data: late\n\n');
    body.destroy();
  });

  it('hands back a body that is read as it arrives', async () => {
    server = await startLoopback([lateChunk(50)]);
    fakeTimeouts();
    const { client } = makeClient(server.url, { timeout: 0.1 });
    const response = await client.post('/x', { json: {}, stream: true });
    const body = response.body as NodeJS.ReadableStream & { destroy(): void };
    const chunk = new Promise<string>((resolve) => body.once('data', (data: Buffer) => resolve(String(data))));
    await jest.advanceTimersByTimeAsync(50);
    expect(await chunk).toBe('data: late\n\n');
    body.destroy();
    expect(server.requests).toHaveLength(1);
  });

  it('closes the connection when the caller destroys the body before its end', async () => {
    let closed: Promise<void> | undefined;
    server = await startLoopback([
      (req, res) => {
        closed = new Promise((resolve) => res.on('close', () => resolve()));
        lateChunk(5000)(req, res);
      },
    ]);
    const { client } = makeClient(server.url);
    const response = await client.post('/x', { json: {}, stream: true });
    (response.body as NodeJS.ReadableStream & { destroy(): void }).destroy();
    await expect(closed).resolves.toBeUndefined();
  });

  it('the caller signal still ends a live body', async () => {
    server = await startLoopback([lateChunk(5000)]);
    const { client } = makeClient(server.url);
    const controller = new AbortController();
    const response = await client.post('/x', { json: {}, stream: true, signal: controller.signal });
    const body = response.body as NodeJS.ReadableStream;
    const ended = new Promise<string>((resolve) => {
      body.once('error', (error: Error) => resolve(error.name));
      body.once('close', () => resolve('close'));
    });
    controller.abort();
    await expect(ended).resolves.toMatch(/AbortError|close/);
  });
});

describe("retryMode: 'at-most-once'", () => {
  it('never re-sends after a timeout (idempotent requests still are)', async () => {
    server = await startLoopback([hang]);
    const requests = server.requests;
    fakeTimeouts();
    const { client, pauses } = makeClient(server.url, { timeout: 0.05, maxNetworkAttempts: 3 });
    const once = client.post('/x', { json: {}, retryMode: 'at-most-once' }).catch((e: unknown) => e);
    await timeOutAttempts(() => requests.length, 1, 50);
    expect(await once).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(1);
    expect(pauses).toEqual([]);
    const retried = client.post('/x', { json: {}, retryMode: 'idempotent' }).catch((e: unknown) => e);
    await timeOutAttempts(() => requests.length, 4, 50);
    expect(await retried).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(5);
  });

  it('sends a POST at most once by default, and as often as a GET with retryWrites', async () => {
    server = await startLoopback([hang]);
    const requests = server.requests;
    fakeTimeouts();
    const { client } = makeClient(server.url, { timeout: 0.05, maxNetworkAttempts: 2 });
    const post = client.post('/x', { json: {} }).catch((e: unknown) => e);
    await timeOutAttempts(() => requests.length, 1, 50);
    expect(await post).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(1);
    const get = client.get('/x').catch((e: unknown) => e);
    await timeOutAttempts(() => requests.length, 3, 50);
    expect(await get).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(4);
    const writes = makeClient(server.url, { timeout: 0.05, maxNetworkAttempts: 2, retryWrites: true }).client;
    const retriedPost = writes.post('/x', { json: {} }).catch((e: unknown) => e);
    await timeOutAttempts(() => requests.length, 3, 50);
    expect(await retriedPost).toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(7);
  });

  it('retries a refused connection, which sent nothing', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client, pauses } = makeClient(`http://127.0.0.1:${port}`, { maxNetworkAttempts: 2 });
    const error = await client.post('/x', { json: {}, retryMode: 'at-most-once' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('after 3 attempts');
    expect(pauses).toHaveLength(2);
  });

  it('retries a 429 and a 503 with Retry-After (not acted on), and no other status', async () => {
    server = await startLoopback([status(503, { 'retry-after': '1' }), status(429), status(503), ok()]);
    const { client, pauses } = makeClient(server.url, { retry: { 503: 3, 429: 3 } });
    const response = await client.post('/x', { json: {}, retryMode: 'at-most-once' });
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(3);
    expect(pauses).toEqual([3, 6]);
    await server.close();
    server = await startLoopback([status(500), ok()]);
    const second = makeClient(server.url, { retry: { 500: 3 } });
    expect((await second.client.post('/x', { json: {}, retryMode: 'at-most-once' })).status).toBe(500);
    expect(server.requests).toHaveLength(1);
  });

  it('discards the live body of a streamed reply it retries', async () => {
    server = await startLoopback([status(503, { 'retry-after': '0' }), ok({ done: 1 })]);
    const { client } = makeClient(server.url, { retry: { 503: 1 } });
    const response = await client.post('/x', { json: {}, stream: true, retryMode: 'at-most-once' });
    expect(await response.json()).toEqual({ done: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an unknown retry mode before sending', async () => {
    server = await startLoopback([ok()]);
    const { client } = makeClient(server.url);
    await expect(client.post('/x', { retryMode: 'twice' as 'idempotent' })).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});
