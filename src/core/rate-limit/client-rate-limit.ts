// Without a limiter and a hook (`active` false) the attempt loop asks only the request gate, and this object just
// records headers. A limiter that fails (a store that is down) never fails a request: the attempt falls back to
// the client's own request gate, and the client warns once.
import type { Secret } from '../auth/secret.js';
import type { ClientErrors } from '../errors/client-errors.js';
import type { Logger } from '../logging.js';
import { abortableSleep, AbortedDuringPause } from '../retry/abortable-sleep.js';
import type { RequestGate } from '../retry/request-gate.js';
import { statusRule } from '../retry/status-rules.js';
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
  /** The client's own request gate: the fallback when the limiter fails. */
  readonly gate: RequestGate;
  readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  /** Removes the credential from text that may be printed. */
  readonly errors: Pick<ClientErrors, 'scrub'>;
}

/** Which request is asking, for the hook and the fallback warning. */
export interface RateLimitAttempt {
  readonly method: string;
  readonly url: string;
  readonly attempt: number;
  readonly log: Logger;
}

/** `onRateLimit` said not to wait before sending; the attempt loop turns it into the client's error. */
export class RateLimitDeclined extends Error {
  /** @param info - what the hook was told */
  constructor(readonly info: RateLimitInfo) {
    super('onRateLimit declined to wait for the rate-limit budget');
  }
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

export function checkRateLimiter(value: unknown): RateLimiter | undefined {
  if (value === undefined) return undefined;
  const candidate = value as Partial<Record<keyof RateLimiter, unknown>> | null;
  const methods = ['acquire', 'report', 'pause', 'state'] as const;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    methods.some((name) => typeof candidate[name] !== 'function')
  ) {
    throw new TypeError('rateLimiter must be an object with acquire, report, pause and state methods (a RateLimiter)');
  }
  return value as RateLimiter;
}

export function checkOnRateLimit(value: unknown): OnRateLimit | undefined {
  if (value !== undefined && typeof value !== 'function')
    throw new TypeError(`onRateLimit must be a function, got ${value === null ? 'null' : typeof value}`);
  return value as OnRateLimit | undefined;
}

/** The rate limit of one client: what it last saw of its budget, and the limiter and hook it opted into. */
export class ClientRateLimit {
  /** Whether the caller opted in (a limiter or a hook): else the loop uses the request gate alone. */
  readonly active: boolean;
  readonly #limiter: RateLimiter | undefined;
  readonly #onRateLimit: OnRateLimit | undefined;
  readonly #credential: { readonly secret: Secret | undefined };
  readonly #gate: RequestGate;
  readonly #sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #errors: Pick<ClientErrors, 'scrub'>;
  #limit: number | undefined;
  #remaining: number | undefined;
  #resetAt: number | undefined;
  #pausedUntil = 0;
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
    this.active = options.limiter !== undefined || options.onRateLimit !== undefined;
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

  /** What the client last saw of its budget, and whether its requests are held now. */
  view(): RateLimitState {
    const now = Date.now();
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
    // Held by its own gate (a 429's pause, or a spent budget while a reader is open), or by the shared limiter.
    const own = this.#gate.held;
    const sharedPaused = shared?.paused === true;
    let until = 0;
    if (own) until = Math.max(this.#pausedUntil, this.#remaining === 0 ? (this.#resetAt ?? 0) : 0);
    if (sharedPaused) until = Math.max(until, shared?.pausedUntil ?? 0);
    const paused = own || sharedPaused;
    return Object.freeze({
      limit: this.#limit,
      remaining: this.#remaining,
      resetAt: this.#resetAt,
      paused,
      pausedUntil: paused && until > now ? until : undefined,
    });
  }

  /**
   * Records an answer's rate-limit headers (every answer, opted in or not: a few header
   * reads), and tells the limiter when there is one.
   *
   * @returns a promise only when there is a limiter to tell
   */
  observe(
    status: number,
    headers: { get(name: string): string | null },
    retryAfter: number | undefined,
    log: Logger,
  ): Promise<void> | undefined {
    const seen = readRateLimitHeaders(headers);
    if (seen) {
      if (seen.limit !== undefined) this.#limit = seen.limit;
      if (seen.remaining !== undefined) this.#remaining = seen.remaining;
      if (seen.resetSeconds !== undefined) this.#resetAt = Date.now() + seen.resetSeconds * 1000;
    }
    if (!this.#limiter) return undefined;
    const report = {
      status,
      ...seen,
      retryAfterSeconds: statusRule(status).pausesEveryRequest ? retryAfter : undefined,
    };
    return this.#safely(log, () => this.#withKey((key) => this.#limiter?.report({ key, ...report })));
  }

  /** Notes the pause of a request that got a 429 (it holds the client's gate meanwhile). */
  notePause(untilMs: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, untilMs);
  }

  /**
   * Before an attempt, when opted in: asks the hook if the budget is spent, then waits for
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
   * After a 429, when opted in: holds every holder of the key for the retry's pause (when
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
    let until = this.#remaining === 0 && this.#resetAt !== undefined && this.#resetAt > now ? this.#resetAt : 0;
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
