// The handler's options worked out once, when it is made (kept apart from the public option types).
import {
  createMemoryDeliveryStore,
  DEFAULT_DEDUP_MAX_ENTRIES,
  DEFAULT_DEDUP_WINDOW_MS,
  type WebhookDeliveryStore,
} from './delivery-store.js';
import { mustVerify } from './parse-webhook.js';
import { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from './webhook-request.js';
import type { WebhookHandlerOptions } from './webhook-options.js';

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
