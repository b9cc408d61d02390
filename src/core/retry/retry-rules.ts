// What each HTTP status means (one table, read by the attempt loop, the retry decisions, the at-most-once rule and,
// through the loop, the rate limit), and the retry decisions made from it. A status without a row is returned
// unless the client's `retry` names it.
import { RATE_LIMITED_STATUS } from '../rate-limit/rate-limit-headers.js';

export interface StatusRule {
  /** Retries when the client's `retry` has no entry for the status; -1 is without limit. */
  readonly defaultRetries: number;
  /** Thrown at once as an HTTP error, whatever `retry` says. */
  readonly throws?: boolean;
  /** `Retry-After` (or `ratelimit-reset`) sets a floor under the pause. */
  readonly honoursRetryAfter?: boolean;
  /** Every request of the client, and of a shared limiter's key, waits out the pause. */
  readonly pausesEveryRequest?: boolean;
  /** The server did not act, so even a request sent at most once may go again. */
  readonly notActedOn?: 'always' | 'with-retry-after';
  /**
   * The credential was refused: a client on a token provider tells it, and sends the same request once more
   * when it has a new token (`'insufficient-scope'`: only when `WWW-Authenticate` says `insufficient_scope`).
   */
  readonly renewsToken?: 'always' | 'insufficient-scope';
}

export const STATUS_RULES: Readonly<Record<number, StatusRule>> = Object.freeze({
  // A refused credential: retrying cannot help, and the message names the key and region.
  401: { defaultRetries: 0, throws: true, renewsToken: 'always' },
  // Forbidden: a token that lacks a scope may be renewed with it; any other 403 is returned.
  403: { defaultRetries: 0, renewsToken: 'insufficient-scope' },
  // Rate limited: the request was refused before it ran.
  [RATE_LIMITED_STATUS]: {
    defaultRetries: -1,
    honoursRetryAfter: true,
    pausesEveryRequest: true,
    notActedOn: 'always',
  },
  // Unavailable: only a Retry-After says the request was not run.
  503: { defaultRetries: 0, honoursRetryAfter: true, notActedOn: 'with-retry-after' },
});

const OTHER: StatusRule = Object.freeze({ defaultRetries: 0 });

export function statusRule(status: number): StatusRule {
  return STATUS_RULES[status] ?? OTHER;
}

/** Whether a response with `status` and this `WWW-Authenticate` refused the token itself (see `renewsToken`). */
export function refusesToken(status: number, wwwAuthenticate: string | null): boolean {
  const { renewsToken } = statusRule(status);
  return (
    renewsToken === 'always' ||
    (renewsToken === 'insufficient-scope' && /insufficient_scope/i.test(wwwAuthenticate ?? ''))
  );
}

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

export interface ResponseOutcome {
  readonly kind: 'response';
  readonly status: number;
  /** Seconds the server asked to wait (`Retry-After`), when it did. */
  readonly retryAfter?: number;
}

/** An attempt that failed in the transport (connection, timeout, body cut short). */
export interface NetworkErrorOutcome {
  readonly kind: 'network-error';
}

export type AttemptOutcome = ResponseOutcome | NetworkErrorOutcome;

export interface RetryAction {
  readonly action: 'retry';
  /** Seconds to wait before the next attempt. */
  readonly pause: number;
  /** The state to continue from. */
  readonly state: RetryState;
}

export interface StopAction {
  /** What to do instead of retrying. */
  readonly action: 'return' | 'unauthorized' | 'network-exhausted';
}

/** What the engine does after an attempt. */
export type RetryDecision = RetryAction | StopAction;

export function initialRetryState(policy: RetryPolicy): RetryState {
  return { statusRetries: {}, httpRetries: 0, networkRetries: 0, retries: 0, cooldown: policy.sleepTimer };
}

export function nextCooldown(
  previous: number,
  policy: Pick<RetryPolicy, 'sleepTimerBase' | 'staggerCooldown'>,
  random: number,
): number {
  return policy.sleepTimerBase * (1 + policy.staggerCooldown * random) * previous;
}

export function cooldownSequence(policy: Pick<RetryPolicy, 'sleepTimer' | 'sleepTimerBase'>, count: number): number[] {
  const pauses: number[] = [];
  let t = policy.sleepTimer;
  for (let n = 1; n <= count; n += 1) {
    t = nextCooldown(t, { sleepTimerBase: policy.sleepTimerBase, staggerCooldown: 0 }, 0);
    pauses.push(t);
  }
  return pauses;
}

export function retryLimitFor(status: number, retry: Readonly<Record<number, number>>): number {
  if (status >= 200 && status < 300) return 0;
  const configured = retry[status];
  if (configured !== undefined) return configured;
  return statusRule(status).defaultRetries;
}

export function returnsAtOnce(status: number): boolean {
  return status < 400 && statusRule(status).throws !== true;
}

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

/**
 * The pause a response asks for, in seconds: its `Retry-After` (a number or an HTTP date), else its
 * `ratelimit-reset`; `undefined` when neither is readable. Only a status whose rule `honoursRetryAfter` is asked.
 */
export function parseRetryAfter(headers: { get(name: string): string | null }, nowMs: number): number | undefined {
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
