/**
 * Where a webhook handler records which deliveries are being handled and which are done: in this
 * process by default, or in a store that several processes share (`createRedisDeliveryStore` of
 * `pagerduty-client/rate-limit-redis`), so that one event runs `onEvent` once across replicas.
 *
 * @module
 */

/**
 * What {@link WebhookDeliveryStore.claim} found: `'claimed'` (this holder may run the event),
 * `'done'` (a delivery with one of the keys was handled) or `'busy'` (another holder's claim on
 * one of the keys has not expired).
 */
export type DeliveryClaim = 'claimed' | 'done' | 'busy';

/**
 * The shared record of deliveries behind a webhook handler. Each delivery has up to two keys
 * (digests of its signed `event.id` and of its `X-Webhook-Id`) and a random `holder` per attempt.
 * An implementation must make {@link WebhookDeliveryStore.claim} atomic across all the processes
 * that share it; a method that cannot reach the store rejects, and the handler then answers 503
 * (so that PagerDuty retries) without running `onEvent`.
 */
export interface WebhookDeliveryStore {
  /**
   * In one atomic step: `'done'` if any key is done; else `'busy'` if any key is claimed by
   * another holder and the claim has not expired; else claims every key for `holder`, for
   * `claimMs` milliseconds, and returns `'claimed'`.
   */
  claim(keys: readonly string[], holder: string, claimMs: number): Promise<DeliveryClaim>;
  /** Marks every key done for `keepMs` milliseconds (whoever holds it: the event did run). */
  finish(keys: readonly string[], holder: string, keepMs: number): Promise<void>;
  /** Drops the claims `holder` still has on the keys, so that a retry may run at once. */
  release(keys: readonly string[], holder: string): Promise<void>;
}

/** Options of {@link createMemoryDeliveryStore}. */
export interface MemoryDeliveryStoreOptions {
  /**
   * How many keys are kept at most (two per webhook); the oldest are forgotten first.
   * @default 20000
   */
  readonly maxEntries?: number;
  /** The clock, in epoch milliseconds. @default Date.now */
  readonly now?: () => number;
}

export const DEFAULT_DEDUP_WINDOW_MS = 60 * 60 * 1000;
export const DEFAULT_DEDUP_MAX_ENTRIES = 10_000;

interface Entry {
  readonly holder: string | undefined;
  readonly expiry: number;
}

/**
 * A {@link WebhookDeliveryStore} in this process's memory: the default of a handler. Handlers of
 * one process may share one; processes cannot (use a shared store such as Redis's for that).
 *
 * @example
 * ```ts
 * import { createFetchWebhookHandler, createMemoryDeliveryStore } from 'pagerduty-client/webhooks';
 *
 * const store = createMemoryDeliveryStore({ maxEntries: 50_000 });
 * const secrets = [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''];
 * const incidents = createFetchWebhookHandler({ secrets, store, onEvent: () => {} });
 * const services = createFetchWebhookHandler({ secrets, store, onEvent: () => {} });
 * ```
 */
export function createMemoryDeliveryStore(options: MemoryDeliveryStoreOptions = {}): WebhookDeliveryStore {
  const maxEntries = options.maxEntries ?? DEFAULT_DEDUP_MAX_ENTRIES * 2;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new TypeError('maxEntries must be a whole number >= 1');
  const now = options.now ?? Date.now;
  // `holder` undefined means done. Insertion order is nearly expiry order: the front is pruned first.
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined || entry.expiry > now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const put = (key: string, entry: Entry): void => {
    entries.delete(key);
    entries.set(key, entry);
    const time = now();
    for (const [oldest, { expiry }] of entries) {
      if (expiry > time && entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
  };
  return {
    claim(keys, holder, claimMs) {
      const found = keys.map(live);
      if (found.some((entry) => entry !== undefined && entry.holder === undefined)) return Promise.resolve('done');
      if (found.some((entry) => entry !== undefined && entry.holder !== holder)) return Promise.resolve('busy');
      for (const key of keys) put(key, { holder, expiry: now() + claimMs });
      return Promise.resolve('claimed');
    },
    finish(keys, _holder, keepMs) {
      for (const key of keys) put(key, { holder: undefined, expiry: now() + keepMs });
      return Promise.resolve();
    },
    release(keys, holder) {
      for (const key of keys) if (live(key)?.holder === holder) entries.delete(key);
      return Promise.resolve();
    },
  };
}
