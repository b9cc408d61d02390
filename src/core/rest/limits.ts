/**
 * The API's pagination limits and the default page size.
 *
 * @module
 */

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
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  return pageSize;
}
