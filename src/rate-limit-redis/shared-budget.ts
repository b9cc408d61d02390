/**
 * One key's budget as the Redis limiter keeps it, and the steps that change it: pure
 * functions (the clock is passed in). The Lua script in `budget-script.ts` runs the same
 * steps inside Redis, atomically, for every process at once; these run them in memory
 * while Redis is unreachable, and are what the unit tests pin down.
 *
 * The budget follows the server: a window opens with the first request, its end and the
 * limit come from the answers' `ratelimit-*` headers, and the window's count is what the
 * server says it has served (`limit - remaining`) plus the requests still in flight
 * (granted, not yet answered), which may reach the server in this window or the next; or
 * the requests granted in the window, if more. An answer whose `ratelimit-reset` points
 * half a window or more past the open window's end comes from the server's next window: it
 * counts there when the window rolls over. The window's end is the earliest any answer
 * gave (each reset is rounded up, so none ends before the server's), which a 3 s window or
 * longer tells apart from the next window's. Before any header, the configured `points`
 * per `durationMs` apply. No header holds the key longer than `capMs` (the configured
 * window): a `ratelimit-limit: 0` or an absurd reset spends one window at most.
 *
 * @module
 */
import type { RateLimitReport, RateLimitState } from '../core/rate-limit/rate-limiter.js';

/** The budget that applies before the server has said its own. */
export interface BudgetConfig {
  /** Requests per window. */
  readonly points: number;
  /** The window's length in milliseconds. */
  readonly durationMs: number;
}

/** One key's budget: the fields the Redis hash holds (times in epoch milliseconds). */
export interface BudgetState {
  /** Requests per window: the server's last `ratelimit-limit` of 1 or more, else the configured points. */
  readonly limit: number;
  /** Requests granted in the open window. */
  readonly used: number;
  /** What the server said it served in the open window (`limit - remaining`), the most any answer said. */
  readonly served: number;
  /** Requests granted in the open window and not answered yet. */
  readonly inFlight: number;
  /** Requests granted in the window before and not answered yet (dropped at the next roll: lost). */
  readonly inFlightBefore: number;
  /** When the open window ends; 0 when none is open. */
  readonly windowEnd: number;
  /** Whether `windowEnd` came from the server (else it is a guess from `windowMs`). */
  readonly confirmed: boolean;
  /** The end of the window before, to tell its late answers from the open window's. */
  readonly previousEnd: number;
  /** A window's length: the longest `ratelimit-reset` seen (the first one at first), else the configured duration. */
  readonly windowMs: number;
  /** What answers from the server's next window said it served there (`limit - remaining`). */
  readonly nextServed: number;
  /** When that next window ends, as its answers said; 0 when none has come. */
  readonly nextEnd: number;
  /** Requests are held until then (a 429, or {@link pauseStep}). */
  readonly pausedUntil: number;
  /** The last `ratelimit-remaining` seen. */
  readonly remaining?: number;
  /** When the last `ratelimit-reset` seen said the window ends. */
  readonly resetAt?: number;
}

/** What {@link acquireStep} decided. */
export interface AcquireDecision {
  /** The budget after the step (counted when granted). */
  readonly state: BudgetState;
  /** 0: granted; else how long to wait before asking again. */
  readonly waitMs: number;
}

/** Seconds waited after a 429 that said neither `Retry-After` nor `ratelimit-reset`. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** A fresh budget: nothing counted, no window open. */
export function initialBudget(config: BudgetConfig): BudgetState {
  return {
    limit: config.points,
    used: 0,
    served: 0,
    inFlight: 0,
    inFlightBefore: 0,
    windowEnd: 0,
    confirmed: false,
    previousEnd: 0,
    windowMs: config.durationMs,
    nextServed: 0,
    nextEnd: 0,
    pausedUntil: 0,
  };
}

/** Closes the window when its end has passed; what is in flight may land in the next one. */
function rolled(state: BudgetState, now: number): BudgetState {
  if (state.windowEnd === 0 || now < state.windowEnd) return state;
  const inFlightBefore = now >= state.windowEnd + state.windowMs ? 0 : state.inFlight;
  const carried = state.nextEnd > now;
  return {
    ...state,
    previousEnd: state.windowEnd,
    windowEnd: carried ? state.nextEnd : 0,
    confirmed: carried,
    used: 0,
    served: carried ? state.nextServed : 0,
    inFlight: 0,
    inFlightBefore,
    nextServed: 0,
    nextEnd: 0,
  };
}

/** The open window's count: its grants, or what the server served plus what may still reach it, if more. */
function counted(state: BudgetState): number {
  return Math.max(state.used, state.served + state.inFlight + state.inFlightBefore);
}

/** Counts one request when the budget allows it now; else says how long to wait. */
export function acquireStep(state: BudgetState, now: number): AcquireDecision {
  let next = rolled(state, now);
  if (next.pausedUntil > now) return { state: next, waitMs: next.pausedUntil - now };
  if (next.windowEnd === 0) next = { ...next, windowEnd: now + next.windowMs, confirmed: false };
  if (counted(next) >= next.limit) return { state: next, waitMs: Math.max(1, next.windowEnd - now) };
  return { state: { ...next, used: next.used + 1, inFlight: next.inFlight + 1 }, waitMs: 0 };
}

const finite = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;

/** One request is answered: it is no longer in flight (the oldest count first). */
function answered(state: BudgetState): BudgetState {
  if (state.inFlightBefore > 0) return { ...state, inFlightBefore: state.inFlightBefore - 1 };
  return { ...state, inFlight: Math.max(0, state.inFlight - 1) };
}

/**
 * Takes in what an answer said: its limit, what remains, when the window ends, a 429.
 * `capMs` bounds every wait a header can cause.
 */
export function reportStep(state: BudgetState, report: RateLimitReport, now: number, capMs: number): BudgetState {
  let next = answered(rolled(state, now));
  const reportLimit = finite(report.limit);
  const remaining = finite(report.remaining);
  const resetSeconds = finite(report.resetSeconds);
  const spent = report.status === 429 || reportLimit === 0;
  if (reportLimit !== undefined && reportLimit >= 1) next = { ...next, limit: reportLimit };
  if (report.status === 429) {
    const seconds = finite(report.retryAfterSeconds) ?? resetSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
    next = { ...next, pausedUntil: Math.max(next.pausedUntil, now + Math.ceil(Math.min(seconds * 1000, capMs))) };
  }
  if (resetSeconds === undefined) {
    // A 429 without a reset is its pause alone; a limit of 0 spends the window the key is in.
    return reportLimit === 0 && next.windowEnd !== 0 ? { ...next, served: Math.max(next.served, next.limit) } : next;
  }
  const resetMs = Math.ceil(Math.min(resetSeconds * 1000, capMs));
  const reportEnd = now + resetMs;
  const windowMs = next.resetAt === undefined ? Math.max(1000, resetMs) : Math.max(next.windowMs, resetMs);
  next = { ...next, windowMs, resetAt: reportEnd, ...(remaining === undefined ? {} : { remaining }) };
  const heard = spent ? next.limit : remaining === undefined ? 0 : Math.max(0, next.limit - remaining);
  const served = Math.max(next.served, heard);
  const half = windowMs / 2;
  if (next.windowEnd === 0 || !next.confirmed) {
    // An answer the server gave before the window before ended, read late: its count is not this window's.
    if (next.previousEnd > 0 && reportEnd < next.previousEnd + half) return next;
    return { ...next, windowEnd: reportEnd, confirmed: true, served };
  }
  if (reportEnd <= next.windowEnd - half) return next;
  if (reportEnd < next.windowEnd + half) return { ...next, windowEnd: Math.min(next.windowEnd, reportEnd), served };
  // The server's next window has begun: counted there from the roll on, and here too in case it is this one.
  return {
    ...next,
    served,
    nextServed: Math.max(next.nextServed, heard),
    nextEnd: next.nextEnd === 0 ? reportEnd : Math.min(next.nextEnd, reportEnd),
  };
}

/** Holds every request until `untilMs`, or `capMs` from now at most. */
export function pauseStep(state: BudgetState, untilMs: number, now: number, capMs: number): BudgetState {
  return { ...state, pausedUntil: Math.max(state.pausedUntil, Math.min(untilMs, now + capMs)) };
}

/**
 * The budget as the limiter's `state` shows it: what the headers said (the limit only once
 * an answer has said it, not the configured one), and paused by a 429 or spent until the
 * window ends.
 */
export function budgetView(state: BudgetState, now: number): RateLimitState {
  const spent = state.windowEnd > now && counted(state) >= state.limit;
  const until = Math.max(state.pausedUntil > now ? state.pausedUntil : 0, spent ? state.windowEnd : 0);
  const heard = state.remaining !== undefined || state.resetAt !== undefined;
  return {
    ...(heard ? { limit: state.limit } : {}),
    ...(state.remaining === undefined ? {} : { remaining: state.remaining }),
    ...(state.resetAt === undefined ? {} : { resetAt: state.resetAt }),
    paused: until > 0,
    ...(until > 0 ? { pausedUntil: until } : {}),
  };
}
