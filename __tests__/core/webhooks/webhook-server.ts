// A loopback server around a request handler, and a way to post signed deliveries to it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookRequest } from '../../../src/core/webhooks/webhook-request.js';
import { signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';

export interface TestServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Serves `handler` on a free loopback port. */
export async function serve(handler: (req: WebhookRequest, res: http.ServerResponse) => unknown): Promise<TestServer> {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A delivery body of `event_type` for `incident`, byte for byte as sent. */
export function deliveryBody(eventType = 'incident.triggered', title = 'Disk full'): string {
  return JSON.stringify({
    event: {
      id: `E-${title}`,
      event_type: eventType,
      resource_type: 'incident',
      occurred_at: '2026-01-02T03:04:05.000Z',
      agent: null,
      client: null,
      data: { type: 'incident', id: 'PINC1', title, status: 'triggered', urgency: 'high' },
    },
  });
}

/** POSTs `body`, signed with `secret` unless it is undefined, with `X-Webhook-Id: webhookId`. */
export async function post(
  url: string,
  body: string,
  secret: string | undefined,
  webhookId?: string,
): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (secret !== undefined) headers['x-pagerduty-signature'] = signWebhookBody(body, secret);
  if (webhookId !== undefined) headers['x-webhook-id'] = webhookId;
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, text: (await response.text()).trim() };
}
