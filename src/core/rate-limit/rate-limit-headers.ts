/**
 * Reading the rate-limit headers of an answer (`ratelimit-limit`, `ratelimit-remaining`,
 * `ratelimit-reset`). Pure.
 *
 * @module
 */

/** What an answer's rate-limit headers said; a header absent or not a number is left out. */
export interface RateLimitHeaders {
  /** `ratelimit-limit`: requests per window. */
  readonly limit?: number;
  /** `ratelimit-remaining`: requests left in the window. */
  readonly remaining?: number;
  /** `ratelimit-reset`: seconds until the window ends. */
  readonly resetSeconds?: number;
}

function headerNumber(headers: { get(name: string): string | null }, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
}

/**
 * The rate-limit headers of an answer, as numbers; `undefined` when it has none.
 *
 * @example
 * ```ts
 * readRateLimitHeaders(new Headers({ 'ratelimit-limit': '960', 'ratelimit-remaining': '0', 'ratelimit-reset': '12' }));
 * // { limit: 960, remaining: 0, resetSeconds: 12 }
 * ```
 */
export function readRateLimitHeaders(headers: { get(name: string): string | null }): RateLimitHeaders | undefined {
  const limit = headerNumber(headers, 'ratelimit-limit');
  const remaining = headerNumber(headers, 'ratelimit-remaining');
  const resetSeconds = headerNumber(headers, 'ratelimit-reset');
  if (limit === undefined && remaining === undefined && resetSeconds === undefined) return undefined;
  return { limit, remaining, resetSeconds };
}
