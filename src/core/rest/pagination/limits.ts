/**
 * The API's pagination limits and the default page size.
 *
 * @module
 */
import type { QueryParams } from '../../request/query.js';

/**
 * The largest `offset + limit` the API accepts in classic pagination; a request beyond
 * it is answered with 400. `iterAll` stops before such a request, and `iterHistory`
 * splits time windows so that none holds more records than this.
 */
export const ITERATION_LIMIT = 10000;

/** The `limit` sent with each page when the caller gives no page size. */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * The page size to request: the caller's, or {@link DEFAULT_PAGE_SIZE}.
 *
 * @throws RangeError for a page size that is not a positive integer
 */
export function pageSizeOrDefault(pageSize: number | undefined): number {
  if (pageSize === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(pageSize) || pageSize < 1)
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  return pageSize;
}

/**
 * A page size lowered to an endpoint's largest accepted `limit` (`max`, `null` for none).
 *
 * @example
 * ```ts
 * pageSizeWithin(100, 50); // 50
 * pageSizeWithin(25, 50); // 25
 * pageSizeWithin(100, null); // 100
 * ```
 */
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

/**
 * The page size and query parameters to send to an endpoint whose `limit` may not exceed
 * `max`: a larger `pageSize` option or `limit` parameter is lowered to it, with a warning;
 * the default page size (`fallback`, the client's `defaultPageSize`) is lowered silently.
 * The caller's parameters are not changed.
 *
 * @throws RangeError for a `pageSize` that is not a positive integer
 * @example
 * ```ts
 * pageSizing('GET /recommendations/event_orchestrations/rules', undefined, {}, 50);
 * // { pageSize: 50, params: {}, warnings: [] }
 * ```
 */
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
    `The limit parameter ${String(limit)} is above the largest page ${endpoint} accepts (${max}): pages of ${max} are requested`,
  );
  return { pageSize: bounded, params: { ...params, limit: max }, warnings };
}
