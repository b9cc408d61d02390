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
