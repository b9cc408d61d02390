// SCIM paging (RFC 7644, section 3.4.2.4): a 1-based `startIndex` and `count`, driven by the shared token pager.
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

/** `null` when the page was the last: empty, reaching `totalResults`, or (without it) shorter than `count`. */
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

export function nextScimStartIndex(count: number): NextToken<number> {
  return (body, sent) => {
    const received = Array.isArray(body.Resources) ? body.Resources.length : 0;
    const total = typeof body.totalResults === 'number' ? body.totalResults : undefined;
    return nextStartIndex(sent ?? 1, count, received, total);
  };
}
