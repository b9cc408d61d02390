/**
 * The emulator's rate limit: a budget of requests per API key per window (a minute, as the
 * REST API enforces one, unless told otherwise), with the headers that tell a client where
 * it stands. Pure: the clock is passed in.
 *
 * @module
 */

/** Seconds in the window a budget covers unless told otherwise: a minute, as the REST API's. */
export const DEFAULT_RATE_LIMIT_WINDOW_SECONDS = 60;

/**
 * The budget the headers show when no `rateLimit` is set (requests are never refused then):
 * PagerDuty's REST API v2 limit, 960 requests per minute per key
 * (https://developer.pagerduty.com/docs/rest-api-rate-limits).
 */
export const UNBUDGETED_LIMIT = 960;

/**
 * Checks a rate-limit window: a whole number of seconds, 1 or more.
 *
 * @throws RangeError otherwise
 */
export function resolveRateLimitWindow(seconds: number | undefined): number {
  const value = seconds ?? DEFAULT_RATE_LIMIT_WINDOW_SECONDS;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`rateLimitWindow must be a whole number of seconds >= 1, got ${String(seconds)}`);
  return value;
}

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
 * Budgets per key: each key's window starts with its first request and lasts
 * `windowSeconds` (a minute by default); a refused request does not count.
 *
 * @example
 * ```ts
 * const limiter = new KeyRateLimit(2);
 * limiter.take('key', 0).allowed;      // true (1 left)
 * limiter.take('key', 1000).allowed;   // true (0 left)
 * limiter.take('key', 2000);           // { allowed: false, remaining: 0, reset: 58, limit: 2 }
 * limiter.take('key', 60_000).allowed; // true: a new window
 * new KeyRateLimit(120, 10).take('key', 0).reset; // 10: a ten-second window
 * ```
 */
export class KeyRateLimit {
  readonly #windows = new Map<string, { start: number; used: number }>();
  readonly #windowMs: number;
  /** Seconds in each key's window. */
  readonly windowSeconds: number;

  /**
   * @param perMinute - requests per key per window, a positive whole number (the name
   *   predates the configurable window: with the default window it is per minute)
   * @param windowSeconds - the window, a whole number of seconds >= 1 (default 60)
   * @throws RangeError otherwise
   */
  constructor(
    readonly perMinute: number,
    windowSeconds?: number,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new RangeError(`rateLimit must be a whole number >= 1, got ${String(perMinute)}`);
    this.windowSeconds = resolveRateLimitWindow(windowSeconds);
    this.#windowMs = this.windowSeconds * 1000;
  }

  /**
   * Counts a request of `key` at `nowMs` and never refuses it: the headers of an emulator
   * without a budget. Decision: `remaining` stops at 1, never 0, since nothing will be refused
   * (a client that pauses on `ratelimit-remaining: 0`, as this library's does, would wait for nothing).
   */
  count(key: string, nowMs: number): RateDecision {
    const decision = this.take(key, nowMs);
    return { ...decision, allowed: true, remaining: Math.max(1, decision.remaining) };
  }

  /** Counts a request of `key` at `nowMs`, when the budget allows it. */
  take(key: string, nowMs: number): RateDecision {
    let window = this.#windows.get(key);
    if (!window || nowMs - window.start >= this.#windowMs || nowMs < window.start) {
      window = { start: nowMs, used: 0 };
      this.#windows.set(key, window);
    }
    const reset = Math.max(1, Math.ceil((window.start + this.#windowMs - nowMs) / 1000));
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
