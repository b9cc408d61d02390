import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { McpApiClient, type McpApiClientOptions } from '../../../src/core/mcp/mcp-api-client.js';
import { McpError, McpSessionExpiredError } from '../../../src/core/mcp/mcp-error.js';
import { McpSession } from '../../../src/core/mcp/mcp-session.js';
import { replyJson, type McpHandler, type McpServerOptions, mcpTestBed } from '../../helpers/mcp-server.js';
import { realSockets } from '../../helpers/test-kit.js';

const tools: McpHandler = (received, res) =>
  replyJson(received, res, { tools: [{ name: 'a', inputSchema: { type: 'object' } }] });

const bed = mcpTestBed('u+sessionkey5678');
const setUp = (handle: McpHandler, options: McpApiClientOptions = {}, serverOptions: McpServerOptions = {}) =>
  bed.setUp(handle, options, serverOptions);

beforeAll(realSockets);

afterEach(bed.tearDown);

describe('McpSession', () => {
  it('keeps the id and the agreed version, falls back to the version asked, and forgets only its own id', () => {
    const session = new McpSession();
    expect(session.headers()).toEqual({});
    session.start('s-1', { protocolVersion: '2025-03-26' }, '2025-06-18');
    expect(session.headers()).toEqual({ 'Mcp-Session-Id': 's-1', 'MCP-Protocol-Version': '2025-03-26' });
    expect(session.forget('s-0')).toBe(false);
    expect(session.id).toBe('s-1');
    expect(session.forget('s-1')).toBe(true);
    expect(session.headers()).toEqual({});
    session.start(null, {}, '2025-06-18');
    expect(session.headers()).toEqual({ 'MCP-Protocol-Version': '2025-06-18' });
  });
});

describe('the session', () => {
  it('offers 2025-11-25 and refuses a version it does not speak, sending nothing more', async () => {
    const { server: srv, client } = await setUp(
      tools,
      {},
      {
        onInitialize: (received, res) => replyJson(received, res, { protocolVersion: '2024-11-05', capabilities: {} }),
      },
    );
    const error = await client.listTools().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toMatch(/unsupported version 2024-11-05/);
    expect((error as McpError).data).toEqual({
      supported: ['2025-11-25', '2025-06-18', '2025-03-26'],
      requested: '2024-11-05',
    });
    expect(srv.received.map((r) => r.message?.method)).toEqual(['initialize']);
    expect(srv.received[0].message?.params?.protocolVersion).toBe('2025-11-25');
  });

  it('accepts 2025-03-26 from a server that speaks only that, and sends it as MCP-Protocol-Version', async () => {
    const { server: srv, client } = await setUp(
      tools,
      {},
      {
        onInitialize: (received, res) => replyJson(received, res, { protocolVersion: '2025-03-26', capabilities: {} }),
      },
    );
    await client.listTools();
    expect(client.protocolVersion).toBe('2025-03-26');
    expect(srv.received.at(-1)?.headers['mcp-protocol-version']).toBe('2025-03-26');
  });

  it('starts with initialize and notifications/initialized, then sends session id and version every time', async () => {
    const { server: srv, client } = await setUp(tools, {
      clientInfo: { name: 'agent', version: '9' },
      capabilities: { elicitation: {} },
    });
    expect(client.sessionId).toBeUndefined();
    expect(client.protocolVersion).toBeUndefined();
    await client.connect();
    expect(client.sessionId).toBe('s-1');
    expect(client.protocolVersion).toBe('2025-06-18');
    await client.listTools();
    await client.close();
    expect(srv.received.map((r) => `${r.httpMethod} ${r.message?.method ?? ''}`.trim())).toEqual([
      'POST initialize',
      'POST notifications/initialized',
      'POST tools/list',
      'DELETE',
    ]);
    const [init, ...later] = srv.received;
    expect(init.message?.params).toEqual({
      protocolVersion: '2025-11-25', // offered; the server chose 2025-06-18, which the client accepts
      capabilities: { elicitation: {} },
      clientInfo: { name: 'agent', version: '9' },
    });
    expect(init.headers['mcp-session-id']).toBeUndefined();
    expect(init.headers['mcp-protocol-version']).toBeUndefined();
    for (const request of later) {
      expect(request.headers['mcp-session-id']).toBe('s-1');
      expect(request.headers['mcp-protocol-version']).toBe('2025-06-18');
    }
    expect(client.sessionId).toBeUndefined();
  });

  it('starts once for concurrent first calls', async () => {
    const { server: srv, client } = await setUp(tools);
    await Promise.all([client.listTools(), client.listTools(), client.call('ping')]);
    expect(srv.methods().filter((m) => m === 'initialize')).toHaveLength(1);
  });

  it('starts a new session once on a 404 and replays a safe request there', async () => {
    let expired = false;
    const { server: srv, client } = await setUp(tools, {}, { knows: (id) => !(expired && id === 's-1') });
    await client.connect();
    expired = true;
    const listed = await client.listTools();
    expect(listed.map((tool) => tool.name)).toEqual(['a']);
    expect(client.sessionId).toBe('s-2');
    expect(srv.methods()).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'initialize',
      'notifications/initialized',
      'tools/list',
    ]);
  });

  it('re-initialises only once: a second 404 is an error', async () => {
    const { server: srv, client } = await setUp((_received, res) => void res.writeHead(404).end());
    await client.connect();
    await expect(client.listTools()).rejects.toBeInstanceOf(McpSessionExpiredError);
    expect(srv.methods().filter((m) => m === 'initialize')).toHaveLength(2);
    expect(srv.methods().filter((m) => m === 'tools/list')).toHaveLength(2);
  });

  it('does not replay a request that may act: it says so, and the next call starts a new session', async () => {
    let expired = false;
    const { server: srv, client } = await setUp(tools, {}, { knows: (id) => !(expired && id === 's-1') });
    await client.connect();
    expired = true;
    const error = await client.callTool('resolve_incident', { id: 'Q1' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpSessionExpiredError);
    expect((error as Error).message).toContain('was not sent again');
    expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
    expect(client.sessionId).toBeUndefined();
    await client.listTools();
    expect(client.sessionId).toBe('s-2');
  });

  it('ends a session the server forgot on a notification too: not sent again, next call starts anew', async () => {
    let expired = false;
    const { server: srv, client } = await setUp(tools, {}, { knows: (id) => !(expired && id === 's-1') });
    await client.connect();
    expired = true;
    const error = await client.notify('notifications/roots/list_changed').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(McpSessionExpiredError);
    expect(srv.methods().filter((m) => m === 'notifications/roots/list_changed')).toHaveLength(1);
    expect(client.sessionId).toBeUndefined();
    await client.listTools();
    expect(client.sessionId).toBe('s-2');
  });

  it('ignores a DELETE that fails on the network', async () => {
    const { server: srv, client } = await setUp(tools);
    await client.connect();
    await srv.close();
    await expect(client.close()).resolves.toBeUndefined();
  });

  it('takes over a handshake the caller sent with call(initialize)', async () => {
    const { server: srv, client } = await setUp(tools);
    const reply = await client.call<{ protocolVersion: string }>('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'me', version: '1' },
    });
    expect(reply.result.protocolVersion).toBe('2025-06-18');
    await client.notify('notifications/initialized');
    await client.call('tools/list');
    expect(srv.methods()).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
  });
});

describe('the typed helpers', () => {
  it('page through list results by nextCursor, lazily, and collect them', async () => {
    const pages: Record<string, { tools: { name: string }[]; nextCursor?: string }> = {
      '': { tools: [{ name: 't1' }, { name: 't2' }], nextCursor: 'c2' },
      c2: { tools: [{ name: 't3' }], nextCursor: 'c3' },
      c3: { tools: [{ name: 't4' }] },
    };
    const { server: srv, client } = await setUp((received, res) =>
      replyJson(received, res, pages[String(received.message?.params?.cursor ?? '')]),
    );
    const first: string[] = [];
    for await (const tool of client.iterTools()) {
      first.push(tool.name);
      break;
    }
    expect(first).toEqual(['t1']);
    expect(srv.methods().filter((m) => m === 'tools/list')).toHaveLength(1);
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['t1', 't2', 't3', 't4']);
    expect(srv.received.filter((r) => r.message?.method === 'tools/list').map((r) => r.message?.params)).toEqual([
      undefined,
      undefined,
      { cursor: 'c2' },
      { cursor: 'c3' },
    ]);
  });

  it('stop a server that sends the same cursor again', async () => {
    const { client } = await setUp((received, res) =>
      replyJson(received, res, { prompts: [{ name: 'p' }], nextCursor: 'same' }),
    );
    await expect(client.listPrompts()).rejects.toThrow(/cursor "same" twice/);
  });

  it('send the methods and params of the schema', async () => {
    const results: Record<string, unknown> = {
      'tools/call': { content: [{ type: 'text', text: 'ok' }], isError: false },
      'resources/list': { resources: [{ uri: 'pd://x', name: 'x' }] },
      'resources/read': { contents: [{ uri: 'pd://x', text: 'hello' }] },
      'prompts/get': { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] },
    };
    const { server: srv, client } = await setUp((received, res) =>
      replyJson(received, res, results[received.message!.method!]),
    );
    expect((await client.callTool('t', { a: 1 })).content).toEqual([{ type: 'text', text: 'ok' }]);
    expect((await client.listResources()).map((r) => r.uri)).toEqual(['pd://x']);
    expect((await client.readResource('pd://x')).contents[0]).toEqual({ uri: 'pd://x', text: 'hello' });
    expect((await client.getPrompt('greet', { who: 'me' })).messages).toHaveLength(1);
    const params = Object.fromEntries(
      srv.received
        .filter((r) => r.message?.id !== undefined && r.message.method !== 'initialize')
        .map((r) => [r.message!.method, r.message!.params]),
    );
    expect(params).toEqual({
      'tools/call': { name: 't', arguments: { a: 1 } },
      'resources/list': undefined,
      'resources/read': { uri: 'pd://x' },
      'prompts/get': { name: 'greet', arguments: { who: 'me' } },
    });
  });
});

describe('endpointPath', () => {
  it('sends every message to the path given, and refuses one without a leading slash before any request', async () => {
    const { server: srv, client } = await setUp(tools, { endpointPath: '/' });
    await client.listTools();
    await client.close();
    expect(srv.received.map((r) => r.path)).toEqual(['/', '/', '/', '/']);
    expect(() => new McpApiClient('k', { endpointPath: 'mcp' })).toThrow(/endpointPath/);
  });
});
