import { readFetchBody } from './webhook-request.js';
import { createWebhookCore, type WebhookAnswer } from './webhook-core.js';
import type { WebhookHandlerOptions } from './webhook-options.js';

/** A Workers `ExecutionContext`, or anything with its `waitUntil`. */
export interface FetchWebhookContext {
  /** Keeps the runtime alive for `promise` after the response is returned. */
  waitUntil?(promise: Promise<unknown>): void;
}

/** A fetch handler; never rejects. With `respond: 'before-handling'`, pass Workers' `ctx` (`waitUntil`). */
export type FetchWebhookHandler = (request: Request, context?: FetchWebhookContext) => Promise<Response>;

const toResponse = (answer: WebhookAnswer): Response =>
  new Response(`${answer.text}\n`, {
    status: answer.status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...answer.headers },
  });

/**
 * Creates a handler of PagerDuty's V3 webhooks for servers that take a fetch `Request`
 * (Next.js, Hono, Workers, `Deno.serve`, `Bun.serve`), on any runtime: {@link createWebhookHandler}'s
 * twin, with the same options and answers. Hand it the request with its body unread.
 *
 * @example
 * ```ts
 * import { createFetchWebhookHandler, isWebhookEvent } from 'pagerduty-client/webhooks';
 *
 * const handler = createFetchWebhookHandler({
 *   secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
 *   onEvent: (event) => {
 *     if (isWebhookEvent(event, 'incident.triggered')) console.log(`triggered: ${event.data.title}`);
 *   },
 * });
 * export const POST = handler; // a Next.js route; or Deno.serve(handler), Bun.serve({ fetch: handler })
 * ```
 */
export function createFetchWebhookHandler(options: WebhookHandlerOptions<Headers>): FetchWebhookHandler {
  const core = createWebhookCore(options);
  return async (request, context) => {
    const { answer, after } = await core({
      method: request.method,
      headers: request.headers,
      readBody: (limits) => readFetchBody(request, limits),
    });
    if (after) context?.waitUntil?.(after);
    return toResponse(answer ?? { status: 400, text: 'aborted', headers: {}, close: true });
  };
}
