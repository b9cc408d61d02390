import type http from 'node:http';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { McpApiClient, type McpApiClientOptions } from '../../../src/core/mcp/mcp-api-client.js';
import { McpRequestCancelledError } from '../../../src/core/mcp/mcp-error.js';
import type { McpCallOptions } from '../../../src/core/mcp/mcp-options.js';
import {
  openStream,
  sendEvent,
  type McpHandler,
  type McpTestServer,
  type Received,
  mcpTestBed,
} from '../../helpers/mcp-server.js';
import { fakeTimeouts } from '../../helpers/fake-timeouts.js';
import { realSockets } from '../../helpers/test-kit.js';

const bed = mcpTestBed('u+deadlinekey0abcd');
const setUp = (handle: McpHandler, options: McpApiClientOptions = {}) => bed.setUp(handle, options);
const later = bed.later;

beforeAll(realSockets);

// Every time limit here runs on a fake clock, the server's delays included, so that nothing waits for
// real and a busy machine cannot move a deadline: the clock moves in 50 ms steps, and the loopback
// sockets deliver what was written between the steps.
beforeEach(fakeTimeouts);

afterEach(async () => {
  await bed.tearDown();
  jest.useRealTimers();
});

async function settled<T>(pending: Promise<T>, limitMs = 20_000): Promise<T> {
  let done = false;
  pending.then(
    () => (done = true),
    () => (done = true),
  );
  for (let elapsed = 0; !done && elapsed < limitMs; elapsed += 50) {
    for (let turn = 0; turn < 5 && !done; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    await jest.advanceTimersByTimeAsync(50);
  }
  return pending;
}

const tokenOf = (received: Received): unknown =>
  (received.message?.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;

function sendProgress(received: Received, res: http.ServerResponse, progress: number): void {
  sendEvent(res, {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: tokenOf(received) ?? received.message?.id, progress },
  });
}

function sendResult(received: Received, res: http.ServerResponse): void {
  sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: { content: [{ type: 'text', text: 'ok' }] } });
}

/** One progress event, then nothing: the stream stays open and silent. */
const progressThenNothing: McpHandler = (received, res) => {
  openStream(res);
  sendProgress(received, res, 1);
};

/** Progress every `everyMs` for `forMs`, then the result. */
function progressFor(everyMs: number, forMs: number): McpHandler {
  return (received, res) => {
    openStream(res);
    for (let at = everyMs; at < forMs; at += everyMs) later(at, () => sendProgress(received, res, at));
    later(forMs, () => sendResult(received, res));
  };
}

async function rejection(pending: Promise<unknown>): Promise<McpRequestCancelledError> {
  const error = await settled(pending).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(McpRequestCancelledError);
  return error as McpRequestCancelledError;
}

async function expectCancelledOnServer(srv: McpTestServer, id: string): Promise<void> {
  const cancelled = await srv.waitFor((r) => r.message?.method === 'notifications/cancelled');
  expect(cancelled.message?.params).toEqual({ requestId: id, reason: 'the client timed out' });
  expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
}

describe('a call whose server sends one progress event and then nothing', () => {
  it("ends by the client's timeout, as the longest silence of the stream, with notifications/cancelled", async () => {
    const { server: srv, client } = await setUp(progressThenNothing, { timeout: 1 });
    await client.connect();
    const progress: number[] = [];
    const options: McpCallOptions = { id: 'c1', onProgress: (p) => progress.push(p.progress) };
    const error = await rejection(client.callTool('slow_write', {}, options));
    expect(error).toMatchObject({ reason: 'timeout', timeLimit: 'silence', requestId: 'c1', method: 'tools/call' });
    expect(error.message).toContain('the server sent nothing for 1 s');
    expect(progress).toEqual([1]);
    await expectCancelledOnServer(srv, 'c1');
  });

  it("ends by the client's callTimeout when neither the call nor the stream's silence bounds it sooner", async () => {
    const { server: srv, client } = await setUp(progressThenNothing, { callTimeout: 0.5 });
    await client.connect();
    const error = await rejection(client.callTool('slow_write', {}, { id: 'c2', onProgress: () => undefined }));
    expect(error).toMatchObject({ reason: 'timeout', timeLimit: 'timeout' });
    expect(error.message).toContain('no response or progress within 0.5 s');
    await expectCancelledOnServer(srv, 'c2');
  });

  it("ends by the call's own timeout, which replaces the client's", async () => {
    const { server: srv, client } = await setUp(progressThenNothing, { callTimeout: 3600 });
    await client.connect();
    const error = await rejection(client.callTool('slow_write', {}, { id: 'c3', timeout: 0.5 }));
    expect(error.timeLimit).toBe('timeout');
    await expectCancelledOnServer(srv, 'c3');
  });
});

describe('progress', () => {
  it('starts the deadline over: a call that reports progress outlives its timeout', async () => {
    const { client } = await setUp(progressFor(100, 3500));
    const progress: number[] = [];
    const result = await settled(
      client.callTool('long_report', {}, { timeout: 1.5, onProgress: (p) => progress.push(p.progress) }),
    );
    expect(result.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(progress.length).toBeGreaterThanOrEqual(30);
  });

  it('does not move maxTotalTimeout, per call or per client', async () => {
    const { server: srv, client } = await setUp(progressFor(100, 4000), { maxTotalTimeout: 1 });
    await client.connect();
    const error = await rejection(client.callTool('long_report', {}, { id: 't1', onProgress: () => undefined }));
    expect(error).toMatchObject({ reason: 'timeout', timeLimit: 'maxTotalTimeout' });
    expect(error.message).toContain('maxTotalTimeout of 1 s');
    await expectCancelledOnServer(srv, 't1');
    const own = await rejection(
      client.callTool('long_report', {}, { id: 't2', maxTotalTimeout: 0.5, onProgress: () => undefined }),
    );
    expect(own.message).toContain('maxTotalTimeout of 0.5 s');
  });
});

describe("the client's timeout as the longest silence of a reply", () => {
  it('is started over by every chunk, keep-alive comments included', async () => {
    const { client } = await setUp(
      (received, res) => {
        openStream(res);
        for (let at = 100; at < 3500; at += 100) later(at, () => res.write(': keep-alive\n\n'));
        later(3500, () => sendResult(received, res));
      },
      { timeout: 1.5 },
    );
    await expect(settled(client.callTool('quiet_but_alive', {}))).resolves.toMatchObject({
      content: [{ text: 'ok' }],
    });
  });

  it('bounds a JSON body that stops halfway', async () => {
    const { server: srv, client } = await setUp((_received, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"jsonrpc":"2.0",');
    });
    await client.connect();
    client.timeout = 0.5;
    const error = await rejection(client.callTool('half', {}, { id: 'j1' }));
    expect(error.timeLimit).toBe('silence');
    await expectCancelledOnServer(srv, 'j1');
  });

  it('is set with the client after construction too', async () => {
    const { client } = await setUp(progressThenNothing);
    await client.connect();
    client.timeout = 0.5;
    await expect(settled(client.callTool('slow_write', {}))).rejects.toMatchObject({ timeLimit: 'silence' });
  });
});

describe('time limits given wrong', () => {
  it('throw before anything is sent', async () => {
    const { server: srv, client } = await setUp(progressThenNothing);
    await expect(client.callTool('x', {}, { timeout: 60_000 })).rejects.toThrow(/in seconds/);
    await expect(client.callTool('x', {}, { maxTotalTimeout: 0 })).rejects.toThrow(RangeError);
    expect(srv.received).toEqual([]);
    expect(() => new McpApiClient('k', { callTimeout: -1 })).toThrow(RangeError);
    expect(() => new McpApiClient('k', { maxTotalTimeout: 100_000 })).toThrow(/in seconds/);
  });
});
