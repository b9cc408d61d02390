/** What {@link WebhookDeliveryStore.claim} found. */
export type DeliveryClaim = 'claimed' | 'done' | 'busy';

/**
 * The record of deliveries behind a webhook handler, shared by the processes that use it. A
 * delivery has up to two keys (its `event.id`, its `X-Webhook-Id`), an attempt a random `holder`.
 * `claim` must be atomic for all users; a method that cannot reach the store rejects (the handler
 * then answers 503 without running `onEvent`).
 */
export interface WebhookDeliveryStore {
  /** Atomically: `'done'` if a key is done; `'busy'` if another's claim holds; else claims all for `claimMs`. */
  claim(keys: readonly string[], holder: string, claimMs: number): Promise<DeliveryClaim>;
  /** Marks every key done for `keepMs` milliseconds. */
  finish(keys: readonly string[], holder: string, keepMs: number): Promise<void>;
  /** Drops the claims `holder` still has on the keys. */
  release(keys: readonly string[], holder: string): Promise<void>;
}

/** Options of {@link createMemoryDeliveryStore}. */
export interface MemoryDeliveryStoreOptions {
  /** How many keys are kept at most (two per webhook), the oldest forgotten first. @default 20000 */
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
 * A {@link WebhookDeliveryStore} in this process's memory: a handler's default, which handlers of
 * one process may share (not processes: use a shared store).
 */
export function createMemoryDeliveryStore(options: MemoryDeliveryStoreOptions = {}): WebhookDeliveryStore {
  const maxEntries = options.maxEntries ?? DEFAULT_DEDUP_MAX_ENTRIES * 2;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new TypeError('maxEntries must be a whole number >= 1');
  const now = options.now ?? Date.now;
  // No holder: done. Insertion order is about expiry order.
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
