/**
 * Receives PagerDuty's V3 webhooks and handles `incident.triggered`: starts a receiver
 * built with `createWebhookHandler`, subscribes it with `POST /webhook_subscriptions`
 * (whose answer is the only one that shows the signing secret), and prints each incident
 * that opens until `count` have. The subscription is deleted on the way out.
 *
 * The receiver listens on loopback, which the local emulator reaches (`npm run example --
 * receive-webhooks` runs it there and opens a test incident). For PagerDuty itself, give
 * `PUBLIC_URL`: the address of a tunnel or proxy that forwards to `PORT`.
 *
 * @module
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { EventsApiV2Client, RestApiV2Client, type RestApiV2ClientOptions } from 'pagerduty-client';
import { createWebhookHandler, isWebhookEvent, type WebhookRequestHandler } from 'pagerduty-client/webhooks';

/** What {@link main} needs. */
export interface ReceiveWebhooksOptions {
  /** A REST API key allowed to manage webhook subscriptions. */
  apiKey: string;
  /** The REST API base URL. @default 'https://api.pagerduty.com' */
  baseUrl?: string;
  /** The port to listen on. @default 0, a free one */
  port?: number;
  /** The URL PagerDuty posts to. @default the receiver's loopback URL */
  publicUrl?: string;
  /** How many triggered incidents to handle before stopping. @default 1 */
  count?: number;
  /** With a routing key, a test alert is triggered once the subscription exists. */
  routingKey?: string;
  /** The Events API base URL for the test alert. */
  eventsUrl?: string;
  /** Where lines go. @default console.log */
  print?: (line: string) => void;
  /** Further client options (retries, logger, ...). */
  clientOptions?: RestApiV2ClientOptions;
}

/** One incident that opened. */
export interface TriggeredIncident {
  /** The incident's ID. */
  id: string;
  /** Its title. */
  title: string;
  /** Its urgency. */
  urgency: string;
  /** The `X-Webhook-Id` of the delivery. */
  webhookId: string | undefined;
}

/** Listens, subscribes, handles `count` triggered incidents, unsubscribes. */
export async function main(options: ReceiveWebhooksOptions): Promise<TriggeredIncident[]> {
  const print = options.print ?? console.log;
  const count = options.count ?? 1;
  const triggered: TriggeredIncident[] = [];
  let done: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (done = resolve));

  // The handler needs the secret, which exists only once the subscription does; the
  // subscription needs the receiver's URL. So the server starts first and waits for it.
  let handler: WebhookRequestHandler | undefined;
  const server = http.createServer((req, res) => (handler ? void handler(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = options.publicUrl ?? `http://127.0.0.1:${(server.address() as AddressInfo).port}/pagerduty`;

  await using client = new RestApiV2Client(options.apiKey, {
    ...options.clientOptions,
    baseUrl: options.baseUrl ?? options.clientOptions?.baseUrl,
  });
  const subscription = await client.rpost<{ id: string; delivery_method: { secret: string } }>(
    '/webhook_subscriptions',
    {
      json: {
        type: 'webhook_subscription',
        description: 'pagerduty-client example: receive-webhooks',
        delivery_method: { type: 'http_delivery_method', url },
        events: ['incident.triggered'],
        filter: { type: 'account_reference' },
      },
    },
  );
  try {
    handler = createWebhookHandler({
      secrets: [subscription.delivery_method.secret],
      onEvent: (event, { webhookId }) => {
        if (!isWebhookEvent(event, 'incident.triggered') || triggered.length >= count) return;
        const { id, title, urgency } = event.data;
        triggered.push({ id, title, urgency, webhookId });
        print(`incident ${id} triggered (${urgency}): ${title}`);
        if (triggered.length === count) done();
      },
      onRejected: ({ status, reason }) => print(`refused a request: ${status} ${reason}`),
    });
    print(`subscribed ${subscription.id}; receiving on ${url}`);
    if (options.routingKey) {
      await using events = new EventsApiV2Client(options.routingKey, { baseUrl: options.eventsUrl });
      await events.trigger('Test incident from the receive-webhooks example', 'receive-webhooks');
    }
    await allDone;
    return triggered;
  } finally {
    await client.rdelete(`/webhook_subscriptions/${subscription.id}`);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const apiKey = process.env.PAGERDUTY_API_KEY;
  if (!apiKey) {
    console.error('set PAGERDUTY_API_KEY');
    process.exitCode = 1;
  } else {
    main({
      apiKey,
      baseUrl: process.env.PAGERDUTY_BASE_URL,
      port: process.env.PORT ? Number(process.env.PORT) : undefined,
      publicUrl: process.env.PUBLIC_URL,
      // Against the emulator (no public URL), a test alert makes something to receive.
      routingKey: process.env.PUBLIC_URL ? undefined : process.env.PAGERDUTY_ROUTING_KEY,
      eventsUrl: process.env.PAGERDUTY_EVENTS_URL,
    }).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
  }
}
