// A 429 pauses every holder of its key until its `Retry-After` (or `ratelimit-reset`), `ratelimit-remaining: 0`
// until its `ratelimit-reset`. With `pacing`, a key's requests are spread over what is left of the window.
import { abortableSleep, AbortedDuringPause, timerSleep } from '../abortable-sleep.js';
import { RATE_LIMITED_STATUS } from './rate-limit-headers.js';
import type { RateLimiter, RateLimitKey, RateLimitReport, RateLimitState } from './rate-limiter.js';

/** Options of {@link InMemoryRateLimiter} (all optional). */
export interface InMemoryRateLimiterOptions {
  /**
   * Spread each key's requests evenly over what is left of its window, by the last
   * `ratelimit-remaining` and `ratelimit-reset` seen. @default false (send at once until
   * the budget is spent)
   */
  readonly pacing?: boolean;
  /** How the limiter waits, in seconds, given the waiting request's signal (tests inject one). @default a timer */
  readonly sleep?: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in epoch milliseconds. @default Date.now */
  readonly now?: () => number;
}

interface Budget {
  limit?: number;
  remaining?: number;
  resetAt?: number;
  pausedUntil: number;
  /** With pacing: the earliest time the next request may go. */
  nextSlotAt: number;
  /** With pacing: requests let go since the last report, which its `remaining` does not count yet. */
  sentSinceReport: number;
}

/** 0 when the budget or its window is not known (or is over). */
export function pacingInterval(
  budget: { readonly remaining?: number; readonly resetAt?: number },
  nowMs: number,
): number {
  const { remaining, resetAt } = budget;
  if (remaining === undefined || resetAt === undefined || resetAt <= nowMs) return 0;
  return (resetAt - nowMs) / Math.max(1, remaining);
}

/** `undefined` for a 429 naming no wait: it pauses only its own request, by its client's cooldown. */
export function pauseUntil(report: RateLimitReport, nowMs: number): number | undefined {
  if (report.status === RATE_LIMITED_STATUS) {
    const seconds = report.retryAfterSeconds ?? report.resetSeconds;
    return seconds === undefined ? undefined : nowMs + seconds * 1000;
  }
  if (report.remaining === 0 && report.resetSeconds !== undefined) return nowMs + report.resetSeconds * 1000;
  return undefined;
}

/**
 * A {@link RateLimiter} for the clients of one process: give the same instance to every
 * client that uses one key, and a 429 or a spent budget met by any of them pauses all of
 * them. (For many processes, see `pagerduty-client/rate-limit-redis`.)
 *
 * @example
 * ```ts
 * const rateLimiter = new InMemoryRateLimiter({ pacing: true });
 * const reader = new RestApiV2Client(key, { rateLimiter });
 * const writer = new RestApiV2Client(key, { rateLimiter });
 * // a 429 met by the reader now holds the writer too, until its Retry-After
 * ```
 */
export class InMemoryRateLimiter implements RateLimiter {
  readonly #budgets = new Map<string, Budget>();
  readonly #pacing: boolean;
  readonly #sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #now: () => number;

  /** @param options - pacing, and the sleep and clock (injected in tests) */
  constructor(options: InMemoryRateLimiterOptions = {}) {
    this.#pacing = options.pacing === true;
    this.#sleep = options.sleep ?? timerSleep;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Resolves when a request on `key` may be sent: at once unless the key is paused (or,
   * with pacing, its next slot is later).
   *
   * @throws `signal.reason` (the promise rejects) when `signal` fires while waiting
   */
  async acquire(key: RateLimitKey, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    let paced = !this.#pacing;
    for (;;) {
      const budget = this.#budgets.get(key.id);
      if (!budget) return;
      const now = this.#now();
      let until = budget.pausedUntil > now ? budget.pausedUntil : 0;
      if (until === 0 && !paced) {
        // The slot is taken now, before waiting, so that concurrent requests line up.
        paced = true;
        const slot = Math.max(now, budget.nextSlotAt);
        const remaining = budget.remaining === undefined ? undefined : budget.remaining - budget.sentSinceReport;
        budget.nextSlotAt = slot + pacingInterval({ remaining, resetAt: budget.resetAt }, slot);
        budget.sentSinceReport += 1;
        until = slot > now ? slot : 0;
      }
      if (until === 0) return;
      await this.#wait(until - now, signal);
    }
  }

  /** Records an answer: a 429 or a spent budget pauses every holder of its key (until `Retry-After` or reset). */
  async report(report: RateLimitReport): Promise<void> {
    const budget = this.#budget(report.key);
    const now = this.#now();
    if (report.limit !== undefined) budget.limit = report.limit;
    if (report.remaining !== undefined) {
      budget.remaining = report.remaining;
      budget.sentSinceReport = 0;
    }
    if (report.resetSeconds !== undefined) budget.resetAt = now + report.resetSeconds * 1000;
    const until = pauseUntil(report, now);
    if (until !== undefined) budget.pausedUntil = Math.max(budget.pausedUntil, until);
  }

  /** Holds every request on `key` until `untilMs` (a pause already longer stays). */
  async pause(key: RateLimitKey, untilMs: number): Promise<void> {
    const budget = this.#budget(key);
    budget.pausedUntil = Math.max(budget.pausedUntil, untilMs);
  }

  /** The last limit, remaining and reset seen for `key`, and whether it is paused now. */
  state(key: RateLimitKey): RateLimitState {
    const budget = this.#budgets.get(key.id);
    if (!budget) return { paused: false };
    const paused = budget.pausedUntil > this.#now();
    return {
      limit: budget.limit,
      remaining: budget.remaining,
      resetAt: budget.resetAt,
      paused,
      pausedUntil: paused ? budget.pausedUntil : undefined,
    };
  }

  /** Forgets every budget (nothing else is held: waits end by their own timers). */
  async close(): Promise<void> {
    this.#budgets.clear();
  }

  #budget(key: RateLimitKey): Budget {
    let budget = this.#budgets.get(key.id);
    if (!budget) {
      budget = { pausedUntil: 0, nextSlotAt: 0, sentSinceReport: 0 };
      this.#budgets.set(key.id, budget);
    }
    return budget;
  }

  async #wait(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await abortableSleep(this.#sleep, milliseconds / 1000, signal);
    } catch (error) {
      throw error instanceof AbortedDuringPause ? error.reason : error;
    }
  }
}
