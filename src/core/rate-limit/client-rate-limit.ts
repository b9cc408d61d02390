// The rate limit of a client that opted in (`rateLimiter`, `onRateLimit`, or both); a client that did not has
// its request gate alone. The gate still holds this client's own requests after a 429 and keeps what it saw of
// the budget; a limiter that fails (a store that is down) never fails a request: the attempt falls back to the
// gate, and the client warns once.
import type { Secret } from '../auth/secret.js';
import type { ClientErrors } from '../errors/client-errors.js';
import type { Logger } from '../logging.js';
import { abortableSleep, AbortedDuringPause } from '../abortable-sleep.js';
import {
  RateLimitDeclined,
  type AttemptRateLimit,
  type RateLimitAnswer,
  type RateLimitAttempt,
} from './attempt-rate-limit.js';
import type { RequestGate } from './request-gate.js';
import { readRateLimitHeaders } from './rate-limit-headers.js';
import type { OnRateLimit, RateLimitInfo } from './rate-limit-info.js';
import { rateLimitKey, rateLimitKeyNow } from './rate-limit-key.js';
import type { RateLimiter, RateLimitKey, RateLimitState } from './rate-limiter.js';

/** What {@link ClientRateLimit} is built from. */
export interface ClientRateLimitOptions {
  readonly limiter: RateLimiter | undefined;
  readonly onRateLimit: OnRateLimit | undefined;
  /** The client's credential, read at each use (it may be replaced); only its hash reaches the limiter. */
  readonly credential: { readonly secret: Secret | undefined };
  /** The client's own request gate: it holds after a 429, keeps the headers seen, and is the fallback. */
  readonly gate: RequestGate;
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** Removes the credential from text that may be printed. */
  readonly errors: Pick<ClientErrors, 'scrub'>;
}

/** A limiter that does not heed the signal cannot keep an aborted request waiting. */
async function untilAborted(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new AbortedDuringPause(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // The limiter's own rejection after an abort is of no interest.
  promise.catch(() => undefined);
  try {
    await Promise.race([promise, aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** The rate limit of a client that opted in: the limiter and the hook, over the client's gate. */
export class ClientRateLimit implements AttemptRateLimit {
  readonly #limiter: RateLimiter | undefined;
  readonly #onRateLimit: OnRateLimit | undefined;
  readonly #credential: { readonly secret: Secret | undefined };
  readonly #gate: RequestGate;
  readonly #sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #errors: Pick<ClientErrors, 'scrub'>;
  #warned = false;
  #key:
    | { secret: Secret | undefined; key: RateLimitKey | undefined; hashed: Promise<RateLimitKey> | undefined }
    | undefined;

  /** @param parts - the limiter and hook (both optional), and the client parts they need */
  constructor(options: ClientRateLimitOptions) {
    this.#limiter = options.limiter;
    this.#onRateLimit = options.onRateLimit;
    this.#credential = options.credential;
    this.#gate = options.gate;
    this.#sleep = options.sleep;
    this.#errors = options.errors;
    // Where hashing is asynchronous (Web Crypto), the key is on its way before the limiter is first asked.
    if (this.#limiter) this.#knownKey();
  }

  /**
   * The budget of the client's credential now, hashed once per credential: at once on Node; elsewhere `undefined`
   * until Web Crypto has answered (the hashing starts then).
   */
  #knownKey(): RateLimitKey | undefined {
    const secret = this.#credential.secret;
    if (this.#key === undefined || this.#key.secret !== secret) {
      const key = rateLimitKeyNow(secret);
      const hashed = key === undefined ? rateLimitKey(secret) : undefined;
      const entry = { secret, key, hashed };
      this.#key = entry;
      // A runtime without Web Crypto fails at the limiter's next use (the client falls back to its own pacing).
      hashed?.then((done) => (entry.key = done)).catch(() => undefined);
    }
    return this.#key.key;
  }

  /** `use` with the key: at once where it is known, else once it is hashed. */
  #withKey<T>(use: (key: RateLimitKey) => T): T | Promise<T> {
    const known = this.#knownKey();
    if (known !== undefined) return use(known);
    return (this.#key?.hashed ?? rateLimitKey(this.#credential.secret)).then(use);
  }

  /** What the client last saw of its budget (its gate's view), held too while the shared limiter holds the key. */
  view(): RateLimitState {
    const own = this.#gate.view();
    let shared: RateLimitState | undefined;
    // Until an asynchronous hash has answered, the shared limiter cannot be asked (a page's first moments).
    const key = this.#limiter ? this.#knownKey() : undefined;
    if (this.#limiter && key) {
      try {
        shared = this.#limiter.state(key);
      } catch {
        shared = undefined;
      }
    }
    if (shared?.paused !== true) return own;
    const until = Math.max(own.pausedUntil ?? 0, shared.pausedUntil ?? 0);
    return Object.freeze({ ...own, paused: true, pausedUntil: until > Date.now() ? until : undefined });
  }

  /** Records an answer's headers in the gate, and tells the limiter when there is one. */
  afterResponse(answer: RateLimitAnswer, attempt: RateLimitAttempt): Promise<void> | undefined {
    this.#gate.afterResponse(answer);
    if (!this.#limiter) return undefined;
    const { status, headers, retryAfter, pausesEveryRequest } = answer;
    const report = {
      status,
      ...readRateLimitHeaders(headers),
      retryAfterSeconds: pausesEveryRequest ? retryAfter : undefined,
    };
    return this.#safely(attempt.log, () => this.#withKey((key) => this.#limiter?.report({ key, ...report })));
  }

  /** Holds the client's own gate while the pause of a request that got a 429 runs. */
  whilePausing(pause: Promise<unknown>, seconds: number): void {
    this.#gate.whilePausing(pause, seconds);
  }

  /**
   * Before an attempt: asks the hook if the budget is spent, then waits for
   * the limiter (or, when it fails or there is none, the request gate).
   *
   * @throws RateLimitDeclined when the hook says not to wait
   * @throws AbortedDuringPause when `signal` fires while waiting
   */
  async beforeAttempt(attempt: RateLimitAttempt, signal: AbortSignal | undefined): Promise<void> {
    if (this.#onRateLimit) await this.#askBeforeSending(attempt, signal);
    if (this.#limiter) {
      try {
        const limiter = this.#limiter;
        await untilAborted(Promise.resolve(this.#withKey((key) => limiter.acquire(key, signal))), signal);
        return;
      } catch (error) {
        if (signal?.aborted) throw new AbortedDuringPause(signal.reason);
        this.#fallBack(attempt.log, error);
      }
    }
    await this.#gate.wait(signal);
  }

  /**
   * After a 429: holds every holder of the key for the retry's pause (when
   * the request will retry), then asks the hook.
   *
   * @param retryPause - seconds before the retry; `undefined` when it will not retry
   * @returns whether to go on (retry or return the answer) rather than fail at once
   */
  async rateLimited(
    attempt: RateLimitAttempt,
    retryPause: number | undefined,
    retryAfter: number | undefined,
  ): Promise<boolean> {
    if (this.#limiter && retryPause !== undefined) {
      const until = Date.now() + retryPause * 1000;
      await this.#safely(attempt.log, () => this.#withKey((key) => this.#limiter?.pause(key, until)));
    }
    if (!this.#onRateLimit) return true;
    return this.#ask({ reason: 'rate-limited', attempt, retryAfter: retryPause ?? retryAfter ?? 0 });
  }

  async #askBeforeSending(attempt: RateLimitAttempt, signal: AbortSignal | undefined): Promise<void> {
    const now = Date.now();
    const { remaining, resetAt } = this.#gate.view();
    let until = remaining === 0 && resetAt !== undefined && resetAt > now ? resetAt : 0;
    let held = until > now;
    if (this.#limiter) {
      // The shared limiter knows of pauses other clients met; whether it holds the key is its call.
      let shared: RateLimitState | undefined;
      try {
        // Where the key is known (Node) nothing is awaited: the hook is asked in this same turn.
        const key = this.#knownKey() ?? (await this.#withKey((hashed) => hashed));
        shared = this.#limiter.state(key);
      } catch {
        shared = undefined;
      }
      if (shared?.paused) {
        held = true;
        until = Math.max(until, shared.pausedUntil ?? now);
      }
    }
    if (!held) return;
    const info = { reason: 'budget-spent', attempt, retryAfter: Math.max(0, until - now) / 1000 } as const;
    if (!(await this.#ask(info))) throw new RateLimitDeclined(this.#info(info));
    // Without a limiter nothing else would hold this request until the reset.
    if (!this.#limiter) await abortableSleep(this.#sleep, info.retryAfter, signal);
  }

  async #ask(parts: {
    reason: RateLimitInfo['reason'];
    attempt: RateLimitAttempt;
    retryAfter: number;
  }): Promise<boolean> {
    const answer = await this.#onRateLimit?.(this.#info(parts));
    return answer !== false;
  }

  #info(parts: { reason: RateLimitInfo['reason']; attempt: RateLimitAttempt; retryAfter: number }): RateLimitInfo {
    const { method, url, attempt } = parts.attempt;
    return Object.freeze({
      reason: parts.reason,
      method,
      url: this.#errors.scrub(url),
      attempt,
      retryAfter: parts.retryAfter,
      rateLimit: this.view(),
    });
  }

  async #safely(log: Logger, call: () => unknown): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.#fallBack(log, error);
    }
  }

  #fallBack(log: Logger, error: unknown): void {
    if (this.#warned) return;
    this.#warned = true;
    const reason = error instanceof Error ? error.message : String(error);
    log.warn(
      this.#errors.scrub(`rate limiter failed (${reason}); falling back to this client's own pacing (said once)`),
    );
  }
}
