// What an answer says of the budget: its `ratelimit-*` headers, and whether it is a 429 (see `RateLimitReport`).

/** The status of an answer that refused a request for the rate limit (the status table's row reads it too). */
export const RATE_LIMITED_STATUS = 429;

/** What an answer's rate-limit headers said; a header absent or not a number is left out. */
export interface RateLimitHeaders {
  readonly limit?: number;
  readonly remaining?: number;
  readonly resetSeconds?: number;
}

function headerNumber(headers: { get(name: string): string | null }, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
}

export function readRateLimitHeaders(headers: { get(name: string): string | null }): RateLimitHeaders | undefined {
  const limit = headerNumber(headers, 'ratelimit-limit');
  const remaining = headerNumber(headers, 'ratelimit-remaining');
  const resetSeconds = headerNumber(headers, 'ratelimit-reset');
  if (limit === undefined && remaining === undefined && resetSeconds === undefined) return undefined;
  return { limit, remaining, resetSeconds };
}

/** Seconds until the budget is back, when the headers say it is spent (`ratelimit-remaining: 0`). */
export function spentBudgetReset(seen: RateLimitHeaders | undefined): number | undefined {
  return seen?.remaining === 0 ? seen.resetSeconds : undefined;
}
