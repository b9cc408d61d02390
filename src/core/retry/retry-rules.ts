/**
 * The retry policy as data, and the pure functions that decide, after each attempt,
 * whether to try again and how long to wait. Nothing here does I/O or reads a clock; the
 * engine passes the random number and the current time in.
 *
 * @module
 */
import { statusRule } from './status-rules.js';
import { readRateLimitHeaders } from '../rate-limit/rate-limit-headers.js';

/** The retry settings of a client (see {@link ApiClientOptions} for each one's meaning). */
export interface RetryPolicy {
  /** HTTP status to how many times to retry it: `-1` without limit, `0` never. */
  readonly retry: Readonly<Record<number, number>>;
  /** Cap on the retries of one request over all statuses with a finite `retry` entry. */
  readonly maxHttpAttempts: number;
  /** Cap on the retries of one request after network errors and timeouts. */
  readonly maxNetworkAttempts: number;
  /** The first cooldown factor `t0`, in seconds. */
  readonly sleepTimer: number;
  /** The exponent base `a`. */
  readonly sleepTimerBase: number;
  /** The randomising factor `rho`; 0 makes cooldowns deterministic. */
  readonly staggerCooldown: number;
  /** Retry a host name that does not resolve (`ENOTFOUND`) like any network error. @default false */
  readonly retryUnresolvedHosts?: boolean;
}

/** Where one request stands in its retries. */
export interface RetryState {
  /** Retries made so far per HTTP status. */
  readonly statusRetries: Readonly<Record<number, number>>;
  /** Retries made so far for statuses with a finite limit (what `maxHttpAttempts` caps). */
  readonly httpRetries: number;
  /** Retries made so far after network errors. */
  readonly networkRetries: number;
  /** All retries so far, of every kind: `n` of the cooldown formula. */
  readonly retries: number;
  /** The last cooldown `t_(n)`, in seconds; `t0` before the first retry. */
  readonly cooldown: number;
}

/** An attempt that got a response. */
export interface ResponseOutcome {
  /** Discriminant. */
  readonly kind: 'response';
  /** The HTTP status. */
  readonly status: number;
  /** Seconds the server asked to wait (`Retry-After`), when it did. */
  readonly retryAfter?: number;
}

/** An attempt that failed in the transport (connection, timeout, body cut short). */
export interface NetworkErrorOutcome {
  /** Discriminant. */
  readonly kind: 'network-error';
}

/** What an attempt ended with. */
export type AttemptOutcome = ResponseOutcome | NetworkErrorOutcome;

/** Retry after a pause. */
export interface RetryAction {
  /** Discriminant. */
  readonly action: 'retry';
  /** Seconds to wait before the next attempt. */
  readonly pause: number;
  /** The state to continue from. */
  readonly state: RetryState;
}

/**
 * Stop retrying: `return` hands the response back (success, or a failure whose retries
 * ran out or were not asked for); `unauthorized` is a 401, which retrying cannot help;
 * `network-exhausted` means the network retries ran out.
 */
export interface StopAction {
  /** What to do instead of retrying. */
  readonly action: 'return' | 'unauthorized' | 'network-exhausted';
}

/** What the engine does after an attempt. */
export type RetryDecision = RetryAction | StopAction;

/** The state of a request before its first attempt. */
export function initialRetryState(policy: RetryPolicy): RetryState {
  return { statusRetries: {}, httpRetries: 0, networkRetries: 0, retries: 0, cooldown: policy.sleepTimer };
}

/**
 * The next cooldown: `t_n = a * (1 + rho * r_n) * t_(n-1)`, with `t_0 = sleepTimer`.
 * With `rho = 0` that is `t0 * a^n`: 3, 6, 12, ... seconds with the defaults.
 *
 * @param previous - `t_(n-1)`, in seconds
 * @param random - `r_n`, uniform in [0, 1)
 *
 * @example
 * ```ts
 * nextCooldown(1.5, { sleepTimerBase: 2, staggerCooldown: 0 }, 0.7); // 3
 * ```
 */
export function nextCooldown(
  previous: number,
  policy: Pick<RetryPolicy, 'sleepTimerBase' | 'staggerCooldown'>,
  random: number,
): number {
  return policy.sleepTimerBase * (1 + policy.staggerCooldown * random) * previous;
}

/**
 * The cooldowns of the first `count` retries with `rho = 0`: `[t0 * a, t0 * a^2, ...]`.
 * Used by the documentation and tests to state the sequence a policy produces.
 */
export function cooldownSequence(policy: Pick<RetryPolicy, 'sleepTimer' | 'sleepTimerBase'>, count: number): number[] {
  const pauses: number[] = [];
  let t = policy.sleepTimer;
  for (let n = 1; n <= count; n += 1) {
    t = nextCooldown(t, { sleepTimerBase: policy.sleepTimerBase, staggerCooldown: 0 }, 0);
    pauses.push(t);
  }
  return pauses;
}

/**
 * The retry limit for a status: the `retry` entry when there is one (2xx entries are
 * ignored), `-1` (without limit) for 429 without one, and `0` otherwise.
 */
export function retryLimitFor(status: number, retry: Readonly<Record<number, number>>): number {
  if (status >= 200 && status < 300) return 0;
  const configured = retry[status];
  if (configured !== undefined) return configured;
  return statusRule(status).defaultRetries;
}

/**
 * Whether a response with this status is returned at once, whatever the policy and the
 * retries so far: any status below 400 except 401 (see {@link retryDecision}). Lets the
 * engine skip the rest of the rules on a success.
 */
export function returnsAtOnce(status: number): boolean {
  return status < 400 && statusRule(status).throws !== true;
}

/**
 * Decides what follows an attempt.
 *
 * - 2xx and 3xx: return. 401: unauthorized, whatever `retry` says.
 * - A status with limit `k > 0`: retry while it has had fewer than `k` retries and the
 *   request fewer than `maxHttpAttempts`; then return the response.
 * - Limit `-1` (429 by default): retry without limit, not counted by `maxHttpAttempts`.
 * - Limit `0`: return at once.
 * - Network error: retry up to `maxNetworkAttempts` times, then network-exhausted.
 *
 * The pause is the next cooldown, or the server's `Retry-After` when that is longer.
 *
 * @param random - `r_n` for the stagger, uniform in [0, 1)
 */
export function retryDecision(
  outcome: AttemptOutcome,
  state: RetryState,
  policy: RetryPolicy,
  random: number,
): RetryDecision {
  let next: Omit<RetryState, 'retries' | 'cooldown'>;
  let floor = 0;
  if (outcome.kind === 'network-error') {
    if (state.networkRetries >= policy.maxNetworkAttempts) return { action: 'network-exhausted' };
    next = { ...state, networkRetries: state.networkRetries + 1 };
  } else {
    const { status } = outcome;
    if (statusRule(status).throws) return { action: 'unauthorized' };
    if (returnsAtOnce(status)) return { action: 'return' };
    const limit = retryLimitFor(status, policy.retry);
    const used = state.statusRetries[status] ?? 0;
    if (limit === 0) return { action: 'return' };
    if (limit > 0 && (used >= limit || state.httpRetries >= policy.maxHttpAttempts)) {
      return { action: 'return' };
    }
    next = {
      ...state,
      statusRetries: { ...state.statusRetries, [status]: used + 1 },
      httpRetries: limit > 0 ? state.httpRetries + 1 : state.httpRetries,
    };
    floor = outcome.retryAfter ?? 0;
  }
  const cooldown = nextCooldown(state.cooldown, policy, random);
  return {
    action: 'retry',
    pause: Math.max(cooldown, floor),
    state: { ...next, retries: state.retries + 1, cooldown },
  };
}

/** The statuses whose `Retry-After` the engine honours. */

/**
 * The wait a response asks for, in seconds: `Retry-After` (seconds or an HTTP date) or
 * `ratelimit-reset` (seconds), on a 429 or 503 only. `undefined` when there is none or it
 * cannot be read; never negative.
 *
 * @param nowMs - the current time in milliseconds since the epoch (for HTTP dates)
 *
 * @example
 * ```ts
 * parseRetryAfter(429, new Headers({ 'retry-after': '30' }), Date.now()); // 30
 * ```
 */
export function parseRetryAfter(
  status: number,
  headers: { get(name: string): string | null },
  nowMs: number,
): number | undefined {
  if (!statusRule(status).honoursRetryAfter) return undefined;
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const trimmed = retryAfter.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
    const date = Date.parse(trimmed);
    if (!Number.isNaN(date)) return Math.max(0, (date - nowMs) / 1000);
  }
  const reset = headers.get('ratelimit-reset');
  if (reset !== null && /^\d+(\.\d+)?$/.test(reset.trim())) return Number(reset.trim());
  return undefined;
}

/**
 * Checks a `retry` map: integer statuses from 100 to 599 mapped to integers `>= -1`.
 *
 * @returns a frozen copy, so later changes to the caller's object have no effect
 * @throws TypeError or RangeError naming the bad entry
 */
export function validateRetryMap(retry: Readonly<Record<number, number>>): Readonly<Record<number, number>> {
  if (typeof retry !== 'object' || retry === null || Array.isArray(retry)) {
    throw new TypeError('retry must be an object mapping HTTP statuses to retry counts');
  }
  const copy: Record<number, number> = {};
  for (const [key, value] of Object.entries(retry)) {
    const status = Number(key);
    if (!Number.isInteger(status) || status < 100 || status > 599) {
      throw new RangeError(`retry: ${JSON.stringify(key)} is not an HTTP status`);
    }
    if (!Number.isInteger(value) || value < -1) {
      const shown = typeof value === 'string' ? JSON.stringify(value) : String(value);
      throw new RangeError(`retry[${status}] must be an integer >= -1 (-1 means without limit), got ${shown}`);
    }
    copy[status] = value;
  }
  return Object.freeze(copy);
}

/**
 * Seconds until the rate-limit budget comes back when a response says it is spent
 * (`ratelimit-remaining: 0` with `ratelimit-reset: <seconds>`), else `undefined`: a
 * budget not spent, headers missing or unreadable.
 *
 * @example
 * ```ts
 * spentBudgetReset(new Headers({ 'ratelimit-remaining': '0', 'ratelimit-reset': '12' })); // 12
 * spentBudgetReset(new Headers({ 'ratelimit-remaining': '3', 'ratelimit-reset': '12' })); // undefined
 * ```
 */
export function spentBudgetReset(headers: { get(name: string): string | null }): number | undefined {
  const seen = readRateLimitHeaders(headers);
  return seen?.remaining === 0 ? seen.resetSeconds : undefined;
}
