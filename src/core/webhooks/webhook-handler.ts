import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { DEFAULT_DEDUP_MAX_ENTRIES, DEFAULT_DEDUP_WINDOW_MS, createDedupWindow } from './delivery-dedup.js';
import { deliveryKeys } from './delivery-keys.js';
import { createDeliveryLedger, type DeliveryOutcome } from './delivery-ledger.js';
import { mustVerify, parseWebhook, type ParseWebhookOptions, type ParsedWebhook } from './parse-webhook.js';
import { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from './raw-body.js';
import { readRequestBody, type WebhookRequest } from './read-request-body.js';
import { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';
import type { AnyWebhookEvent } from './event-union.js';
import { requireNode } from '../platform/node-only.js';
import type { RuntimeGlobals } from '../platform/runtime.js';

/** What the handler knows about one delivery, beside its event (the second argument of `onEvent`). */
export interface WebhookContext {
  /** The `X-Webhook-Id` header (the same on every retry), if any. */
  readonly webhookId: string | undefined;
  /** Whether its signature was checked and matched (`false` only with `allowUnsigned`). */
  readonly verified: boolean;
  /** The request's headers. */
  readonly headers: IncomingHttpHeaders;
}

/** A request the handler refused, and the status it answered. */
export interface WebhookRejection {
  /** The status sent: 400, 401, 405, 408, 413 or 500. */
  readonly status: number;
  /** Why, in a few words (`no-match`, `invalid-json`, `method-not-allowed`, `body-timeout`, ...). */
  readonly reason: string;
  /** The error behind it, when there is one. */
  readonly error?: unknown;
}

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions extends ParseWebhookOptions {
  /**
   * Runs once per new verified event. With `respond: 'after-handling'` (the default) its
   * promise is awaited before answering: keep it well under PagerDuty's 5 seconds (enqueue
   * slow work), since a late answer counts as a failure and is retried.
   */
  readonly onEvent: (event: AnyWebhookEvent, delivery: WebhookContext) => void | Promise<void>;
  /**
   * Called when `onEvent` throws or rejects (or the request cannot be read as configured).
   * @default writes one line to the console's error stream
   */
  readonly onError?: (error: unknown, delivery: WebhookContext | undefined) => void;
  /** Called for every request refused before user code ran (for logs and metrics). */
  readonly onRejected?: (rejection: WebhookRejection) => void;
  /**
   * When to answer: `'after-handling'` answers 200 once `onEvent` settled, or 500 if it
   * failed, so that PagerDuty retries the delivery; `'before-handling'` answers 202 at once
   * and runs `onEvent` afterwards (a failure then reaches only `onError`: no retry).
   * @default 'after-handling'
   */
  readonly respond?: 'after-handling' | 'before-handling';
  /**
   * How long a handled webhook is remembered, in milliseconds, by its signed `event.id` and
   * by its `X-Webhook-Id`: a repeat matching either within it is answered 200 without running
   * `onEvent`, and a repeat that arrives while the first is still being handled waits for it
   * and gets the same answer. 0 turns deduplication off.
   * @default 3600000 (one hour)
   */
  readonly dedupWindowMs?: number;
  /**
   * How many webhooks are remembered at most (the oldest are forgotten first).
   * @default 10000
   */
  readonly dedupMaxEntries?: number;
  /**
   * The longest time reading a request's body may take, in milliseconds, from the moment the
   * handler is called: a body still incomplete then (sent slowly, or stalled) is answered 408
   * and the connection closed. 0 turns the limit off. A body a framework already read is not
   * timed.
   * @default 10000 (10 seconds)
   */
  readonly bodyTimeoutMs?: number;
  /**
   * The clock of the deduplication window, in milliseconds.
   * @default Date.now
   */
  readonly now?: () => number;
}

/**
 * A Node `http` request handler; its promise settles once the answer is sent and `onEvent`
 * is done, and never rejects.
 */
export type WebhookRequestHandler = (req: WebhookRequest, res: ServerResponse) => Promise<void>;

const DEFAULT_BODY_TIMEOUT_MS = 10_000;

const STATUS_OF_VERIFICATION: Readonly<Record<string, number>> = { 'too-large': 413 };

function answer(res: ServerResponse, outcome: DeliveryOutcome, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(outcome.status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(`${outcome.text}\n`);
}

const reportToConsole = (error: unknown): void => {
  console.error(`pagerduty-client webhooks: onEvent failed: ${error instanceof Error ? error.message : String(error)}`);
};

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0)
    throw new TypeError(`${name} must be a number of milliseconds, 0 or more`);
  return value;
}

/**
 * Creates a handler of PagerDuty's V3 webhooks for `http.createServer`, Express (mount it
 * after `express.raw({ type: 'application/json' })`, or with no body parser) or any server
 * with Node's `(req, res)`.
 *
 * It answers 405 to a method other than POST, 408 to a body not read within `bodyTimeoutMs`,
 * 413 to a body over the cap, 401 to a missing, malformed or unmatched signature, 400 to a
 * verified body that is not a V3 event, all without running `onEvent`; 200 to a repeat (same
 * `event.id` or `X-Webhook-Id`) handled within the window, and the first one's answer to a
 * repeat of a webhook still being handled; else it runs `onEvent` and answers 200 (or 500 if
 * it failed, so that PagerDuty retries), or 202 before running it with
 * `respond: 'before-handling'`.
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
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookRequestHandler {
  requireNode(
    'createWebhookHandler (a handler of node:http requests)',
    'read the raw body (`await request.arrayBuffer()`) and call parseWebhook(body, headers, { secrets })',
    globalThis as RuntimeGlobals,
  );
  // Bad options fail here, at start-up, not at the first delivery.
  mustVerify('v1=', options);
  const limits = {
    maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES,
    timeoutMs: nonNegative('bodyTimeoutMs', options.bodyTimeoutMs, DEFAULT_BODY_TIMEOUT_MS),
  };
  const windowMs = options.dedupWindowMs ?? DEFAULT_DEDUP_WINDOW_MS;
  const maxEntries = options.dedupMaxEntries ?? DEFAULT_DEDUP_MAX_ENTRIES;
  // Two keys per webhook: its event ID and its X-Webhook-Id.
  const ledger =
    windowMs > 0
      ? createDeliveryLedger(createDedupWindow(windowMs, maxEntries * 2, options.now ?? Date.now))
      : undefined;
  const userOnError = options.onError ?? reportToConsole;
  // The hooks' own failures must not become an unhandled rejection that stops the server.
  const onError = (error: unknown, context: WebhookContext | undefined): void => {
    try {
      userOnError(error, context);
    } catch (hookError) {
      reportToConsole(hookError);
    }
  };
  const reject = (res: ServerResponse, rejection: WebhookRejection, headers?: Record<string, string>): void => {
    answer(res, { status: rejection.status, text: rejection.reason }, headers);
    try {
      options.onRejected?.(rejection);
    } catch (hookError) {
      onError(hookError, undefined);
    }
  };

  const runEvent = async (parsed: ParsedWebhook, context: WebhookContext): Promise<DeliveryOutcome> => {
    try {
      await options.onEvent(parsed.event, context);
      return { status: 200, text: 'ok' };
    } catch (error) {
      onError(error, context);
      return { status: 500, text: 'handler-failed' };
    }
  };

  const handle = async (req: WebhookRequest, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return reject(res, { status: 405, reason: 'method-not-allowed' }, { allow: 'POST' });
    const body = await readRequestBody(req, limits);
    if (!body.ok) {
      if (body.reason === 'too-large')
        return reject(res, { status: 413, reason: 'too-large' }, { connection: 'close' });
      if (body.reason === 'timeout')
        return reject(res, { status: 408, reason: 'body-timeout' }, { connection: 'close' });
      if (body.reason === 'aborted') return;
      const error = new TypeError(
        'the request body was read before the webhook handler: ' +
          'mount it before any JSON body parser, or after express.raw()',
      );
      onError(error, undefined);
      return reject(res, { status: 500, reason: 'body-already-read', error });
    }
    let parsed: ParsedWebhook;
    try {
      parsed = parseWebhook(body.bytes, req.headers, { ...options, maxBodyBytes: limits.maxBytes });
    } catch (error) {
      if (error instanceof WebhookVerificationError)
        return reject(res, { status: STATUS_OF_VERIFICATION[error.reason] ?? 401, reason: error.reason, error });
      if (error instanceof WebhookPayloadError) return reject(res, { status: 400, reason: error.reason, error });
      throw error;
    }
    const { webhookId, verified, event } = parsed;
    const context: WebhookContext = { webhookId, verified, headers: req.headers };
    const turn = ledger?.claim(deliveryKeys(event.id, webhookId, verified));
    if (turn?.kind === 'handled') return answer(res, { status: 200, text: 'duplicate' });
    if (turn?.kind === 'in-flight') return answer(res, await turn.outcome);
    if (options.respond === 'before-handling') {
      const accepted = { status: 202, text: 'accepted' };
      turn?.settle(accepted, true);
      answer(res, accepted);
      await runEvent(parsed, context);
      return;
    }
    let outcome: DeliveryOutcome = { status: 500, text: 'internal-error' };
    try {
      outcome = await runEvent(parsed, context);
    } finally {
      // A failed webhook is not remembered: PagerDuty's retry of it runs `onEvent` again.
      turn?.settle(outcome, outcome.status === 200);
    }
    answer(res, outcome);
  };

  // Never rejects: whatever goes wrong is answered 500 and reported.
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      onError(error, undefined);
      answer(res, { status: 500, text: 'internal-error' });
    }
  };
}
