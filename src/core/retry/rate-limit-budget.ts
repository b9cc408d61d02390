/**
 * Reading the rate-limit headers of a response: whether the budget of the current window
 * is spent, and when it comes back. Pure: the engine's request gate decides what to do.
 *
 * @module
 */

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
  const remaining = headers.get('ratelimit-remaining');
  if (remaining === null || remaining.trim() !== '0') return undefined;
  const reset = headers.get('ratelimit-reset')?.trim();
  if (reset === undefined || !/^\d+(\.\d+)?$/.test(reset)) return undefined;
  return Number(reset);
}
