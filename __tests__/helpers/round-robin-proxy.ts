/**
 * A loopback load balancer for tests: each request goes to the next backend in turn, as a round-robin
 * proxy in front of replicas would; a backend that cannot be reached is answered 502 (as a proxy does).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  readonly url: string;
  /** The backends' ports, in turn order; the test may remove one (a replica taken out). */
  readonly ports: number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  const backends = [...ports];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;
  const server = http.createServer((req, res) => {
    const port = backends[turn++ % backends.length];
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('bad-gateway\n');
      else res.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    ports: backends,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
