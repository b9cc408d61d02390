/**
 * PagerDuty webhooks in a Cloudflare Worker: `createFetchWebhookHandler` is the Worker's `fetch`.
 * The secret is a Worker secret (`wrangler secret put PAGERDUTY_WEBHOOK_SECRET`), known only once a
 * request arrives, so the handler is made at the first request and kept for the isolate's life.
 * Its in-memory store is per isolate: for one `onEvent` per event across isolates, pass a shared
 * `store` of your own (a `WebhookDeliveryStore` over a Durable Object, say).
 *
 * Run: `npx wrangler dev cloudflare-worker.ts` (with `PAGERDUTY_WEBHOOK_SECRET` in `.dev.vars`).
 *
 * @module
 */
import { createFetchWebhookHandler, type FetchWebhookHandler } from 'pagerduty-client/webhooks';

/** The Worker's bindings. */
export interface Env {
  PAGERDUTY_WEBHOOK_SECRET: string;
}

/** What of Workers' `ExecutionContext` the handler uses. */
interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

let handler: FetchWebhookHandler | undefined;

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    handler ??= createFetchWebhookHandler({
      secrets: [env.PAGERDUTY_WEBHOOK_SECRET],
      onEvent: (event) => console.log(`${event.event_type} ${event.id}`),
    });
    // ctx keeps the Worker alive for the work of respond: 'before-handling', if you choose it.
    return handler(request, ctx);
  },
};
