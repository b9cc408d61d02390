/**
 * One key's budget as the Redis limiter keeps it, and the steps that change it: pure
 * functions (the clock is passed in). The Lua script in `budget-script.ts` runs the same
 * steps inside Redis, atomically, for every process at once; these run them in memory
 * while Redis is unreachable, and are what the unit tests pin down.
 *
 * The budget follows the server: a window opens with the first request, its end and the
 * limit come from the first answer's `ratelimit-*` headers, and every answer raises the
 * count to what the server says it has served (`limit - remaining`), so requests still in
 * flight are counted on top of what the server has seen. Before any header, the configured
 * `points` per `durationMs` apply.
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
  /** Requests per window: the server's `ratelimit-limit` once seen, else the configured points. */
  readonly limit: number;
  /** Requests counted in the open window (sent, or known to the server). */
  readonly used: number;
  /** When the open window ends; 0 when none is open. */
  readonly windowEnd: number;
  /** Whether `windowEnd` came from the server (else it is a guess from `windowMs`). */
  readonly confirmed: boolean;
  /** The end of the window before, to tell its late answers from the open window's. */
  readonly previousEnd: number;
  /** A window's length: the first answer's `ratelimit-reset` once seen, else the configured duration. */
  readonly windowMs: number;
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
    windowEnd: 0,
    confirmed: false,
    previousEnd: 0,
    windowMs: config.durationMs,
    pausedUntil: 0,
  };
}

/** Closes the window when its end has passed. */
function rolled(state: BudgetState, now: number): BudgetState {
  if (state.windowEnd === 0 || now < state.windowEnd) return state;
  return { ...state, previousEnd: state.windowEnd, windowEnd: 0, used: 0, confirmed: false };
}

/** Counts one request when the budget allows it now; else says how long to wait. */
export function acquireStep(state: BudgetState, now: number): AcquireDecision {
  let next = rolled(state, now);
  if (next.pausedUntil > now) return { state: next, waitMs: next.pausedUntil - now };
  if (next.windowEnd === 0) next = { ...next, windowEnd: now + next.windowMs, confirmed: false, used: 0 };
  if (next.used >= next.limit) return { state: next, waitMs: Math.max(1, next.windowEnd - now) };
  return { state: { ...next, used: next.used + 1 }, waitMs: 0 };
}

/** Takes in what an answer said: its limit, what remains, when the window ends, a 429. */
export function reportStep(state: BudgetState, report: RateLimitReport, now: number): BudgetState {
  let next = rolled(state, now);
  if (report.limit !== undefined) next = { ...next, limit: report.limit };
  if (report.status === 429) {
    const seconds = report.retryAfterSeconds ?? report.resetSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
    next = { ...next, pausedUntil: Math.max(next.pausedUntil, now + seconds * 1000) };
  }
  if (report.resetSeconds === undefined) return next;
  const reportEnd = now + report.resetSeconds * 1000;
  next = { ...next, resetAt: reportEnd, ...(report.remaining === undefined ? {} : { remaining: report.remaining }) };
  // An answer the server gave before the window before ended, read late: its count is not this window's.
  if (next.previousEnd > 0 && reportEnd < next.previousEnd + next.windowMs / 2) return next;
  const windowMs = Math.max(1000, report.resetSeconds * 1000);
  if (next.windowEnd === 0) next = { ...next, windowEnd: reportEnd, confirmed: true, windowMs, used: 0 };
  else if (!next.confirmed) next = { ...next, windowEnd: reportEnd, confirmed: true, windowMs };
  else next = { ...next, windowEnd: Math.min(next.windowEnd, reportEnd) };
  if (report.remaining !== undefined) next = { ...next, used: Math.max(next.used, next.limit - report.remaining) };
  if (report.status === 429) next = { ...next, used: Math.max(next.used, next.limit) };
  return next;
}

/** Holds every request until `untilMs`. */
export function pauseStep(state: BudgetState, untilMs: number): BudgetState {
  return { ...state, pausedUntil: Math.max(state.pausedUntil, untilMs) };
}

/**
 * The budget as the limiter's `state` shows it: what the headers said (the limit only once
 * an answer has said it, not the configured one), and paused by a 429 or spent until the
 * window ends.
 */
export function budgetView(state: BudgetState, now: number): RateLimitState {
  const spent = state.windowEnd > now && state.used >= state.limit;
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
