/**
 * PagerDuty webhooks in a Hono app: `createFetchWebhookHandler` takes Hono's underlying `Request`
 * (`c.req.raw`, body unread) and returns the `Response`. The same app runs on Node (below, with
 * `@hono/node-server`), Bun, Deno and Workers.
 *
 * Run: `PAGERDUTY_WEBHOOK_SECRET=... npx tsx hono.ts` (needs `npm install hono @hono/node-server`).
 *
 * @module
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { pathToFileURL } from 'node:url';
import { createFetchWebhookHandler, type WebhookHandlerOptions } from 'pagerduty-client/webhooks';

/** An app with the receiver on `POST /pagerduty`. */
export function createApp(options: Pick<WebhookHandlerOptions<Headers>, 'secrets' | 'onEvent' | 'store'>): Hono {
  const handler = createFetchWebhookHandler(options);
  const app = new Hono();
  app.post('/pagerduty', (c) => handler(c.req.raw));
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = createApp({
    secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
    onEvent: (event) => console.log(`${event.occurred_at} ${event.event_type} ${event.id}`),
  });
  serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 8080) });
}
