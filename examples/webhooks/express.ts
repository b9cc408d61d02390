/**
 * PagerDuty webhooks in an Express app: `createWebhookHandler` mounted after `express.raw()`, so
 * that it gets the bytes the signature covers (`express.json()` would lose them).
 *
 * Run: `PAGERDUTY_WEBHOOK_SECRET=... npx tsx express.ts` (needs `npm install express`), then point a
 * subscription (or the emulator, `guide/webhooks.md`) at `http://<host>:8080/pagerduty`.
 *
 * @module
 */
import express from 'express';
import { pathToFileURL } from 'node:url';
import { createWebhookHandler, type WebhookHandlerOptions } from 'pagerduty-client/webhooks';

/** An app with the receiver on `POST /pagerduty`. */
export function createApp(options: Pick<WebhookHandlerOptions, 'secrets' | 'onEvent' | 'store'>): express.Express {
  const handler = createWebhookHandler(options);
  const app = express();
  app.post('/pagerduty', express.raw({ type: 'application/json', limit: '256kb' }), (req, res) => handler(req, res));
  return app;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  createApp({
    secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
    onEvent: (event) => console.log(`${event.occurred_at} ${event.event_type} ${event.id}`),
  }).listen(Number(process.env.PORT ?? 8080));
}
