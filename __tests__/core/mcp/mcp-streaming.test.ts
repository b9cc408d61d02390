import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type http from 'node:http';
import { type McpApiClientOptions } from '../../../src/core/mcp/mcp-api-client.js';
import type { JsonRpcNotification } from '../../../src/core/mcp/json-rpc.js';
import type { McpProgress } from '../../../src/core/mcp/mcp-types.js';
import { openStream, sendEvent, type McpHandler, type McpTestServer, mcpTestBed } from '../../helpers/mcp-server.js';
import { realSockets } from '../../helpers/test-kit.js';

const bed = mcpTestBed('u+streamingkey1234');
const setUp = (handle: McpHandler, options: McpApiClientOptions = {}, onGet?: McpHandler) =>
  bed.setUp(handle, options, { onGet });
const later = bed.later;

beforeAll(realSockets);

afterEach(bed.tearDown);

describe('a streamed reply', () => {
  it('resolves on its response event, not when the server ends the stream, and closes the stream itself', async () => {
    let streamClosed: Promise<number> | undefined;
    const started = Date.now();
    const {
      server: srv,
      client,
      pauses,
    } = await setUp((received, res) => {
      openStream(res);
      streamClosed = new Promise((resolve) => res.on('close', () => resolve(Date.now() - started)));
      later(50, () =>
        sendEvent(res, {
          jsonrpc: '2.0',
          id: received.message?.id,
          result: { content: [{ type: 'text', text: 'done' }] },
        }),
      );
      later(2000, () => res.end());
    });
    await client.connect();
    const callStarted = Date.now();
    const result = await client.callTool('slow_reply', {});
    const elapsed = Date.now() - callStarted;
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(elapsed).toBeLessThan(1000);
    // The client closed the stream the server meant to keep open for 2 s.
    expect(await streamClosed).toBeLessThan(1500);
    expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
    expect(pauses).toEqual([]);
  });

  it('hands this call its progress in order, and every other notification to onNotification', async () => {
    const notifications: JsonRpcNotification[] = [];
    const { client } = await setUp(
      (received, res) => {
        const token = (received.message?.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
        openStream(res);
        for (const progress of [1, 2, 3])
          sendEvent(res, {
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 3, message: `step ${progress}` },
          });
        sendEvent(res, {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 'someone-else', progress: 9 },
        });
        sendEvent(res, { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hello' } });
        later(20, () => sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: { content: [] } }));
      },
      { onNotification: (message) => notifications.push(message) },
    );
    const progress: McpProgress[] = [];
    const reply = await client.call(
      'tools/call',
      { name: 'steps', arguments: {} },
      { id: 'call-1', onProgress: (p) => progress.push(p) },
    );
    expect(reply.id).toBe('call-1');
    expect(progress.map((p) => [p.progressToken, p.progress, p.message])).toEqual([
      ['call-1', 1, 'step 1'],
      ['call-1', 2, 'step 2'],
      ['call-1', 3, 'step 3'],
    ]);
    expect(notifications.map((n) => n.method)).toEqual(['notifications/progress', 'notifications/message']);
  });

  it("sends the caller's params with a progress token added, leaving the caller's object as it was", async () => {
    const { server: srv, client } = await setUp((received, res) => {
      openStream(res);
      sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: {} });
    });
    const params = { name: 'x', arguments: {}, _meta: { trace: 't1' } };
    await client.call('tools/call', params, { id: 5, onProgress: () => undefined });
    expect(params).toEqual({ name: 'x', arguments: {}, _meta: { trace: 't1' } });
    const sent = srv.received.find((r) => r.message?.method === 'tools/call')?.message?.params;
    expect(sent?._meta).toEqual({ trace: 't1', progressToken: 5 });
  });

  it('answers server requests on the stream: ping with {}, others with -32601, or as onRequest says', async () => {
    let current: McpTestServer | undefined;
    const handler: McpHandler = (received, res) => {
      openStream(res);
      sendEvent(res, { jsonrpc: '2.0', id: 'p1', method: 'ping' });
      sendEvent(res, {
        jsonrpc: '2.0',
        id: 'e1',
        method: 'elicitation/create',
        params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
      });
      sendEvent(res, { jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: {} });
      // The result comes once the server has the three answers.
      void Promise.all(
        ['p1', 'e1', 's1'].map((id) => current!.waitFor((r) => r.message?.id === id && r.message.method === undefined)),
      ).then(() => sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: { content: [] } }));
    };
    const { server: srv, client } = await setUp(handler);
    current = srv;
    await client.callTool('asks', {});
    const answers = Object.fromEntries(
      srv.received
        .filter((r) => r.message?.method === undefined && r.message?.id !== undefined)
        .map((r) => [r.message!.id, r.message]),
    );
    expect(answers.p1).toEqual({ jsonrpc: '2.0', id: 'p1', result: {} });
    expect(answers.e1).toEqual({
      jsonrpc: '2.0',
      id: 'e1',
      error: { code: -32601, message: 'Method not found: elicitation/create' },
    });
    expect(answers.s1).toMatchObject({ error: { code: -32601 } });
    const answered = srv.received.find((r) => r.message?.id === 'e1' && r.message.method === undefined)!;
    expect(answered.headers['mcp-session-id']).toBe('s-1');
    expect(answered.headers['mcp-protocol-version']).toBe('2025-06-18');
    await client.close();
    await srv.close();
    const seen: string[] = [];
    const second = await setUp(handler, {
      onRequest: (request) => {
        seen.push(request.method);
        if (request.method === 'elicitation/create') return { action: 'decline' };
        if (request.method === 'sampling/createMessage') throw Object.assign(new Error('no model here'), { code: -1 });
        return undefined;
      },
    });
    current = second.server;
    await second.client.callTool('asks', {});
    const again = Object.fromEntries(
      second.server.received
        .filter((r) => r.message?.method === undefined && r.message?.id !== undefined)
        .map((r) => [r.message!.id, r.message]),
    );
    expect(seen).toEqual(['ping', 'elicitation/create', 'sampling/createMessage']);
    expect(again.p1).toEqual({ jsonrpc: '2.0', id: 'p1', result: {} });
    expect(again.e1).toEqual({ jsonrpc: '2.0', id: 'e1', result: { action: 'decline' } });
    expect(again.s1).toEqual({ jsonrpc: '2.0', id: 's1', error: { code: -1, message: 'no model here' } });
  });
});

describe("the server's own stream", () => {
  it('opens after the handshake when the client listens; its elicitation is answered, defaults added', async () => {
    // eslint-disable-next-line prefer-const -- assigned once the server exists, read by its handler
    let current: McpTestServer | undefined;
    const asked: unknown[] = [];
    const { server: srv, client } = await setUp(
      (received, res) => {
        // The tool's answer waits for the elicitation's, which goes through the GET stream.
        void current!
          .waitFor((r) => r.message?.id === 'e1' && r.message.method === undefined)
          .then(() =>
            sendEvent(openStreamOnce(res), { jsonrpc: '2.0', id: received.message?.id, result: { content: [] } }),
          );
      },
      {
        onElicitation: (request) => {
          asked.push(request);
          return { action: 'accept', content: { name: 'Ada' } };
        },
      },
      (_received, res) => {
        openStream(res);
        sendEvent(res, {
          jsonrpc: '2.0',
          id: 'e1',
          method: 'elicitation/create',
          params: {
            message: 'Who?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string' }, team: { type: 'string', default: 'ops' } },
            },
          },
        });
      },
    );
    current = srv;
    await client.callTool('asks', {});
    const answer = srv.received.find((r) => r.message?.id === 'e1' && r.message.method === undefined)!;
    expect(answer.message).toEqual({
      jsonrpc: '2.0',
      id: 'e1',
      result: { action: 'accept', content: { name: 'Ada', team: 'ops' } },
    });
    expect(asked).toHaveLength(1);
    const get = srv.received.find((r) => r.httpMethod === 'GET')!;
    expect(get.headers.accept).toBe('text/event-stream');
    expect(get.headers['mcp-session-id']).toBe('s-1');
    const init = srv.received.find((r) => r.message?.method === 'initialize')!;
    expect(init.message?.params?.capabilities).toEqual({ elicitation: { form: {}, url: {} } });
  });

  it('is not opened when the client has nothing to hear', async () => {
    const { server: srv, client } = await setUp((received, res) => {
      openStream(res);
      sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: { content: [] } });
    });
    await client.callTool('quiet', {});
    expect(srv.received.filter((r) => r.httpMethod === 'GET')).toEqual([]);
  });
});

function openStreamOnce(res: http.ServerResponse): http.ServerResponse {
  if (!res.headersSent) openStream(res);
  return res;
}
