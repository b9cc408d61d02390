/**
 * A loopback webhook receiver for the emulator's deliveries: it keeps every request's raw
 * body and headers, and answers the n-th request as its script says (the last answer
 * repeats): a status, `'drop'` to hang up without answering, or `'hang'` to never answer.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type ReceiverAnswer = number | 'drop' | 'hang';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The answer it got. */
  answer: ReceiverAnswer;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The parsed `event` of each request received. */
  events(): { id: string; event_type: string; resource_type: string; data: Record<string, unknown> }[];
  /** Resolves once `count` requests have been received. */
  waitFor(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(script: ReceiverAnswer[] = [200]): Promise<WebhookReceiver> {
  const sockets = new Set<Socket>();
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = script[Math.min(received.length, script.length - 1)];
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answer });
      for (const waiter of waiters.filter((item) => item.count <= received.length)) waiter.resolve();
      if (answer === 'drop') request.socket.destroy();
      else if (answer !== 'hang') response.writeHead(answer).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    events: () =>
      received.map((item) => (JSON.parse(item.body) as { event: ReturnType<WebhookReceiver['events']>[number] }).event),
    waitFor: (count) =>
      count <= received.length ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
