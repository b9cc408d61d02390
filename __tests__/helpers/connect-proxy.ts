// A minimal CONNECT proxy on loopback that records the tunnels it opens (not a test file).
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** `host:port` of each tunnel opened, in order. */
  tunnels: string[];
  /** The request line of each request sent through a tunnel (`GET /users HTTP/1.1`). */
  requests: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const requests: string[] = [];
  const sockets = new Set<net.Socket>();
  const proxy = http.createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, clientSocket, head) => {
    tunnels.push(String(req.url));
    sockets.add(clientSocket as net.Socket);
    const [host, port] = String(req.url).split(':');
    // Tunnelled connections are kept alive and reused, so requests are counted from the
    // bytes that pass, not from the tunnels opened.
    clientSocket.on('data', (chunk: Buffer) => {
      requests.push(...(chunk.toString('latin1').match(/^[A-Z]+ \S+ HTTP\/1\.1/gm) ?? []));
    });
    const upstream = net.connect(Number(port), host, () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    tunnels,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
