import type { IncomingHttpHeaders } from 'node:http';
import {
  createMemoryDeliveryStore,
  DEFAULT_DEDUP_MAX_ENTRIES,
  DEFAULT_DEDUP_WINDOW_MS,
  type WebhookDeliveryStore,
} from './delivery-store.js';
import { mustVerify, type ParseWebhookOptions } from './parse-webhook.js';
import { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from './raw-body.js';
import type { AnyWebhookEvent } from './event-union.js';

/**
 * What the handler knows about one delivery, beside its event (the second argument of `onEvent`).
 * `Headers` is Node's `IncomingHttpHeaders` for {@link createWebhookHandler}, fetch's `Headers`
 * for {@link createFetchWebhookHandler}.
 */
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
   * Called when `onEvent` throws or rejects, when the delivery store fails, or when the request
   * cannot be read as configured.
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
   * `onEvent`, and a repeat that arrives while the first is still being handled waits for it
   * (in this process) or is answered 503 (in another process sharing the `store`). 0 turns
   * deduplication off.
   * @default 3600000 (one hour)
   */
  readonly dedupWindowMs?: number;
  /**
   * How many webhooks the default in-memory store remembers at most (the oldest are forgotten
   * first). Not used with a `store` of yours.
   * @default 10000
   */
  readonly dedupMaxEntries?: number;
  /**
   * Where deliveries in progress and done are recorded. Give a store that your processes share
   * (`createRedisDeliveryStore` of `pagerduty-client/rate-limit-redis`) to run `onEvent` once per
   * event across replicas. When the store fails, the delivery is answered 503 without running
   * `onEvent` (it fails closed), and PagerDuty retries it.
   * @default an in-memory store of this handler ({@link createMemoryDeliveryStore})
   */
  readonly store?: WebhookDeliveryStore;
  /**
   * How long a claim on an event holds, in milliseconds: the longest `onEvent` may take. A
   * replica that dies inside `onEvent` holds the event this long, then a retry runs it.
   * @default 60000 (one minute)
   */
  readonly claimMs?: number;
  /**
   * The longest time reading a request's body may take, in milliseconds, from the moment the
   * handler is called: a body still incomplete then (sent slowly, or stalled) is answered 408
   * (and, with `node:http`, the connection closed). 0 turns the limit off. A body a framework
   * already read is not timed.
   * @default 10000 (10 seconds)
   */
  readonly bodyTimeoutMs?: number;
  /**
   * The clock of the default in-memory store, in milliseconds.
   * @default Date.now
   */
  readonly now?: () => number;
}

export const DEFAULT_BODY_TIMEOUT_MS = 10_000;
export const DEFAULT_CLAIM_MS = 60_000;

/** The options worked out once, when a handler is made. */
export interface WebhookSettings {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  /** Undefined when deduplication is off. */
  readonly dedup: DedupSettings | undefined;
}

export interface DedupSettings {
  readonly store: WebhookDeliveryStore;
  readonly keepMs: number;
  readonly claimMs: number;
}

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0)
    throw new TypeError(`${name} must be a number of milliseconds, 0 or more`);
  return value;
}

// Two keys per webhook: its event ID and its X-Webhook-Id.
const defaultStore = <Headers>(options: WebhookHandlerOptions<Headers>): WebhookDeliveryStore =>
  createMemoryDeliveryStore({
    maxEntries: (options.dedupMaxEntries ?? DEFAULT_DEDUP_MAX_ENTRIES) * 2,
    now: options.now,
  });

/** @throws TypeError for bad options: at start-up, not at the first delivery */
export function webhookSettings<Headers>(options: WebhookHandlerOptions<Headers>): WebhookSettings {
  if (typeof options.onEvent !== 'function') throw new TypeError('onEvent must be a function');
  mustVerify('v1=', options);
  const keepMs = nonNegative('dedupWindowMs', options.dedupWindowMs, DEFAULT_DEDUP_WINDOW_MS);
  const claimMs = nonNegative('claimMs', options.claimMs, DEFAULT_CLAIM_MS);
  if (claimMs === 0) throw new TypeError('claimMs must be more than 0');
  if (keepMs === 0 && options.store !== undefined)
    throw new TypeError('a delivery store needs deduplication: leave dedupWindowMs above 0');
  return {
    maxBytes: options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES,
    timeoutMs: nonNegative('bodyTimeoutMs', options.bodyTimeoutMs, DEFAULT_BODY_TIMEOUT_MS),
    dedup: keepMs > 0 ? { store: options.store ?? defaultStore(options), keepMs, claimMs } : undefined,
  };
}
