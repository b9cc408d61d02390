import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { RequestOptions } from '../../../src/core/client/client-options.js';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';
import { openStream, replyJson, sendEvent, startMcpServer, type McpTestServer } from '../../helpers/mcp-server.js';
import { realSockets, seams } from '../../helpers/test-kit.js';

/** A subclass as the legacy layer writes them: it sees every request through post, get and delete. */
class RecordingClient extends McpApiClient {
  readonly seen: string[] = [];

  override post(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.seen.push('POST');
    return super.post(url, options);
  }

  override get(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.seen.push('GET');
    return super.get(url, options);
  }

  override delete(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.seen.push('DELETE');
    return super.delete(url, options);
  }
}

let server: McpTestServer | undefined;

beforeAll(realSockets);

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('McpApiClient subclass overriding post, get and delete', () => {
  it('sees every request: handshake, its stream, calls, an answer to the server, a notification, DELETE', async () => {
    server = await startMcpServer((received, res) => {
      if (received.message?.method === 'tools/list') return replyJson(received, res, { tools: [{ name: 'echo' }] });
      openStream(res);
      sendEvent(res, { jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
      sendEvent(res, { jsonrpc: '2.0', id: received.message?.id, result: { content: [] } });
      res.end();
    });
    const client = new RecordingClient('u+overridekey1234', {
      baseUrl: server.url,
      onNotification: () => undefined,
      ...seams({ sleep: async () => undefined }),
    });
    await client.listTools();
    await client.callTool('echo', {});
    await client.notify('notifications/roots/list_changed');
    await server.waitFor((received) => received.message?.id === 'srv-1' && 'result' in received.message);
    await client.close();
    expect(server.received.map((received) => received.httpMethod)).toEqual(client.seen);
    expect(client.seen).toEqual(expect.arrayContaining(['POST', 'GET', 'DELETE']));
    expect(server.methods()).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/list',
      'tools/call',
      'response:srv-1',
      'notifications/roots/list_changed',
    ]);
  });
});
