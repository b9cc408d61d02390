/**
 * Interoperability with a server nobody here wrote: the official MCP TypeScript SDK's
 * `McpServer` over its `StreamableHTTPServerTransport` (stateful sessions) on loopback.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { McpError, McpRequestCancelledError } from '../../../src/core/mcp/mcp-error.js';
import type { McpProgress } from '../../../src/core/mcp/mcp-types.js';
import { realSockets } from '../../helpers/test-kit.js';

interface SdkServer {
  url: string;
  /** Session ids whose transport closed (after DELETE). */
  closedSessions: string[];
  /** Resolves with the slow tool's abort reason once its AbortSignal fires. */
  slowAborted: Promise<void>;
  close(): Promise<void>;
}

function buildServer(state: { markAborted: () => void }): McpServer {
  const server = new McpServer({ name: 'sdk-interop', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text', inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: 'text', text: `echo: ${text}` }],
    }),
  );
  server.registerTool(
    'count',
    { description: 'Counts to three, reporting progress', inputSchema: {} },
    async (_args, extra) => {
      const token = extra._meta?.progressToken;
      for (let progress = 1; progress <= 3; progress += 1) {
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 3 },
          });
      }
      return { content: [{ type: 'text', text: 'counted' }] };
    },
  );
  server.registerTool('slow', { description: 'Waits until cancelled', inputSchema: {} }, async (_args, extra) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 5000);
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        state.markAborted();
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'finished' }] };
  });
  return server;
}

async function startSdkServer(): Promise<SdkServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const closedSessions: string[] = [];
  let markAborted: () => void = () => undefined;
  const slowAborted = new Promise<void>((resolve) => (markAborted = resolve));
  const sockets = new Set<Socket>();
  const servers: McpServer[] = [];
  const httpServer = http.createServer((req, res) => {
    void (async () => {
      const sessionId = req.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (typeof sessionId === 'string') return void res.writeHead(404).end();
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void transports.set(id, created),
        });
        created.onclose = () => {
          if (created.sessionId) {
            closedSessions.push(created.sessionId);
            transports.delete(created.sessionId);
          }
        };
        const server = buildServer({ markAborted: () => markAborted() });
        servers.push(server);
        await server.connect(created);
        transport = created;
      }
      await transport.handleRequest(req, res);
    })();
  });
  httpServer.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`,
    closedSessions,
    slowAborted,
    close: async () => {
      for (const server of servers) await server.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

let sdk: SdkServer | undefined;

beforeAll(realSockets);

afterEach(async () => {
  await sdk?.close();
  sdk = undefined;
});

describe('McpApiClient against the official SDK server', () => {
  it('initialises, lists and calls tools (with progress), cancels a slow one, and ends the session', async () => {
    sdk = await startSdkServer();
    const client = new McpApiClient('u+interopkey00wxyz', { baseUrl: sdk.url });
    try {
      await client.connect();
      expect(client.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(client.protocolVersion).toBe('2025-11-25');
      const sessionId = client.sessionId!;

      expect((await client.listTools()).map((tool) => tool.name).sort()).toEqual(['count', 'echo', 'slow']);
      expect((await client.callTool('echo', { text: 'hi' })).content).toEqual([{ type: 'text', text: 'echo: hi' }]);

      const progress: McpProgress[] = [];
      const counted = await client.callTool('count', {}, { onProgress: (p) => progress.push(p) });
      expect(counted.content).toEqual([{ type: 'text', text: 'counted' }]);
      expect(progress.map((p) => [p.progress, p.total])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);

      const invalid = await client
        .call('tools/call', { name: 'echo', arguments: { text: 5 } })
        .catch((err: unknown) => err);
      // The SDK reports invalid arguments either as a JSON-RPC error or as an isError result.
      if (invalid instanceof McpError) expect(invalid.code).toBe(-32602);
      else expect((invalid as { result: { isError?: boolean } }).result.isError).toBe(true);

      const cancelled = await client.callTool('slow', {}, { timeout: 0.3 }).catch((err: unknown) => err);
      expect(cancelled).toBeInstanceOf(McpRequestCancelledError);
      // The tool's AbortSignal fired: the server got notifications/cancelled.
      await sdk.slowAborted;

      await client.close();
      expect(sdk.closedSessions).toEqual([sessionId]);
      expect(client.sessionId).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
