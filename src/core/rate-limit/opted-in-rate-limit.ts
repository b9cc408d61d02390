// A client that opted in (`rateLimiter`, `onRateLimit`) has `ClientRateLimit`, loaded with its first request so
// that a page whose clients never opt in does not carry it: the options are checked at construction, the module's
// load starts then, and until it has loaded the client's gate answers `client.rateLimit`.
import type { AttemptRateLimit, RateLimitAnswer, RateLimitAttempt } from './attempt-rate-limit.js';
import type { ClientRateLimitOptions } from './client-rate-limit.js';
import type { OnRateLimit } from './rate-limit-info.js';
import type { RateLimiter, RateLimitState } from './rate-limiter.js';

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

/** `ClientRateLimit` once loaded; each attempt of the client's first request waits for the load. */
export class OptedInRateLimit implements AttemptRateLimit {
  readonly #options: ClientRateLimitOptions;
  readonly #loading: Promise<AttemptRateLimit>;
  #loaded: AttemptRateLimit | undefined;

  /** @param options - the limiter and hook, checked (see `checkRateLimiter`, `checkOnRateLimit`) */
  constructor(options: ClientRateLimitOptions) {
    this.#options = options;
    this.#loading = import('./client-rate-limit.js').then(
      ({ ClientRateLimit }) => (this.#loaded = new ClientRateLimit(options)),
    );
    // A failed load fails the first request that waits for it, not the process.
    this.#loading.catch(() => undefined);
  }

  beforeAttempt(attempt: RateLimitAttempt, signal: AbortSignal | undefined): Promise<void> | undefined {
    if (this.#loaded !== undefined) return this.#loaded.beforeAttempt(attempt, signal);
    return this.#loading.then((loaded) => loaded.beforeAttempt(attempt, signal));
  }

  // Every other call comes after an attempt's `beforeAttempt`, so after the load.
  afterResponse(answer: RateLimitAnswer, attempt: RateLimitAttempt): Promise<void> | undefined {
    return (this.#loaded ?? this.#options.gate).afterResponse(answer, attempt);
  }

  rateLimited(
    attempt: RateLimitAttempt,
    retryPause: number | undefined,
    retryAfter: number | undefined,
  ): Promise<boolean> | undefined {
    return (this.#loaded ?? this.#options.gate).rateLimited(attempt, retryPause, retryAfter);
  }

  whilePausing(pause: Promise<unknown>, seconds: number): void {
    (this.#loaded ?? this.#options.gate).whilePausing(pause, seconds);
  }

  view(): RateLimitState {
    return (this.#loaded ?? this.#options.gate).view();
  }
}
