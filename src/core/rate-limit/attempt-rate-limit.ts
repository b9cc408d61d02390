// The attempt loop calls rate limiting at three points of an attempt and never asks which kind it has: the
// client's own hold (`RequestGate`, always there), or, with the `rateLimiter` or `onRateLimit` opt-ins,
// `ClientRateLimit` (the shared limiter and the hook, over that same gate). The hot path stays free of awaits:
// a method answers `undefined` when there is nothing to wait for.
import type { Logger } from '../logging.js';
import type { RateLimitInfo } from './rate-limit-info.js';
import type { RateLimitState } from './rate-limiter.js';

/** Which request is asking, for the hook and the fallback warning. */
export interface RateLimitAttempt {
  readonly method: string;
  readonly url: string;
  /** The attempt, from 1. */
  readonly attempt: number;
  readonly log: Logger;
}

/** What an answer said, as rate limiting reads it. */
export interface RateLimitAnswer {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  /** Seconds the server asked to wait (`Retry-After`, or `ratelimit-reset` on a 429), when it did. */
  readonly retryAfter: number | undefined;
  /** The status pauses every request of the client (a 429; `pausesEveryRequest` in the status table). */
  readonly pausesEveryRequest: boolean;
}

/** Rate limiting around one attempt: before it, after its response, while a 429's pause runs. */
export interface AttemptRateLimit {
  /**
   * Before an attempt: `undefined` when it may be sent now, else a promise that resolves when it may.
   *
   * @throws RateLimitDeclined (the promise rejects) when `onRateLimit` says not to wait
   * @throws AbortedDuringPause (the promise rejects) when `signal` fires while waiting
   */
  beforeAttempt(attempt: RateLimitAttempt, signal: AbortSignal | undefined): Promise<void> | undefined;
  /** After each answer: records its rate-limit headers; a promise only when a limiter is told. */
  afterResponse(answer: RateLimitAnswer, attempt: RateLimitAttempt): Promise<void> | undefined;
  /**
   * After an answer that pauses every request (a 429): `undefined` to go on, else a promise of whether to
   * go on (retry, or return the answer) rather than fail at once.
   *
   * @param retryPause - seconds before the retry; `undefined` when the request will not retry
   */
  rateLimited(
    attempt: RateLimitAttempt,
    retryPause: number | undefined,
    retryAfter: number | undefined,
  ): Promise<boolean> | undefined;
  /** A request that got a 429 pauses for `seconds` (until `pause` settles): every request of the client waits. */
  whilePausing(pause: Promise<unknown>, seconds: number): void;
  /** What the client last saw of its budget, and whether its requests are held now (`client.rateLimit`). */
  view(): RateLimitState;
}

/** `onRateLimit` said not to wait before sending; the attempt loop turns it into the client's error. */
export class RateLimitDeclined extends Error {
  /** @param info - what the hook was told */
  constructor(readonly info: RateLimitInfo) {
    super('onRateLimit declined to wait for the rate-limit budget');
  }
}
