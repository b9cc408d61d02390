import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { McpError } from '../../../src/core/mcp/mcp-error.js';
import { mcpName, probeOutcome, statelessHeaders, withStatelessMeta } from '../../../src/core/mcp/protocol-versions.js';
import { startEmulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';

const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26'];

describe('the stateless revision, piece by piece', () => {
  it('names a request in headers: Mcp-Method, and Mcp-Name for a tool, a prompt or a resource', () => {
    expect(statelessHeaders('tools/call', { name: 'list_incidents' })).toEqual({
      'Mcp-Method': 'tools/call',
      'Mcp-Name': 'list_incidents',
    });
    expect(mcpName('resources/read', { uri: 'file:///a' })).toBe('file:///a');
    expect(statelessHeaders('tools/list', {})).toEqual({ 'Mcp-Method': 'tools/list' });
  });

  it('puts the version, clientInfo and capabilities in _meta, keeping the caller’s own keys', () => {
    const params = withStatelessMeta({ name: 't', _meta: { progressToken: 1 } }, { name: 'c', version: '1' }, {});
    expect(params).toEqual({
      name: 't',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' },
        'io.modelcontextprotocol/clientCapabilities': {},
        progressToken: 1,
      },
    });
  });

  it('tells a stateless answer, a legacy server and a stateless refusal apart', () => {
    expect(probeOutcome(200, { jsonrpc: '2.0', id: 1, result: {} }, LEGACY)).toBe('stateless');
    const legacy = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Mcp-Session-Id header is required' } };
    expect(probeOutcome(400, legacy, LEGACY)).toBe('legacy');
    expect(probeOutcome(405, undefined, LEGACY)).toBe('legacy');
    const unsupported = (supported: string[]) => ({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32022, message: 'Unsupported protocol version', data: { supported, requested: '2026-07-28' } },
    });
    expect(probeOutcome(400, unsupported(['2027-01-01']), LEGACY)).toBe('refused');
    expect(probeOutcome(400, unsupported(['2025-11-25']), LEGACY)).toBe('legacy');
  });
});

describe('McpApiClient in dual-era mode', () => {
  let server: Server | undefined;
  beforeAll(realSockets);
  afterEach(async () => {
    const running = server;
    server = undefined;
    if (running) await new Promise((resolve) => running.close(resolve));
  });

  it('speaks the stateless revision where the server does: no initialize; headers and _meta on each call', async () => {
    const seen: { headers: Record<string, unknown>; body: { method: string; params: Record<string, unknown> } }[] = [];
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += String(chunk)));
      request.on('end', () => {
        const body = JSON.parse(text) as { id: string; method: string; params: Record<string, unknown> };
        seen.push({ headers: request.headers, body });
        const result = body.method === 'server/discover' ? { supportedVersions: ['2026-07-28'] } : { content: [] };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new McpApiClient('k', { baseUrl: `http://127.0.0.1:${port}`, protocolEra: 'auto' });
    await client.callTool('list_incidents', {});
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.sessionId).toBeUndefined();
    await client.close();
    expect(seen.map((s) => s.body.method)).toEqual(['server/discover', 'tools/call']);
    const call = seen[1];
    expect(call.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(call.headers['mcp-method']).toBe('tools/call');
    expect(call.headers['mcp-name']).toBe('list_incidents');
    expect(call.headers['mcp-session-id']).toBeUndefined();
    expect((call.body.params._meta as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion']).toBe(
      '2026-07-28',
    );
  });

  it('falls back to initialize on a server of the initialize era (the emulator’s 400), and remembers it', async () => {
    await using emulator = await startEmulator();
    const client = new McpApiClient(emulator.keys.users[0].key, { baseUrl: emulator.url, protocolEra: 'auto' });
    const tools = await client.listTools();
    await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('list_incidents');
    expect(client.protocolVersion).toBe('2025-11-25');
    // The emulator refuses the stateless version header with a plain 400: the probe's, once.
    const mcp = emulator.requests.filter((r) => r.path === '/mcp');
    expect(mcp.slice(0, 2).map((r) => `${r.status} ${r.rpcMethod ?? ''}`.trim())).toEqual(['400', '200 initialize']);
    expect(mcp.filter((r) => r.status === 400)).toHaveLength(1);
    await client.close();
  });

  it('refuses an unknown era before any request', () => {
    expect(() => new McpApiClient('k', { protocolEra: 'modern' as never })).toThrow(/protocolEra/);
  });

  it('lets a stateless server’s refusal stand', async () => {
    server = createServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      const error = { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2027-01-01'] } };
      response.end(JSON.stringify({ jsonrpc: '2.0', id: null, error }));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = new McpApiClient('k', { baseUrl: `http://127.0.0.1:${port}`, protocolEra: 'auto' });
    const error = await client.listTools().catch((err: unknown) => err);
    await client.close();
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32022);
  });
});
