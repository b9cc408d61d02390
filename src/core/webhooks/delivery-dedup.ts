/**
 * The webhook IDs seen recently: in memory, bounded in time and in count, on an injected
 * clock. PagerDuty delivers at least once and repeats `X-Webhook-Id` on every retry.
 *
 * @module
 */

/** How long an ID is remembered by default: one hour, in milliseconds. */
export const DEFAULT_DEDUP_WINDOW_MS = 60 * 60 * 1000;
/** How many IDs are remembered at most by default (the oldest go first). */
export const DEFAULT_DEDUP_MAX_ENTRIES = 10_000;

/** A set of recently seen IDs. */
export interface DedupWindow {
  /** Whether `id` was remembered less than the window ago. */
  has(id: string): boolean;
  /** Remembers `id` from now on. */
  add(id: string): void;
  /** How many IDs are remembered now. */
  readonly size: number;
}

/** A window of `windowMs` milliseconds holding at most `maxEntries` IDs; `now` in milliseconds. */
export function createDedupWindow(windowMs: number, maxEntries: number, now: () => number): DedupWindow {
  // Insertion order is expiry order (one window for all): expired entries are at the front.
  const expiries = new Map<string, number>();
  const prune = (): void => {
    const time = now();
    for (const [id, expiry] of expiries) {
      if (expiry > time && expiries.size <= maxEntries) break;
      expiries.delete(id);
    }
  };
  return {
    has(id) {
      prune();
      return expiries.has(id);
    },
    add(id) {
      expiries.delete(id);
      expiries.set(id, now() + windowMs);
      prune();
    },
    get size() {
      prune();
      return expiries.size;
    },
  };
}
