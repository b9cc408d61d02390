import { readFetchBody } from './read-fetch-body.js';
import { createWebhookCore, type WebhookAnswer } from './webhook-core.js';
import type { WebhookHandlerOptions } from './webhook-options.js';

/**
 * Where the work left after the answer may go: a Workers `ExecutionContext` (the third argument
 * of `fetch`), or anything with its `waitUntil`.
 */
export interface FetchWebhookContext {
  /** Keeps the runtime alive for `promise` after the response is returned. */
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * A fetch handler: takes a `Request`, resolves to the `Response` to send, and never rejects.
 * With `respond: 'before-handling'`, `onEvent` runs after it resolved: pass a `context` whose
 * `waitUntil` keeps the runtime alive for it (Workers' `ctx`).
 */
export type FetchWebhookHandler = (request: Request, context?: FetchWebhookContext) => Promise<Response>;

const toResponse = (answer: WebhookAnswer): Response =>
  // The connection is the runtime's to close; `close` is only a hint that fetch cannot give.
  new Response(`${answer.text}\n`, {
    status: answer.status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...answer.headers },
  });

/**
 * Creates a handler of PagerDuty's V3 webhooks for servers that take a fetch `Request` and
 * return a `Response`: Next.js route handlers, Hono, Cloudflare Workers, `Deno.serve`,
 * `Bun.serve`. It is {@link createWebhookHandler}'s twin, with the same options and answers:
 * it verifies the signature (against every secret, in constant time), bounds the body's size
 * and reading time, runs `onEvent` once per event (across processes with a shared `store`),
 * makes an overlapping repeat wait for the first's outcome, and answers 500 when `onEvent`
 * fails so that PagerDuty retries. It runs on every runtime: nothing in it needs Node.
 *
 * Hand it the request untouched: a body already read (`await request.json()`) is gone, and
 * the handler answers 500 and tells `onError`.
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
 * // Next.js (app/pagerduty/route.ts): export const POST = handler;
 * // Deno: Deno.serve(handler); Bun: Bun.serve({ fetch: handler }); Workers: export default { fetch: handler };
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
    // A client that went away gets no answer; the runtime still wants a Response.
    return toResponse(answer ?? { status: 400, text: 'aborted', headers: {}, close: true });
  };
}
