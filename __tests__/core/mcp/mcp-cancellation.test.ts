import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { NetworkError } from '../../../src/core/errors/error-classes.js';
import { type McpApiClientOptions } from '../../../src/core/mcp/mcp-api-client.js';
import { McpRequestCancelledError } from '../../../src/core/mcp/mcp-error.js';
import { openStream, replyJson, type McpHandler, type McpServerOptions, mcpTestBed } from '../../helpers/mcp-server.js';
import { realSockets } from '../../helpers/test-kit.js';

/** A slow tool: the stream opens, and its response never comes. */
const slowTool: McpHandler = (_received, res) => openStream(res);
/** A tool that never even sends headers. */
const silent: McpHandler = () => undefined;

const bed = mcpTestBed('u+cancelkey000abcd');
const setUp = (handle: McpHandler, options: McpApiClientOptions = {}, serverOptions: McpServerOptions = {}) =>
  bed.setUp(handle, options, serverOptions);

beforeAll(realSockets);

afterEach(bed.tearDown);

describe('a call given up', () => {
  for (const [name, handler] of [
    ['an open stream', slowTool],
    ['no headers', silent],
  ] as const) {
    it(`by its timeout (${name}) is POSTed once, cancelled on the server, and says the tool may have run`, async () => {
      const { server: srv, client, pauses } = await setUp(handler, { maxNetworkAttempts: 3 });
      await client.connect();
      const started = Date.now();
      const error = await client.callTool('slow_write', {}, { timeout: 0.2, id: 'w1' }).catch((err: unknown) => err);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(error).toBeInstanceOf(McpRequestCancelledError);
      expect(error).toMatchObject({ reason: 'timeout', requestId: 'w1', method: 'tools/call' });
      expect((error as Error).message).toContain('may still have run');
      const cancelled = await srv.waitFor((r) => r.message?.method === 'notifications/cancelled');
      expect(cancelled.message?.params).toEqual({ requestId: 'w1', reason: 'the client timed out' });
      expect(cancelled.headers['mcp-session-id']).toBe('s-1');
      expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
      expect(pauses).toEqual([]);
    });
  }

  it("by the caller's signal, with reason aborted", async () => {
    const { server: srv, client } = await setUp(slowTool);
    const controller = new AbortController();
    const pending = client.callTool('slow_write', {}, { signal: controller.signal, id: 9 });
    await srv.waitFor((r) => r.message?.method === 'tools/call');
    controller.abort(new Error('user pressed stop'));
    const error = (await pending.catch((err: unknown) => err)) as McpRequestCancelledError;
    expect(error).toBeInstanceOf(McpRequestCancelledError);
    expect(error.reason).toBe('aborted');
    expect((error.cause as Error).message).toBe('user pressed stop');
    const cancelled = await srv.waitFor((r) => r.message?.method === 'notifications/cancelled');
    expect(cancelled.message?.params).toEqual({ requestId: 9, reason: 'the caller aborted the request' });
  });

  it('while the session is starting: the timeout covers the handshake, and nothing of the call is sent', async () => {
    const { server: srv, client } = await setUp(slowTool, {}, { onInitialize: () => undefined });
    const started = Date.now();
    const error = await client.callTool('x', {}, { timeout: 0.2 }).catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(McpRequestCancelledError);
    expect(srv.methods()).toEqual(['initialize']);
  });

  it('before it is sent, when the signal has fired already: nothing is sent', async () => {
    const { server: srv, client } = await setUp(slowTool);
    await client.connect();
    const count = srv.received.length;
    await expect(client.callTool('x', {}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      McpRequestCancelledError,
    );
    expect(srv.received).toHaveLength(count);
  });
});

describe('at most once', () => {
  it("a request that may act is not re-sent after the engine's own timeout; a safe one is", async () => {
    const { server: srv, client, pauses } = await setUp(silent, { timeout: 0.1, maxNetworkAttempts: 2 });
    await client.connect();
    await expect(client.callTool('acts', {})).rejects.toBeInstanceOf(NetworkError);
    expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
    expect(pauses).toEqual([]);
    await expect(client.listTools()).rejects.toBeInstanceOf(NetworkError);
    expect(srv.methods().filter((m) => m === 'tools/list')).toHaveLength(3);
  });

  it('a request that may act is retried after 503 with Retry-After, and not after a plain 503', async () => {
    let calls = 0;
    const { server: srv, client } = await setUp(
      (received, res) => {
        calls += 1;
        if (calls === 1) return void res.writeHead(503, { 'retry-after': '1' }).end();
        if (calls === 2) return replyJson(received, res, { content: [] });
        res.writeHead(503).end();
      },
      { retry: { 503: 3 } },
    );
    await expect(client.callTool('acts', {})).resolves.toEqual({ content: [] });
    await expect(client.callTool('acts', {})).rejects.toThrow(/503/);
    expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(3);
  });
});
