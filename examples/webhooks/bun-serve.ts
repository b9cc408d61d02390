/**
 * PagerDuty webhooks with `Bun.serve`: `createFetchWebhookHandler` is the server's `fetch`.
 *
 * Run: `PAGERDUTY_WEBHOOK_SECRET=... bun bun-serve.ts` (after `bun add pagerduty-client`).
 *
 * @module
 */
import { createFetchWebhookHandler } from 'pagerduty-client/webhooks';

// What of Bun's global this file uses (bun-types declares it; tsc here does not know Bun).
declare const Bun: { serve(options: { port: number; fetch: (request: Request) => Promise<Response> }): unknown };

const handler = createFetchWebhookHandler({
  secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
  onEvent: (event) => console.log(`${event.occurred_at} ${event.event_type} ${event.id}`),
});
Bun.serve({ port: Number(process.env.PORT ?? 8080), fetch: (request) => handler(request) });
