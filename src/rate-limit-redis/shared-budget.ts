/**
 * One key's budget and the steps that change it, as pure functions: `budget-script.ts` runs
 * the same steps atomically in Redis; these run them in memory while Redis is unreachable.
 * A window's count is what the server says it served plus the requests still in flight
 * (they may land in this window or the next), or the requests granted in it, if more. Resets
 * are rounded up, so the earliest end any answer gives never precedes the server's; an
 * answer ending half a window past it belongs to the server's next window and counts there
 * once this one rolls over (a 3 s window or longer tells the two apart). No header holds the
 * key longer than `capMs`: a `ratelimit-limit: 0` or an absurd reset spends one window at most.
 *
 * @module
 */
import type { RateLimitReport, RateLimitState } from '../core/rate-limit/rate-limiter.js';

/** The budget that applies before the server has said its own. */
export interface BudgetConfig {
  readonly points: number;
  readonly durationMs: number;
}

/** One key's budget: the fields the Redis hash holds (times in epoch milliseconds). */
export interface BudgetState {
  readonly limit: number;
  /** Granted in the open window. */
  readonly used: number;
  /** The most `limit - remaining` any answer of the open window said. */
  readonly served: number;
  readonly inFlight: number;
  /** In flight since the window before; dropped (lost) at the next roll. */
  readonly inFlightBefore: number;
  /** 0: no window open. */
  readonly windowEnd: number;
  /** Whether `windowEnd` came from the server rather than a guess from `windowMs`. */
  readonly confirmed: boolean;
  readonly previousEnd: number;
  /** The longest reset seen (the first one at first), else the configured duration. */
  readonly windowMs: number;
  readonly nextServed: number;
  /** 0: no answer from the server's next window yet. */
  readonly nextEnd: number;
  readonly pausedUntil: number;
  readonly remaining?: number;
  readonly resetAt?: number;
}

export interface AcquireDecision {
  readonly state: BudgetState;
  /** 0: granted; else how long to wait before asking again. */
  readonly waitMs: number;
}

/** Seconds waited after a 429 that said neither `Retry-After` nor `ratelimit-reset`. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

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

function counted(state: BudgetState): number {
  return Math.max(state.used, state.served + state.inFlight + state.inFlightBefore);
}

export function acquireStep(state: BudgetState, now: number): AcquireDecision {
  let next = rolled(state, now);
  if (next.pausedUntil > now) return { state: next, waitMs: next.pausedUntil - now };
  if (next.windowEnd === 0) next = { ...next, windowEnd: now + next.windowMs, confirmed: false };
  if (counted(next) >= next.limit) return { state: next, waitMs: Math.max(1, next.windowEnd - now) };
  return { state: { ...next, used: next.used + 1, inFlight: next.inFlight + 1 }, waitMs: 0 };
}

const finite = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;

function answered(state: BudgetState): BudgetState {
  if (state.inFlightBefore > 0) return { ...state, inFlightBefore: state.inFlightBefore - 1 };
  return { ...state, inFlight: Math.max(0, state.inFlight - 1) };
}

/** `capMs` bounds every wait a header can cause. */
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
    if (next.previousEnd > 0 && reportEnd < next.previousEnd + half) return next;
    return { ...next, windowEnd: reportEnd, confirmed: true, served };
  }
  if (reportEnd <= next.windowEnd - half) return next;
  if (reportEnd < next.windowEnd + half) return { ...next, windowEnd: Math.min(next.windowEnd, reportEnd), served };
  // Counted here too in case it is this window's after all.
  return {
    ...next,
    served,
    nextServed: Math.max(next.nextServed, heard),
    nextEnd: next.nextEnd === 0 ? reportEnd : Math.min(next.nextEnd, reportEnd),
  };
}

export function pauseStep(state: BudgetState, untilMs: number, now: number, capMs: number): BudgetState {
  return { ...state, pausedUntil: Math.max(state.pausedUntil, Math.min(untilMs, now + capMs)) };
}

/** The limit shows only once an answer has said one; a spent window shows as paused. */
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
