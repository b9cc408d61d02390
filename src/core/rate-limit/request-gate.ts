// The client's own hold, one per client, and the rate limit of a client that opted into nothing: a 429 holds
// every request of the client for its pause (not only the one that got it), and while a concurrent reader
// runs, `ratelimit-remaining: 0` holds them until `ratelimit-reset`. It also keeps what the client last saw
// of its budget (`client.rateLimit`).
import { AbortedDuringPause } from '../abortable-sleep.js';
import type { AttemptRateLimit, RateLimitAnswer, RateLimitAttempt } from './attempt-rate-limit.js';
import { readRateLimitHeaders, spentBudgetReset } from './rate-limit-headers.js';
import type { RateLimitState } from './rate-limiter.js';

/** What the gate needs from its client. */
export interface RequestGateOptions {
  /** The client's sleep, in seconds (injected in tests); it gets a signal to end early. */
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** The clock, in milliseconds. @default Date.now */
  readonly now?: () => number;
}

function untilSettledOrAborted(promise: Promise<unknown>, signal: AbortSignal | undefined): Promise<void> {
  const settled = promise.then(
    () => undefined,
    () => undefined,
  );
  if (!signal) return settled;
  if (signal.aborted) return Promise.reject(new AbortedDuringPause(signal.reason));
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(new AbortedDuringPause(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    void settled.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

/** The gate of one client (see the module comment). */
export class RequestGate implements AttemptRateLimit {
  readonly #sleep: RequestGateOptions['sleep'];
  readonly #now: () => number;
  readonly #holds = new Set<Promise<unknown>>();
  #budgetResetAt = 0;
  #budgetPause: Promise<void> | undefined;
  #budgetWaiters = 0;
  #budgetStop: AbortController | undefined;
  #readers = 0;
  #limit: number | undefined;
  #remaining: number | undefined;
  #resetAt: number | undefined;
  #pausedUntil = 0;

  /** @param options - the client's sleep and clock */
  constructor(options: RequestGateOptions) {
    this.#sleep = options.sleep;
    this.#now = options.now ?? Date.now;
  }

  /** Whether the gate is holding requests back now. */
  get held(): boolean {
    return this.#holds.size > 0 || (this.#budgetResetAt !== 0 && this.#budgetSpent());
  }

  /**
   * `undefined` when a request may be sent now (the common case),
   * else a promise that resolves when it may.
   *
   * @throws AbortedDuringPause (the promise rejects) when `signal` fires while waiting
   */
  wait(signal?: AbortSignal): Promise<void> | undefined {
    return this.beforeAttempt(undefined, signal);
  }

  /** Holds the gate until `pause` (the pause of a request that got a 429) settles. */
  hold(pause: Promise<unknown>): void {
    const held: Promise<unknown> = pause.then(
      () => this.#holds.delete(held),
      () => this.#holds.delete(held),
    );
    this.#holds.add(held);
  }

  /** Before an attempt (or any request a concurrent reader sends): {@link RequestGate.wait}. */
  beforeAttempt(_attempt: RateLimitAttempt | undefined, signal: AbortSignal | undefined): Promise<void> | undefined {
    return this.held ? this.#waitWhileHeld(signal) : undefined;
  }

  /** Records an answer's rate-limit headers: a spent budget holds the gate while a concurrent reader runs. */
  afterResponse(answer: RateLimitAnswer): undefined {
    const seen = readRateLimitHeaders(answer.headers);
    if (seen === undefined) return undefined;
    const now = this.#now();
    if (seen.limit !== undefined) this.#limit = seen.limit;
    if (seen.remaining !== undefined) this.#remaining = seen.remaining;
    if (seen.resetSeconds !== undefined) this.#resetAt = now + seen.resetSeconds * 1000;
    const reset = this.#readers === 0 ? undefined : spentBudgetReset(seen);
    if (reset !== undefined) this.#budgetResetAt = Math.max(this.#budgetResetAt, now + reset * 1000);
    return undefined;
  }

  /** A 429 asks nothing of the client's own hold: the request goes on. */
  rateLimited(): undefined {
    return undefined;
  }

  /** Holds the gate while the pause of a request that got a 429 runs. */
  whilePausing(pause: Promise<unknown>, seconds: number): void {
    this.hold(pause);
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + seconds * 1000);
  }

  /** The last rate-limit headers seen, and whether (and until when) the gate holds requests. */
  view(): RateLimitState {
    const now = this.#now();
    const paused = this.held;
    const spentUntil = this.#remaining === 0 ? (this.#resetAt ?? 0) : 0;
    const until = paused ? Math.max(this.#pausedUntil, spentUntil) : 0;
    return Object.freeze({
      limit: this.#limit,
      remaining: this.#remaining,
      resetAt: this.#resetAt,
      paused,
      pausedUntil: paused && until > now ? until : undefined,
    });
  }

  /**
   * Marks a concurrent reader as running (concurrent pagination's lanes call it): until every such reader
   * has ended, a spent budget holds every request of the client.
   *
   * @returns the function that ends the mark (calling it again does nothing)
   */
  concurrentReader(): () => void {
    this.#readers += 1;
    let running = true;
    return () => {
      if (!running) return;
      running = false;
      this.#readers -= 1;
      if (this.#readers === 0) this.#budgetResetAt = 0;
    };
  }

  #budgetSpent(): boolean {
    if (this.#budgetResetAt === 0) return false;
    if (this.#now() < this.#budgetResetAt) return true;
    this.#budgetResetAt = 0;
    return false;
  }

  async #waitWhileHeld(signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      if (this.#holds.size > 0) {
        await untilSettledOrAborted(Promise.all(this.#holds), signal);
        continue;
      }
      if (!this.#budgetSpent()) return;
      this.#budgetWaiters += 1;
      try {
        await untilSettledOrAborted(this.#budgetPauseFor(), signal);
      } finally {
        this.#budgetWaiters -= 1;
        // Nobody waits any more (they were aborted): end the shared pause, so that its
        // timer does not keep the process alive.
        if (this.#budgetWaiters === 0) this.#budgetStop?.abort();
      }
    }
  }

  /** One shared sleep until the budget's reset; when it ends, the budget counts as back. */
  #budgetPauseFor(): Promise<void> {
    if (this.#budgetPause) return this.#budgetPause;
    const until = this.#budgetResetAt;
    const stop = new AbortController();
    this.#budgetStop = stop;
    const pause = this.#sleep(Math.max(0, (until - this.#now()) / 1000), stop.signal).finally(() => {
      if (this.#budgetPause === pause) this.#budgetPause = undefined;
      if (this.#budgetStop === stop) this.#budgetStop = undefined;
      // A later response may have moved the reset further: only the reset slept for is over.
      if (!stop.signal.aborted && this.#budgetResetAt <= until) this.#budgetResetAt = 0;
    });
    this.#budgetPause = pause;
    return pause;
  }
}
