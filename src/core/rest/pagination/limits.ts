import type { QueryParams } from '../../request/query.js';

/**
 * The largest `offset + limit` the API accepts in classic pagination; a request beyond
 * it is answered with 400. `iterAll` stops before such a request, and `iterHistory`
 * splits time windows so that none holds more records than this.
 */
export const ITERATION_LIMIT = 10000;

/** The `limit` sent with each page when the caller gives no page size. */
export const DEFAULT_PAGE_SIZE = 100;

export function pageSizeOrDefault(pageSize: number | undefined): number {
  if (pageSize === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  return pageSize;
}

export function pageSizeWithin(pageSize: number, max: number | null): number {
  return max !== null && pageSize > max ? max : pageSize;
}

/** A page size and query parameters within an endpoint's largest `limit`, and what was lowered. */
export interface PageSizing {
  /** The page size to send. */
  readonly pageSize: number;
  /** The caller's query parameters, their `limit` lowered to the maximum. */
  readonly params: QueryParams;
  /** One sentence per value of the caller's that was lowered. */
  readonly warnings: readonly string[];
}

// An explicit size above the endpoint's maximum is lowered with a warning; the default silently.
export function pageSizing(
  endpoint: string,
  pageSize: number | undefined,
  params: QueryParams,
  max: number | null,
  fallback: number = DEFAULT_PAGE_SIZE,
): PageSizing {
  const requested = pageSize === undefined ? fallback : pageSizeOrDefault(pageSize);
  const bounded = pageSizeWithin(requested, max);
  const warnings: string[] = [];
  if (pageSize !== undefined && bounded < requested) {
    warnings.push(
      `pageSize ${requested} is above the largest page ${endpoint} accepts (${max}): pages of ${bounded} are requested`,
    );
  }
  const limit = params.limit;
  if (max === null || limit === undefined || limit === null || !(Number(limit) > max))
    return { pageSize: bounded, params, warnings };
  warnings.push(
    `The limit parameter ${String(limit)} is above the largest page ${endpoint} accepts (${max}): ` +
      `pages of ${max} are requested`,
  );
  return { pageSize: bounded, params: { ...params, limit: max }, warnings };
}

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
