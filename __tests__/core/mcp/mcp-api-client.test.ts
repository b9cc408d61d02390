import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { bearerAuth } from '../../../src/core/auth/auth-methods.js';
import { HttpError, HttpServerError } from '../../../src/core/errors/error-classes.js';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { McpError } from '../../../src/core/mcp/mcp-error.js';
import { instantRetries, recordingLogger } from '../../helpers/test-kit.js';

const BASE = 'https://mcp.pagerduty.com';
const KEY = 'u+mcpsecretkey9876';

/** Answers the handshake the first call starts (initialize, then notifications/initialized), without a session. */
function nockHandshake(): void {
  nock(BASE)
    .post('/mcp', (body: { method?: string }) => body.method === 'initialize')
    .reply(200, (_uri, body) => ({
      jsonrpc: '2.0',
      id: (body as { id: unknown }).id,
      result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 't', version: '1' } },
    }));
  nock(BASE)
    .post('/mcp', (body: { method?: string }) => body.method === 'notifications/initialized')
    .reply(202);
}

describe('McpApiClient.call', () => {
  it('posts a JSON-RPC 2.0 request to /mcp with token auth, both types accepted; returns the reply', async () => {
    nockHandshake();
    let seen: { headers: Record<string, string | string[] | undefined>; body: unknown } | undefined;
    nock(BASE)
      .post('/mcp')
      .reply(function (_uri, body) {
        seen = { headers: this.req.headers, body };
        return [200, { jsonrpc: '2.0', id: 42, result: { tools: [{ name: 'list_incidents' }] } }];
      });
    const client = new McpApiClient(KEY, instantRetries);
    const reply = await client.call<{ tools: { name: string }[] }>('tools/list', undefined, 42);
    expect(reply.result.tools[0].name).toBe('list_incidents');
    expect(seen?.body).toEqual({ jsonrpc: '2.0', id: 42, method: 'tools/list' });
    expect(seen?.headers.authorization).toBe(`Token token=${KEY}`);
    expect(seen?.headers.accept).toBe('application/json, text/event-stream');
    expect(seen?.headers['content-type']).toBe('application/json');
    client.close();
  });

  it('sends params and a random UUID id when none is given', async () => {
    nockHandshake();
    let body: { id?: unknown; params?: unknown } = {};
    nock(BASE)
      .post('/mcp')
      .reply(200, (_uri, requestBody) => {
        body = requestBody as typeof body;
        return { jsonrpc: '2.0', id: body.id, result: {} };
      });
    const client = new McpApiClient(KEY, instantRetries);
    const params = { name: 'list_incidents', arguments: { query_model: { limit: 10 } } };
    const reply = await client.call('tools/call', params);
    expect(body.params).toEqual(params);
    expect(String(body.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(reply.id).toBe(body.id);
    client.close();
  });

  it('sends a bearer token with authType bearer, or an auth method as given', async () => {
    nockHandshake();
    nockHandshake();
    const seen: unknown[] = [];
    nock(BASE)
      .post('/mcp')
      .times(2)
      .reply(function () {
        seen.push(this.req.headers.authorization);
        return [200, { jsonrpc: '2.0', id: 1, result: {} }];
      });
    const a = new McpApiClient('oauthtoken1', { ...instantRetries, authType: 'bearer' });
    const b = new McpApiClient(bearerAuth('oauthtoken2'), instantRetries);
    await a.call('ping', undefined, 1);
    await b.call('ping', undefined, 1);
    expect(seen).toEqual(['Bearer oauthtoken1', 'Bearer oauthtoken2']);
    a.close();
    b.close();
  });

  it('refuses authType together with an auth method', () => {
    expect(() => new McpApiClient(bearerAuth('t'), { authType: 'token' })).toThrow(TypeError);
  });

  it('reads an event-stream reply and returns the response whose id matches', async () => {
    nockHandshake();
    const stream =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}\n\n' +
      'data: {"jsonrpc":"2.0","id":"other","result":"no"}\n\n' +
      'id: 3\ndata: {"jsonrpc":"2.0",\ndata:  "id":"mine","result":{"ok":true}}\n\n';
    nock(BASE).post('/mcp').reply(200, stream, { 'Content-Type': 'text/event-stream' });
    const client = new McpApiClient(KEY, instantRetries);
    const reply = await client.call('tools/call', { name: 'x' }, 'mine');
    expect(reply).toEqual({ jsonrpc: '2.0', id: 'mine', result: { ok: true } });
    client.close();
  });

  it('turns a JSON-RPC error member into an McpError with its code, message and data', async () => {
    nockHandshake();
    nock(BASE)
      .post('/mcp')
      .reply(200, {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32602, message: 'Invalid params', data: { details: 'name' } },
      });
    const client = new McpApiClient(KEY, instantRetries);
    const error = await client.call('tools/call', {}, 5).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpError);
    const mcpError = error as McpError;
    expect(mcpError.code).toBe(-32602);
    expect(mcpError.rpcMessage).toBe('Invalid params');
    expect(mcpError.data).toEqual({ details: 'name' });
    expect(mcpError.id).toBe(5);
    expect(mcpError.status).toBe(200);
    expect(mcpError.message).toBe(
      'tools/call (POST https://mcp.pagerduty.com/mcp): JSON-RPC error -32602: Invalid params',
    );
    client.close();
  });

  it('also reads the JSON-RPC error of a 400 reply, keeping its status', async () => {
    nockHandshake();
    nock(BASE)
      .post('/mcp')
      .reply(400, { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Invalid Request' } });
    const client = new McpApiClient(KEY, instantRetries);
    const error = (await client.call('x', undefined, 1).catch((err: unknown) => err)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.status).toBe(400);
    expect(error.code).toBe(-32600);
    client.close();
  });

  it('throws HttpError for an error status without a JSON-RPC error, and HttpServerError for 5xx', async () => {
    nockHandshake();
    nock(BASE)
      .post('/mcp')
      .reply(403, { error: { message: 'Forbidden', code: 2010 } });
    nock(BASE).post('/mcp').reply(500, 'boom');
    const client = new McpApiClient(KEY, { ...instantRetries, retry: { 500: 0 } });
    const forbidden = await client.call('x', undefined, 1).catch((err: unknown) => err);
    expect(forbidden).toBeInstanceOf(HttpError);
    expect(forbidden).not.toBeInstanceOf(HttpServerError);
    expect((forbidden as HttpError).status).toBe(403);
    await expect(client.call('x', undefined, 1)).rejects.toBeInstanceOf(HttpServerError);
    client.close();
  });

  it('throws HttpServerError when the reply is not JSON or does not answer this request', async () => {
    nockHandshake();
    nock(BASE).post('/mcp').reply(200, '<html></html>', { 'Content-Type': 'text/html' });
    nock(BASE)
      .post('/mcp')
      .reply(200, 'data: {"jsonrpc":"2.0","id":"x","result":1}\n\n', { 'Content-Type': 'text/event-stream' });
    const client = new McpApiClient(KEY, instantRetries);
    await expect(client.call('m', undefined, 'y')).rejects.toThrow(/not valid JSON/);
    const error = await client.call('m', undefined, 'y').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(HttpServerError);
    expect((error as Error).message).toContain('without a JSON-RPC response to request id "y"');
    client.close();
  });

  it('keeps the Mcp-Session-Id the server assigns and sends it with later messages', async () => {
    const sessions: unknown[] = [];
    nock(BASE)
      .post('/mcp')
      .reply(200, { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18' } }, { 'Mcp-Session-Id': 'sess-1' });
    nock(BASE)
      .post('/mcp')
      .times(2)
      .reply(function (_uri, body) {
        sessions.push(this.req.headers['mcp-session-id']);
        const id = (body as { id?: unknown }).id;
        return id === undefined ? [202, ''] : [200, { jsonrpc: '2.0', id, result: {} }];
      });
    const client = new McpApiClient(KEY, instantRetries);
    expect(client.sessionId).toBeUndefined();
    await client.call('initialize', { protocolVersion: '2025-06-18', capabilities: {} }, 1);
    expect(client.sessionId).toBe('sess-1');
    await client.notify('notifications/initialized');
    await client.call('tools/list', undefined, 2);
    expect(sessions).toEqual(['sess-1', 'sess-1']);
    let deleted: unknown;
    nock(BASE)
      .delete('/mcp')
      .reply(function () {
        deleted = [this.req.headers['mcp-session-id'], this.req.headers['mcp-protocol-version']];
        return [405, ''];
      });
    await client.close();
    expect(deleted).toEqual(['sess-1', '2025-06-18']);
    expect(client.sessionId).toBeUndefined();
  });
});

describe('McpApiClient.notify', () => {
  it('posts a notification without an id and accepts 202', async () => {
    let body: unknown;
    nock(BASE)
      .post('/mcp')
      .reply(202, (_uri, requestBody) => {
        body = requestBody;
        return '';
      });
    const client = new McpApiClient(KEY, instantRetries);
    await expect(client.notify('notifications/initialized', { a: 1 })).resolves.toBeUndefined();
    expect(body).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized', params: { a: 1 } });
    client.close();
  });

  it('throws HttpError when the server refuses it', async () => {
    nockHandshake();
    nock(BASE).post('/mcp').reply(400, 'bad');
    const client = new McpApiClient(KEY, instantRetries);
    await expect(client.notify('n')).rejects.toBeInstanceOf(HttpError);
    client.close();
  });
});

describe('McpApiClient with a stream split across chunks (loopback server)', () => {
  it('joins the chunks of the event stream and returns the matching response', async () => {
    const chunks = [
      ': keep-alive\r\n\r\nevent: mess',
      'age\r\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{}}\r',
      '\n\r\ndata: {"jsonrpc":"2.0","id":7,',
      '\ndata: "result":{"content":[{"type":"text","text":"hello"}]}}\n',
      '\n',
    ];
    const server = http.createServer((req, res) => {
      let received = '';
      req.on('data', (part: Buffer) => (received += part.toString()));
      req.on('end', () => {
        const { id, method } = JSON.parse(received) as { id?: number; method: string };
        if (method === 'initialize') {
          res
            .writeHead(200, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-06-18' } }));
          return;
        }
        if (id === undefined) {
          res.writeHead(202).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        let index = 0;
        const next = (): void => {
          if (index === chunks.length) {
            res.end();
            return;
          }
          res.write(chunks[index]);
          index += 1;
          setTimeout(next, 5);
        };
        next();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const client = new McpApiClient(KEY, { ...instantRetries, baseUrl: `http://127.0.0.1:${port}` });
    try {
      const reply = await client.call('tools/call', { name: 'say_hello' }, 7);
      expect(reply).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'hello' }] } });
    } finally {
      client.close();
      server.close();
      await once(server, 'close');
    }
  });
});

describe('McpApiClient secrets', () => {
  it('keeps the credential out of JSON.stringify, util.inspect, error messages and debug output', async () => {
    nockHandshake();
    const logger = recordingLogger();
    const lines = logger.lines.debug;
    nock(BASE).post('/mcp').reply(400, `rejected ${KEY}`);
    const client = new McpApiClient(KEY, { ...instantRetries, logger });
    const error = (await client.call('x', undefined, 1).catch((err: unknown) => err)) as Error;
    expect(error.message).toContain('*9876');
    for (const text of [
      JSON.stringify(client),
      inspect(client, { depth: 5, showHidden: true }),
      error.message,
      lines.join('\n'),
    ]) {
      expect(text).not.toContain(KEY);
    }
    expect(lines.length).toBeGreaterThan(0);
    client.close();
  });
});
