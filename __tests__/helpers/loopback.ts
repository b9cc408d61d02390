/**
 * A loopback HTTP server for tests that need real sockets: each request is answered by
 * the next handler in a script, so a test states exactly what every attempt meets.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface LoopbackServer {
  url: string;
  /** Requests received so far. */
  requests: http.IncomingMessage[];
  /** TCP connections accepted so far. */
  connections: number;
  close(): Promise<void>;
}

/** Starts a server that answers the n-th request with `script[n]` (the last one repeats). */
export async function startLoopback(script: Handler[]): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const state: LoopbackServer = {
    url: '',
    requests: [],
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    state.requests.push(req);
    const handler = script[Math.min(state.requests.length - 1, script.length - 1)];
    handler(req, res);
  });
  server.on('connection', (socket) => {
    state.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

export const ok =
  (body: unknown = { ok: true }): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

/** Drops the connection without answering. */
export const reset: Handler = (req) => {
  req.socket.destroy();
};

/** Sends headers promising 100 bytes, then 10, then drops the connection. */
export const cutShort: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"partial":');
  setImmediate(() => res.socket?.destroy());
};

/** Never answers (until the server closes): the client's timeout must fire. */
export const hang: Handler = () => {};

/** Sends headers promising 100 bytes and 10 of them, then nothing more (the connection stays open). */
export const stallBody: Handler = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  res.write('{"partial":');
};
