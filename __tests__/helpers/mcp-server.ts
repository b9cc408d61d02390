import { seams } from './test-kit.js';
/**
 * A scripted MCP endpoint on loopback for the client's tests: it answers the handshake
 * itself (a new session id per `initialize`), accepts notifications and responses with
 * 202, records every message, and hands each other request to the test's handler.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { McpApiClient } from '../../src/core/mcp/mcp-api-client.js';
import type { McpApiClientOptions } from '../../src/core/mcp/mcp-options.js';
import { recordingSleep } from './test-kit.js';

/** One message the server received. */
export interface Received {
  readonly httpMethod: string;
  /** The request target (path and query). */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The JSON-RPC message (POST), or undefined (GET, DELETE). */
  readonly message:
    | {
        jsonrpc: '2.0';
        id?: string | number;
        method?: string;
        params?: Record<string, unknown>;
        result?: unknown;
        error?: unknown;
      }
    | undefined;
}

/** Answers a request the handshake does not cover. */
export type McpHandler = (received: Received, res: http.ServerResponse) => void;

export interface McpTestServer {
  readonly url: string;
  readonly received: Received[];
  /** The JSON-RPC methods of the POSTs, in order (responses as `response:<id>`). */
  methods(): string[];
  /** Resolves when a message matching `test` has been received. */
  waitFor(test: (received: Received) => boolean): Promise<Received>;
  close(): Promise<void>;
}

export interface McpServerOptions {
  /** Answers GET (resumption); 405 when absent. */
  onGet?: McpHandler;
  /** Answers initialize instead of the built-in handshake. */
  onInitialize?: McpHandler;
  /** Session ids the server still knows; a POST with another one gets 404. @default every id it issued */
  knows?: (sessionId: string) => boolean;
}

/** Starts the server on 127.0.0.1. */
export async function startMcpServer(handle: McpHandler, options: McpServerOptions = {}): Promise<McpTestServer> {
  const sockets = new Set<Socket>();
  const received: Received[] = [];
  const waiters: { test: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  let sessions = 0;
  const record = (entry: Received): void => {
    received.push(entry);
    for (const waiter of waiters.splice(0)) {
      if (waiter.test(entry)) waiter.resolve(entry);
      else waiters.push(waiter);
    }
  };
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const entry: Received = {
        httpMethod: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        message: text === '' ? undefined : (JSON.parse(text) as Received['message']),
      };
      record(entry);
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      if (req.method === 'GET') return options.onGet ? options.onGet(entry, res) : void res.writeHead(405).end();
      const session = req.headers['mcp-session-id'];
      const message = entry.message!;
      if (typeof session === 'string' && !(options.knows?.(session) ?? true))
        return void res.writeHead(404).end('session not found');
      if (message.method === 'initialize' && options.onInitialize) return options.onInitialize(entry, res);
      if (message.method === 'initialize') {
        sessions += 1;
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': `s-${sessions}` });
        return void res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: message.id,
            result: {
              protocolVersion: '2025-06-18',
              capabilities: { tools: {} },
              serverInfo: { name: 'loopback', version: '1' },
            },
          }),
        );
      }
      if (message.id === undefined || message.method === undefined) return void res.writeHead(202).end();
      handle(entry, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    methods: () =>
      received
        .filter((r) => r.httpMethod === 'POST')
        .map((r) => r.message?.method ?? `response:${String(r.message?.id)}`),
    waitFor: (test) => {
      const found = received.find(test);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ test, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Starts an event-stream reply. */
export function openStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

/** Writes one message event (with an id when given). */
export function sendEvent(res: http.ServerResponse, message: unknown, id?: string): void {
  res.write(`${id === undefined ? '' : `id: ${id}\n`}event: message\ndata: ${JSON.stringify(message)}\n\n`);
}

/** A JSON reply with the result for `received`. */
export function replyJson(received: Received, res: http.ServerResponse, result: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id: received.message?.id, result }));
}

/** What {@link mcpTestBed} sets up for one test. */
export interface McpTestSetUp {
  readonly server: McpTestServer;
  readonly client: McpApiClient;
  /** The pauses the client asked for (its sleep is injected and never waits). */
  readonly pauses: number[];
}

/**
 * One scripted server and its clients per test, all torn down by `tearDown` (register it
 * with `afterEach`); `later` runs an action after a real delay and is cleared with them.
 */
export function mcpTestBed(key: string): {
  setUp(handle: McpHandler, options?: McpApiClientOptions, serverOptions?: McpServerOptions): Promise<McpTestSetUp>;
  later(ms: number, action: () => void): void;
  tearDown(): Promise<void>;
} {
  let server: McpTestServer | undefined;
  const clients: McpApiClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  return {
    async setUp(handle, options = {}, serverOptions = {}) {
      server = await startMcpServer(handle, serverOptions);
      const { pauses, sleep } = recordingSleep();
      const client = new McpApiClient(key, { baseUrl: server.url, ...seams({ sleep }), ...options });
      clients.push(client);
      return { server, client, pauses };
    },
    later(ms, action) {
      timers.push(setTimeout(action, ms));
    },
    async tearDown() {
      for (const timer of timers.splice(0)) clearTimeout(timer);
      for (const client of clients.splice(0)) await client.close();
      await server?.close();
      server = undefined;
    },
  };
}
