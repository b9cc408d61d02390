/**
 * The engine's two clocks, both in milliseconds on a monotonic scale:
 * - {@link attemptClock} times each attempt for the call metrics (`apiTime`): Node's own
 *   `performance.now()`, read through a reference taken on first use. It measures real
 *   time whatever a test fakes.
 * - {@link timersClock} is the clock the global timers run on, which an attempt's deadline
 *   must share with its timer: the same real clock while `setTimeout` is Node's own, and
 *   the global `performance` once something has replaced `setTimeout` (jest's and
 *   sinon's fake timers replace both), so that faked time still rules timeouts.
 *
 * Why not always the global: in Node 20, `globalThis.performance` is a lazy accessor that
 * runs a check at every read. On the loopback benchmark, where each request runs with cold
 * caches, dropping the deadline's read of it made a GET about 1 % faster
 * (`bench/compare-builds.mjs`, the builds before and after).
 *
 * @module
 * @internal
 */

/** Node's real `performance`, once it has been asked for. */
let realPerformance: { now(): number } | undefined;

/**
 * Milliseconds on a monotonic clock (fractions included): only differences mean anything.
 *
 * @example
 * ```ts
 * const started = attemptClock();
 * // ... the attempt ...
 * const seconds = (attemptClock() - started) / 1000;
 * ```
 */
export function attemptClock(): number {
  return (realPerformance ??= process.getBuiltinModule('node:perf_hooks').performance).now();
}

/** Node's own `setTimeout`, once it has been asked for: the global one is compared with it. */
let nodeSetTimeout: typeof setTimeout | undefined;

/** The global `performance.now()`, which fake timers replace along with `setTimeout`. */
function globalClock(): number {
  return performance.now();
}

/**
 * The clock the global timers run on now: {@link attemptClock} while the global
 * `setTimeout` is Node's own, else the global `performance.now()`. A deadline reads it
 * when it arms its timer and when the timer fires, and compares what it was given: a
 * different clock means the timers were replaced (or restored) in between.
 *
 * @example
 * ```ts
 * const clock = timersClock();
 * const due = clock() + ms;
 * setTimeout(() => { if (clock() >= due) end(); }, ms);
 * ```
 */
export function timersClock(): () => number {
  nodeSetTimeout ??= process.getBuiltinModule('node:timers').setTimeout;
  return globalThis.setTimeout === nodeSetTimeout ? attemptClock : globalClock;
}
