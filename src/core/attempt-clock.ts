/**
 * The clock that times each attempt for the call metrics (`apiTime`): Node's own
 * `performance.now()`, read through a reference taken on first use.
 *
 * Why not the global: in Node 20, `globalThis.performance` is a lazy accessor that runs a
 * check at every read, and that read costs about as much as `now()` itself, twice per
 * attempt. The global is also what fake timers replace (jest's `useFakeTimers`); the
 * metrics measure real time whatever a test fakes. An attempt's deadline keeps reading
 * the global clock (see `attempt-deadline.ts`), so that faked time still rules timeouts.
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
