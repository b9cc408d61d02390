/**
 * SCIM list paging (RFC 7644, section 3.4.2.4): `startIndex` (1-based) and `count`. Pure:
 * decides from one page where the next begins, or that there is none; the shared token
 * pager (`tokenPages`) drives the requests, with `startIndex` as its token.
 *
 * @module
 */
import type { ScimUser } from '../../generated/types/scim-api-schemas.js';
import type { NextToken } from '../rest/pagination/token-pagination.js';

/** A SCIM list response (`urn:ietf:params:scim:api:messages:2.0:ListResponse`) of users, or of `T`. */
export interface ScimListResponse<T = ScimUser> {
  /** The message schema URNs. */
  schemas?: string[];
  /** How many results match the query in all. */
  totalResults?: number;
  /** The 1-based index of this page's first result. */
  startIndex?: number;
  /** How many results this page holds. */
  itemsPerPage?: number;
  /** The results of this page. */
  Resources?: T[];
}

/**
 * The `startIndex` of the page after one that started at `startIndex` and held
 * `received` results, or `null` when that page was the last: it was empty, it reached
 * `totalResults`, or (without `totalResults`) it was shorter than `count`.
 *
 * @example
 * ```ts
 * nextStartIndex(1, 2, 2, 5);  // 3
 * nextStartIndex(5, 2, 1, 5);  // null (results 5..5 of 5)
 * ```
 */
export function nextStartIndex(
  startIndex: number,
  count: number,
  received: number,
  totalResults: number | undefined,
): number | null {
  if (received <= 0) return null;
  if (typeof totalResults === 'number' && Number.isFinite(totalResults)) {
    if (startIndex - 1 + received >= totalResults) return null;
  } else if (received < count) {
    return null;
  }
  return startIndex + received;
}

/**
 * The next `startIndex` as the shared token pager reads it: from the page's `Resources`
 * and `totalResults` and the `startIndex` that asked for it (see {@link nextStartIndex}).
 *
 * @param count - the `count` each page asks for
 * @example
 * ```ts
 * tokenPages(getPage, nextScimStartIndex(100), 1); // pages from startIndex 1, 100 at a time
 * ```
 */
export function nextScimStartIndex(count: number): NextToken<number> {
  return (body, sent) => {
    const received = Array.isArray(body.Resources) ? body.Resources.length : 0;
    const total = typeof body.totalResults === 'number' ? body.totalResults : undefined;
    return nextStartIndex(sent ?? 1, count, received, total);
  };
}
