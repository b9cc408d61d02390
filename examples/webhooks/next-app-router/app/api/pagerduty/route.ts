/**
 * PagerDuty webhooks in a Next.js App Router route handler (`app/api/pagerduty/route.ts`): the
 * handler is the route's `POST`. Set `PAGERDUTY_WEBHOOK_SECRET` in the deployment's environment;
 * with several instances, pass a shared `store` (`createRedisDeliveryStore`) so that each event
 * runs once between them.
 *
 * @module
 */
import { createFetchWebhookHandler, isWebhookEvent } from 'pagerduty-client/webhooks';

// The Node runtime: the Edge runtime works as well (the handler needs nothing of Node).
export const runtime = 'nodejs';
// Never cached or prerendered: every delivery reaches the handler.
export const dynamic = 'force-dynamic';

const handler = createFetchWebhookHandler({
  secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
  onEvent: (event) => {
    if (isWebhookEvent(event, 'incident.triggered')) console.log(`triggered: ${event.data.title}`);
    else console.log(event.event_type);
  },
});

/** The route's POST: Next.js passes the untouched `Request`. */
export async function POST(request: Request): Promise<Response> {
  return handler(request);
}
