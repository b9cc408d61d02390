import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { readRequestBody, type WebhookRequest } from './webhook-request.js';
import { createWebhookCore, type WebhookAnswer } from './webhook-core.js';
import type { WebhookHandlerOptions } from './webhook-options.js';
import { requireNode } from '../platform/node-only.js';
import type { RuntimeGlobals } from '../platform/runtime.js';

/**
 * A Node `http` request handler; its promise settles once the answer is sent and `onEvent`
 * is done, and never rejects.
 */
export type WebhookRequestHandler = (req: WebhookRequest, res: ServerResponse) => Promise<void>;

function send(res: ServerResponse, answer: WebhookAnswer): void {
  if (res.headersSent) return;
  const connection: Record<string, string> = answer.close ? { connection: 'close' } : {};
  res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers, ...connection });
  res.end(`${answer.text}\n`);
}

/**
 * Creates a handler of PagerDuty's V3 webhooks for `http.createServer`, Express (mount it
 * after `express.raw({ type: 'application/json' })`, or with no body parser) or any server
 * with Node's `(req, res)`; {@link createFetchWebhookHandler} is its fetch twin.
 *
 * It answers 405 to a method other than POST, 408 to a body not read within `bodyTimeoutMs`,
 * 413 to a body over the cap, 401 to a missing, malformed or unmatched signature, 400 to a
 * verified body that is not a V3 event, all without running `onEvent`; 200 to a repeat (same
 * `event.id` or `X-Webhook-Id`) handled within the window, the first one's answer to a
 * repeat still being handled here, 503 to one handled elsewhere or when the store fails; else it runs `onEvent`
 * and answers 200 (or 500 if it failed, so that PagerDuty retries), or 202 before running it
 * with `respond: 'before-handling'`.
 *
 * @example
 * ```ts
 * import http from 'node:http';
 * import { createWebhookHandler, isWebhookEvent } from 'pagerduty-client/webhooks';
 *
 * const handler = createWebhookHandler({
 *   secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
 *   onEvent: (event) => {
 *     if (isWebhookEvent(event, 'incident.triggered')) console.log(`triggered: ${event.data.title}`);
 *   },
 * });
 * http.createServer((req, res) => void handler(req, res)).listen(8080);
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions<IncomingHttpHeaders>): WebhookRequestHandler {
  requireNode(
    'createWebhookHandler (a handler of node:http requests)',
    'use createFetchWebhookHandler, which takes a fetch Request and returns a Response',
    globalThis as RuntimeGlobals,
  );
  const core = createWebhookCore(options);
  return async (req, res) => {
    const { answer, after } = await core({
      method: req.method,
      headers: req.headers,
      readBody: (limits) => readRequestBody(req, limits),
    });
    if (answer) send(res, answer);
    await after;
  };
}
