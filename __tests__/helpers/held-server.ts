/**
 * A loopback server that answers nothing by itself: every request waits in `held` until
 * the test answers it, so a test decides the order in which responses arrive and sees
 * exactly how many requests are in flight at any moment.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request waiting for its answer. */
export interface HeldRequest {
  /** The path, without the query. */
  readonly path: string;
  /** The query parameters. */
  readonly query: URLSearchParams;
  /** Whether the client gave up on it (aborted, connection closed). */
  readonly closed: () => boolean;
  /** Answers it with JSON. */
  respond(status: number, body: unknown, headers?: Record<string, string>): void;
}

/** The server and what it saw. */
export interface HeldServer {
  url: string;
  /** Requests waiting for an answer, in arrival order. */
  readonly held: HeldRequest[];
  /** Every request received, in arrival order (`path?query`). */
  readonly received: string[];
  /** The most requests that were waiting at once. */
  maxHeld: number;
  /** Resolves when `predicate` holds, checking after every event-loop turn (no timers). */
  until(predicate: () => boolean, what?: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a held server. */
export async function startHeldServer(): Promise<HeldServer> {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.received.push(`${url.pathname}${url.search}`);
    let closed = false;
    res.on('close', () => {
      closed = true;
      const index = state.held.indexOf(entry);
      if (index >= 0) state.held.splice(index, 1);
    });
    const entry: HeldRequest = {
      path: url.pathname,
      query: url.searchParams,
      closed: () => closed,
      respond(status, body, headers = {}) {
        const index = state.held.indexOf(entry);
        if (index >= 0) state.held.splice(index, 1);
        const text = JSON.stringify(body);
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        });
        res.end(text);
      },
    };
    state.held.push(entry);
    state.maxHeld = Math.max(state.maxHeld, state.held.length);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const state: HeldServer = {
    url: '',
    held: [],
    received: [],
    maxHeld: 0,
    async until(predicate, what = 'the expected requests') {
      for (let turn = 0; turn < 20_000; turn += 1) {
        if (predicate()) return;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      throw new Error(`gave up waiting for ${what}: ${state.held.length} held, ${state.received.length} received`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
