import { seams } from '../../helpers/test-kit.js';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import http from 'node:http';
import { ApiClient, NetworkError, RequestAbortedError, tokenAuth, type ApiClientOptions } from '../../../src/index.js';
import { startConnectProxy } from '../../helpers/connect-proxy.js';
import { fakeTimeouts, timeOutAttempts } from '../../helpers/fake-timeouts.js';
import {
  cutShort,
  hang,
  ok,
  reset,
  stallBody,
  startLoopback,
  type Handler,
  type LoopbackServer,
} from '../../helpers/loopback.js';
import { realSockets, recordingSleep } from '../../helpers/test-kit.js';
import { Transport, type FetchLike } from '../../../src/core/transport/transport.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';

const KEY = 'u+LOOPBACKKEY000wxyz';
let server: LoopbackServer | undefined;
const clients: ApiClient[] = [];

function makeClient(url: string, options: ApiClientOptions = {}) {
  const { pauses: sleeps, sleep } = recordingSleep();
  const client = new ApiClient(tokenAuth(KEY), { baseUrl: url, ...seams({ sleep }), ...options });
  clients.push(client);
  return { client, sleeps };
}

// nock patches node:http for the whole worker process; these tests need real sockets and
// agents, so they lift the patch while they run.
beforeAll(realSockets);

afterEach(async () => {
  jest.useRealTimers();
  for (const client of clients.splice(0)) client.close();
  await server?.close();
  server = undefined;
});

describe('connections', () => {
  it('reuses one keep-alive connection across sequential requests', async () => {
    server = await startLoopback([ok()]);
    const { client } = makeClient(server.url);
    for (let i = 0; i < 5; i += 1) expect((await client.get('/x')).status).toBe(200);
    expect(server.requests).toHaveLength(5);
    expect(server.connections).toBe(1);
  });

  it('uses a caller-supplied agent instead of its own', async () => {
    server = await startLoopback([ok()]);
    // A non-keep-alive agent opens a connection per request, where the client's own would reuse one.
    const agent = new http.Agent({ keepAlive: false });
    const asked: string[] = [];
    const { client } = makeClient(server.url, {
      agent: (url) => {
        asked.push(url.pathname);
        return agent;
      },
    });
    await client.get('/x');
    await client.get('/y');
    expect(asked).toEqual(['/x', '/y']);
    expect(server.connections).toBe(2);
    agent.destroy();
  });
});

// The cut-short watch is a view over the client's own agent; a caller's agent reaches the fetch as given.
describe('which agents are watched for a body cut short', () => {
  const agentsSeen = async (options: ConstructorParameters<typeof Transport>[0]): Promise<unknown[]> => {
    const seen: unknown[] = [];
    const fetch: FetchLike = async (url, init) => {
      seen.push(init.agent);
      return {
        status: 204,
        ok: true,
        url,
        headers: new Map(),
        arrayBuffer: async () => new ArrayBuffer(0),
      } as never as FetchResponse;
    };
    const transport = new Transport({ ...options, fetch });
    await transport.send('http://127.0.0.1:9/a', {}, 1);
    await transport.send('http://127.0.0.1:9/b', {}, 1);
    transport.close();
    return seen;
  };

  it('watches the keep-alive agent it owns through a fresh view per attempt', async () => {
    const [first, second] = await agentsSeen({});
    expect(first).not.toBe(second);
    expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
    expect(first).toBeInstanceOf(http.Agent);
    expect(Object.hasOwn(first as object, 'addRequest')).toBe(true);
  });

  it("hands a caller's agent on untouched", async () => {
    const agent = new http.Agent();
    const seen = await agentsSeen({ agent });
    expect(seen).toHaveLength(2);
    expect(seen.every((each) => each === agent)).toBe(true);
    agent.destroy();
  });
});

describe('faults', () => {
  it('retries a connection reset, then succeeds', async () => {
    server = await startLoopback([reset, reset, ok({ n: 3 })]);
    const { client, sleeps } = makeClient(server.url);
    const response = await client.get('/x');
    expect(await response.json()).toEqual({ n: 3 });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([3, 6]);
  });

  it('retries a body cut short, then succeeds', async () => {
    server = await startLoopback([cutShort, ok({ whole: true })]);
    const { client } = makeClient(server.url);
    expect(await client.requestJson('GET', '/x')).toEqual({ whole: true });
    expect(server.requests).toHaveLength(2);
  });

  it('treats a response slower than the timeout as a network error and retries it', async () => {
    server = await startLoopback([hang, ok({ fast: true })]);
    const requests = server.requests;
    fakeTimeouts();
    const { client } = makeClient(server.url, { timeout: 0.05 });
    const pending = client.requestJson('GET', '/x');
    // Only the first attempt's timeout expires: the second one has all the time it needs.
    await timeOutAttempts(() => requests.length, 1, 50);
    expect(await pending).toEqual({ fast: true });
    expect(server.requests).toHaveLength(2);
  });

  it('throws NetworkError with the cause and its code when network retries run out', async () => {
    server = await startLoopback([reset]);
    const { client, sleeps } = makeClient(server.url, { maxNetworkAttempts: 2 });
    const error = (await client.get('/x').catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('ECONNRESET');
    expect(error.cause).toBeDefined();
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/x: network error after 3 attempts/);
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('reports a body cut short as NetworkError when retries run out', async () => {
    server = await startLoopback([cutShort]);
    const { client } = makeClient(server.url, { maxNetworkAttempts: 1 });
    await expect(client.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(server.requests).toHaveLength(2);
  });

  it.each<[string, Handler, number, number]>([
    ['a response that never comes', hang, 1, 2],
    ['a body that stops after the headers', stallBody, 0, 1],
  ])(
    'reports %s as a timeout (NetworkError) when retries run out',
    async (_what, handler, maxNetworkAttempts, requests) => {
      server = await startLoopback([handler]);
      const received = server.requests;
      fakeTimeouts();
      const { client } = makeClient(server.url, { timeout: 0.05, maxNetworkAttempts });
      const pending = client.get('/x').catch((e: unknown) => e);
      await timeOutAttempts(() => received.length, requests, 50);
      const error = (await pending) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.code).toBe('ETIMEDOUT');
      expect(error.message).toMatch(/no complete response within 0\.05 s/);
      expect(server.requests).toHaveLength(requests);
    },
  );

  it('times out a body that stops after the headers, and does not wait for it after the deadline', async () => {
    server = await startLoopback([stallBody, ok({ whole: true })]);
    const requests = server.requests;
    fakeTimeouts();
    const { client } = makeClient(server.url, { timeout: 0.05 });
    const started = performance.now();
    const pending = client.requestJson('GET', '/x');
    await timeOutAttempts(() => requests.length, 1, 50);
    // No more fake time passes: an attempt that went on waiting for the stalled body would never end.
    expect(await pending).toEqual({ whole: true });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(server.requests).toHaveLength(2);
  });

  it("ends the request at once when the caller's signal fires while the body is read", async () => {
    let written: () => void = () => {};
    const headersSent = new Promise<void>((resolve) => (written = resolve));
    server = await startLoopback([
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":', () => written());
      },
    ]);
    const { client } = makeClient(server.url);
    const controller = new AbortController();
    const pending = client.get('/x', { signal: controller.signal as never }).catch((e: unknown) => e);
    await headersSent;
    // A few turns of the event loop for the client to read the headers: the abort then
    // meets the body being read.
    for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    controller.abort('enough');
    const error = (await pending) as Error;
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error.cause).toBe('enough');
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry when the caller aborts through its own signal', async () => {
    server = await startLoopback([hang]);
    const { client } = makeClient(server.url);
    const controller = new AbortController();
    const pending = client.get('/x', { signal: controller.signal as never });
    // Abort once the request is in flight (not after a fixed time, which a busy machine may not meet).
    while (server.requests.length === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(server.requests).toHaveLength(1);
  });
});

describe('proxies', () => {
  it('tunnels through the proxy option', async () => {
    server = await startLoopback([ok({ via: 'proxy' })]);
    const proxy = await startConnectProxy();
    try {
      const { client } = makeClient(server.url, { proxy: proxy.url });
      expect(await client.requestJson('GET', '/x')).toEqual({ via: 'proxy' });
      expect(proxy.tunnels).toEqual([server.url.replace('http://', '')]);
    } finally {
      await proxy.close();
    }
  });

  it('ends an attempt whose body is cut short in the tunnel at once, and retries it', async () => {
    server = await startLoopback([cutShort, ok({ whole: true })]);
    const proxy = await startConnectProxy();
    try {
      const { client } = makeClient(server.url, { proxy: proxy.url, timeout: 30 });
      const started = performance.now();
      expect(await client.requestJson('GET', '/x')).toEqual({ whole: true });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(server.requests).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });

  it('honours HTTP_PROXY and NO_PROXY as they are when the client is made', async () => {
    server = await startLoopback([ok()]);
    const proxy = await startConnectProxy();
    const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };
    try {
      delete process.env.HTTP_PROXY;
      delete process.env.NO_PROXY;
      const before = makeClient(server.url).client;
      process.env.HTTP_PROXY = proxy.url;
      const through = makeClient(server.url).client;
      process.env.NO_PROXY = '127.0.0.1';
      const exempt = makeClient(server.url).client;
      // Each client keeps the environment it was made in, whatever changed since.
      await before.get('/before');
      await exempt.get('/exempt');
      expect(proxy.requests).toEqual([]);
      await through.get('/through');
      expect(proxy.tunnels).toEqual([server.url.replace('http://', '')]);
      expect(server.requests.map((request) => request.url)).toEqual(['/before', '/exempt', '/through']);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await proxy.close();
    }
  });
});
