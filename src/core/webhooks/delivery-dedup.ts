// PagerDuty delivers at least once, so a receiver remembers what it handled, within bounds of time and count.

export const DEFAULT_DEDUP_WINDOW_MS = 60 * 60 * 1000;
export const DEFAULT_DEDUP_MAX_ENTRIES = 10_000;

export interface DedupWindow {
  has(id: string): boolean;
  add(id: string): void;
  readonly size: number;
}

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
