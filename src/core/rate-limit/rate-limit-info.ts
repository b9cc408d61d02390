import type { RateLimitState } from './rate-limiter.js';

/**
 * Why `onRateLimit` is called: the answer was a `429` (`'rate-limited'`), or a request is
 * about to wait because the budget is spent or paused (`'budget-spent'`: the last answer
 * said `ratelimit-remaining: 0`, or the shared limiter holds the key).
 */
export type RateLimitReason = 'rate-limited' | 'budget-spent';

/** What `onRateLimit` is told. */
export interface RateLimitInfo {
  /** Why it is called. */
  readonly reason: RateLimitReason;
  /** The request method. */
  readonly method: string;
  /** The request URL (the credential, if any was in it, redacted). */
  readonly url: string;
  /** The attempt that met the limit (or is about to be sent), from 1. */
  readonly attempt: number;
  /** Seconds the client will wait before sending, if the hook lets it (0 when it will not send again). */
  readonly retryAfter: number;
  /** The client's view of the rate limit now (see `client.rateLimit`). */
  readonly rateLimit: RateLimitState;
}

/**
 * Called on every `429` and whenever a request would wait for a spent budget. Return (or
 * resolve to) `false` to fail the request at once instead of waiting: after a `429` it
 * fails with the usual `HttpError` of that answer; before a request that would wait for
 * a spent budget, with a `RequestAbortedError` that says so. Anything else (`true`,
 * nothing) waits. An error it throws fails the request with that error.
 *
 * @example
 * ```ts
 * const client = new RestApiV2Client(key, {
 *   onRateLimit: (info) => {
 *     console.warn(`${info.method} ${info.url}: ${info.reason}, waiting ${info.retryAfter} s`);
 *     return info.retryAfter < 30; // fail rather than wait longer than 30 s
 *   },
 * });
 * ```
 */
export type OnRateLimit = (info: RateLimitInfo) => boolean | undefined | Promise<boolean | undefined>;
