/** Which budget a request draws on. */
export interface RateLimitKey {
  /** A stable hash of the credential (hex); never the credential itself. */
  readonly id: string;
}

/** What one answer said about the budget (the `ratelimit-*` headers and the status). */
export interface RateLimitReport {
  /** The budget the answer drew on. */
  readonly key: RateLimitKey;
  /** The answer's HTTP status (429: rate limited). */
  readonly status: number;
  /** `ratelimit-limit`: requests per window, when the answer said. */
  readonly limit?: number;
  /** `ratelimit-remaining`: requests left in the window, when the answer said. */
  readonly remaining?: number;
  /** `ratelimit-reset`: seconds until the window ends, when the answer said. */
  readonly resetSeconds?: number;
  /** Seconds the server asked to wait (`Retry-After`, or `ratelimit-reset` on a 429). */
  readonly retryAfterSeconds?: number;
}

/** A limiter's view of one budget, as `client.rateLimit` shows it. */
export interface RateLimitState {
  /** The last `ratelimit-limit` seen. */
  readonly limit?: number;
  /** The last `ratelimit-remaining` seen. */
  readonly remaining?: number;
  /** When the window ends (epoch milliseconds), from the last `ratelimit-reset` seen. */
  readonly resetAt?: number;
  /** Whether requests on this budget are held now. */
  readonly paused: boolean;
  /** Until when (epoch milliseconds) they are held, while `paused`. */
  readonly pausedUntil?: number;
}

/**
 * Paces the requests of one or many clients.
 *
 * Implementations: the in-memory limiter (one process) and the Redis limiter
 * (`pagerduty-client/rate-limit-redis`, many processes).
 */
export interface RateLimiter {
  /**
   * Resolves when a request on `key` may be sent: no pause is on, and the budget allows it.
   * Rejects with `signal.reason` when `signal` fires while waiting.
   */
  acquire(key: RateLimitKey, signal?: AbortSignal): Promise<void>;
  /** Tells the limiter what an answer said; a 429 or a spent budget pauses every holder of `key`. */
  report(report: RateLimitReport): Promise<void>;
  /** Holds every request on `key` until `untilMs` (epoch milliseconds). */
  pause(key: RateLimitKey, untilMs: number): Promise<void>;
  /** The limiter's view of `key`'s budget. */
  state(key: RateLimitKey): RateLimitState;
  /** Releases what the limiter holds (timers, connections). */
  close?(): Promise<void>;
}
