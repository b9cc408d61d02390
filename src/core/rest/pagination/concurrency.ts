/**
 * The largest `concurrency` accepted. The REST API's rate limit (in the order of 1,000
 * requests a minute per key) is reached long before: more would only meet 429s.
 */
export const MAX_CONCURRENCY = 16;

export function concurrencyOrDefault(concurrency: number | undefined): number {
  if (concurrency === undefined) return 1;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY) {
    throw new RangeError(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, got ${String(concurrency)}`);
  }
  return concurrency;
}
