/**
 * PagerDuty webhooks with `Deno.serve`: `createFetchWebhookHandler` is the server's handler.
 *
 * Run: `PAGERDUTY_WEBHOOK_SECRET=... deno run --allow-net --allow-env deno-serve.ts`, with
 * `pagerduty-client` installed (`deno add npm:pagerduty-client`).
 *
 * @module
 */
import { createFetchWebhookHandler } from 'pagerduty-client/webhooks';

// What of Deno's global this file uses (Deno's own types declare it; tsc here does not know Deno).
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(options: { port: number }, handler: (request: Request) => Promise<Response>): unknown;
};

const handler = createFetchWebhookHandler({
  secrets: [Deno.env.get('PAGERDUTY_WEBHOOK_SECRET') ?? ''],
  onEvent: (event) => console.log(`${event.occurred_at} ${event.event_type} ${event.id}`),
});
Deno.serve({ port: Number(Deno.env.get('PORT') ?? 8080) }, handler);
