import type { IncomingHttpHeaders } from 'node:http';
import type { WebhookDeliveryStore } from './delivery-store.js';
import type { ParseWebhookOptions } from './parse-webhook.js';
import type { AnyWebhookEvent } from './event-union.js';

/** What the handler knows about one delivery, beside its event (the second argument of `onEvent`). */
export interface WebhookContext<Headers = IncomingHttpHeaders> {
  /** The `X-Webhook-Id` header (the same on every retry), if any. */
  readonly webhookId: string | undefined;
  /** Whether its signature was checked and matched (`false` only with `allowUnsigned`). */
  readonly verified: boolean;
  /** The request's headers. */
  readonly headers: Headers;
}

/** A request the handler refused, and the status it answered. */
export interface WebhookRejection {
  /** The status sent: 400, 401, 405, 408, 413, 500 or 503. */
  readonly status: number;
  /** Why, in a few words (`no-match`, `invalid-json`, `method-not-allowed`, `body-timeout`, ...). */
  readonly reason: string;
  /** The error behind it, when there is one. */
  readonly error?: unknown;
}

/** Options of {@link createWebhookHandler} and {@link createFetchWebhookHandler}. */
export interface WebhookHandlerOptions<Headers = IncomingHttpHeaders> extends ParseWebhookOptions {
  /**
   * Runs once per new verified event. With `respond: 'after-handling'` (the default) its
   * promise is awaited before answering: keep it well under PagerDuty's 5 seconds (enqueue
   * slow work), since a late answer counts as a failure and is retried.
   */
  readonly onEvent: (event: AnyWebhookEvent, delivery: WebhookContext<Headers>) => void | Promise<void>;
  /**
   * Called when `onEvent` fails, the store fails, or the request cannot be read as configured.
   * @default writes one line to the console's error stream
   */
  readonly onError?: (error: unknown, delivery: WebhookContext<Headers> | undefined) => void;
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
   * `onEvent`; one that arrives while the first is being handled waits for it (in this process)
   * or is answered 503 (elsewhere). 0 turns deduplication off.
   * @default 3600000 (one hour)
   */
  readonly dedupWindowMs?: number;
  /** How many webhooks the default store remembers at most (the oldest are forgotten first). @default 10000 */
  readonly dedupMaxEntries?: number;
  /**
   * Where deliveries are claimed and marked done: one your replicas share (`createRedisDeliveryStore`)
   * runs `onEvent` once per event between them. When it fails, the answer is 503 and `onEvent` not run.
   * @default an in-memory store of this handler
   */
  readonly store?: WebhookDeliveryStore;
  /** How long a claim holds, in ms: the longest `onEvent` may take, and a dead replica's hold. @default 60000 */
  readonly claimMs?: number;
  /**
   * The longest time reading a request's body may take, in milliseconds, from the moment the
   * handler is called: a body still incomplete then is answered 408 (with `node:http`, the
   * connection closed). 0 turns the limit off. A body a framework already read is not timed.
   * @default 10000 (10 seconds)
   */
  readonly bodyTimeoutMs?: number;
  /** The clock of the default store, in milliseconds. @default Date.now */
  readonly now?: () => number;
}
