import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { NetworkError } from '../../../src/core/errors/error-classes.js';
import {
  openStream,
  replyJson,
  sendEvent,
  type McpHandler,
  type McpTestServer,
  mcpTestBed,
} from '../../helpers/mcp-server.js';
import { realSockets } from '../../helpers/test-kit.js';

const bed = mcpTestBed('u+repeatkey00abcd');

beforeAll(realSockets);

afterEach(bed.tearDown);

const TOOLS = [
  { name: 'get_incident', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, idempotentHint: true } },
  { name: 'list_incidents', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  {
    name: 'resolve_incident',
    inputSchema: { type: 'object' },
    annotations: { readOnlyHint: false, idempotentHint: true, destructiveHint: false },
  },
];

/**
 * Lists TOOLS; resets the connection on the first `tools/call` of each tool (before any
 * header), answers the next ones. `announce` tools answer on a stream that first says the
 * tool list changed.
 */
function server(announce: ReadonlySet<string> = new Set()): McpHandler {
  const reset = new Set<string>();
  return (received, res) => {
    const { method, params } = received.message ?? {};
    if (method === 'tools/list') return replyJson(received, res, { tools: TOOLS });
    const name = String(params?.name);
    if (!reset.has(name)) {
      reset.add(name);
      return void res.socket?.destroy();
    }
    if (!announce.has(name)) return replyJson(received, res, { content: [] });
    openStream(res);
    sendEvent(res, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: { content: [] } });
  };
}

const callsOf = (srv: McpTestServer, name: string): number =>
  srv.received.filter((r) => r.message?.method === 'tools/call' && r.message.params?.name === name).length;

describe('a tool the last tools/list marked readOnlyHint and idempotentHint', () => {
  it('is retried after a reset, like the safe methods; a tool without both hints is not', async () => {
    const { server: srv, client, pauses } = await bed.setUp(server(), { maxNetworkAttempts: 3 });
    await client.listTools();
    await expect(client.callTool('get_incident', { id: 'Q1' })).resolves.toEqual({ content: [] });
    expect(callsOf(srv, 'get_incident')).toBe(2);
    expect(pauses).toHaveLength(1);
    for (const name of ['list_incidents', 'resolve_incident', 'not_listed']) {
      await expect(client.callTool(name, {})).rejects.toBeInstanceOf(NetworkError);
      expect(callsOf(srv, name)).toBe(1);
    }
    expect(pauses).toHaveLength(1);
  });

  it('is at most once before any tools/list of the session', async () => {
    const { server: srv, client, pauses } = await bed.setUp(server(), { maxNetworkAttempts: 3 });
    await expect(client.callTool('get_incident', {})).rejects.toBeInstanceOf(NetworkError);
    expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(1);
    expect(pauses).toEqual([]);
  });

  it('is at most once again after the server says the tool list changed, until the next tools/list', async () => {
    const { server: srv, client } = await bed.setUp(server(new Set(['list_incidents'])), { maxNetworkAttempts: 3 });
    await client.listTools();
    await expect(client.callTool('list_incidents', {})).rejects.toBeInstanceOf(NetworkError);
    await client.callTool('list_incidents', {}); // its stream says notifications/tools/list_changed
    const before = srv.methods().filter((m) => m === 'tools/call').length;
    await expect(client.callTool('get_incident', {})).rejects.toBeInstanceOf(NetworkError);
    expect(srv.methods().filter((m) => m === 'tools/call')).toHaveLength(before + 1);
  });
});
