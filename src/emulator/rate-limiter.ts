/**
 * The emulator's rate limit: a budget of requests per API key per minute, as the REST
 * API enforces one, with the headers that tell a client where it stands. Pure: the clock
 * is passed in.
 *
 * @module
 */

/** Milliseconds in the window a budget covers. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** What the limiter says about one request. */
export interface RateDecision {
  /** Whether the request is served (false: answer 429). */
  readonly allowed: boolean;
  /** The budget per window (`ratelimit-limit`). */
  readonly limit: number;
  /** Requests left in the window after this one (`ratelimit-remaining`). */
  readonly remaining: number;
  /** Whole seconds until the window ends and the budget comes back (`ratelimit-reset`, `Retry-After`); at least 1. */
  readonly reset: number;
}

/**
 * Budgets per key: each key's window starts with its first request and lasts a minute;
 * a refused request does not count.
 *
 * @example
 * ```ts
 * const limiter = new RateLimiter(2);
 * limiter.take('key', 0).allowed;      // true (1 left)
 * limiter.take('key', 1000).allowed;   // true (0 left)
 * limiter.take('key', 2000);           // { allowed: false, remaining: 0, reset: 58, limit: 2 }
 * limiter.take('key', 60_000).allowed; // true: a new window
 * ```
 */
export class RateLimiter {
  readonly #windows = new Map<string, { start: number; used: number }>();

  /**
   * @param perMinute - requests per key per minute, a positive whole number
   * @throws RangeError otherwise
   */
  constructor(readonly perMinute: number) {
    if (!Number.isInteger(perMinute) || perMinute < 1) throw new RangeError(`rateLimit must be a whole number >= 1, got ${String(perMinute)}`);
  }

  /** Counts a request of `key` at `nowMs`, when the budget allows it. */
  take(key: string, nowMs: number): RateDecision {
    let window = this.#windows.get(key);
    if (!window || nowMs - window.start >= RATE_LIMIT_WINDOW_MS || nowMs < window.start) {
      window = { start: nowMs, used: 0 };
      this.#windows.set(key, window);
    }
    const reset = Math.max(1, Math.ceil((window.start + RATE_LIMIT_WINDOW_MS - nowMs) / 1000));
    if (window.used >= this.perMinute) return { allowed: false, limit: this.perMinute, remaining: 0, reset };
    window.used += 1;
    return { allowed: true, limit: this.perMinute, remaining: this.perMinute - window.used, reset };
  }
}

/** The headers of a rate-limited API's answers. */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.reset),
  };
  return decision.allowed ? headers : { ...headers, 'Retry-After': String(decision.reset) };
}
