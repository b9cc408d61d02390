/**
 * The two pagination styles of the REST API v2, as pure slicing of a filtered list:
 * classic (`limit`, `offset`, `more`, `total`, with the 10,000 ceiling) and cursor
 * (`limit`, `cursor`, `next_cursor`).
 *
 * @module
 */
import { boolParam, intParam } from './query-params.js';
import { ERROR_CODES, fail, invalidInput, restError } from '../server/replies.js';

/** `limit + offset` may not exceed this on classic pagination. */
export const CLASSIC_PAGINATION_CEILING = 10_000;
/** The page size when `limit` is absent. */
export const DEFAULT_PAGE_SIZE = 25;
/** The largest page served; a larger `limit` is served this many. */
export const MAX_PAGE_SIZE = 100;

/** A classic page request. */
export interface ClassicRequest {
  /** Items asked for (as sent; the page holds at most {@link MAX_PAGE_SIZE}). */
  limit: number;
  /** Items to skip. */
  offset: number;
  /** Whether to count the total (`total=true`). */
  total: boolean;
}

/** A classic page: the items and the fields the response carries beside them. */
export interface ClassicPage<T> {
  /** The page's items. */
  items: T[];
  /** The page size served. */
  limit: number;
  /** The offset served. */
  offset: number;
  /** Whether items follow this page. */
  more: boolean;
  /** The number of matching items with `total=true`, else `null` (as the service does, for speed). */
  total: number | null;
}

/**
 * Reads `limit`, `offset` and `total`.
 *
 * @throws ReplyError 400 "Invalid Request" when `limit + offset` exceeds 10,000, and 400
 *   for a value that is not a whole number
 */
export function classicRequest(query: URLSearchParams): ClassicRequest {
  const limit = intParam(query, 'limit', DEFAULT_PAGE_SIZE);
  const offset = intParam(query, 'offset', 0);
  if (limit + offset > CLASSIC_PAGINATION_CEILING) {
    fail(
      restError(400, 'Invalid Request', ERROR_CODES.invalidInput, [
        `limit + offset may not exceed ${CLASSIC_PAGINATION_CEILING} (got limit ${limit}, offset ${offset}); ` +
          'narrow the query with since/until',
      ]),
    );
  }
  return { limit, offset, total: boolParam(query, 'total') };
}

/**
 * Slices one classic page out of the matching items.
 *
 * @example
 * ```ts
 * classicPage(['a', 'b', 'c'], { limit: 2, offset: 0, total: true });
 * // { items: ['a', 'b'], limit: 2, offset: 0, more: true, total: 3 }
 * ```
 */
export function classicPage<T>(items: readonly T[], request: ClassicRequest): ClassicPage<T> {
  const limit = Math.min(request.limit, MAX_PAGE_SIZE);
  const page = items.slice(request.offset, request.offset + limit);
  return {
    items: page,
    limit,
    offset: request.offset,
    more: request.offset + page.length < items.length,
    total: request.total ? items.length : null,
  };
}

/** A cursor page request. */
export interface CursorRequest {
  /** Items asked for (at most {@link MAX_PAGE_SIZE} are served). */
  limit: number;
  /** Where to start: the previous page's `next_cursor`, or none for the first page. */
  cursor: string | undefined;
}

/** A cursor page. */
export interface CursorPage<T> {
  /** The page's items. */
  items: T[];
  /** The page size served. */
  limit: number;
  /** The cursor of the next page, `null` on the last. */
  next_cursor: string | null;
}

/** The opaque cursor of the page starting at `offset`. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`, 'utf8').toString('base64url');
}

/** The offset a cursor stands for, or `undefined` for one the emulator did not hand out. */
export function decodeCursor(cursor: string): number | undefined {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
}

/**
 * Reads `limit` and `cursor`.
 *
 * @throws ReplyError 400 for a bad limit or a cursor the emulator did not hand out
 */
export function cursorRequest(query: URLSearchParams): CursorRequest {
  const limit = intParam(query, 'limit', MAX_PAGE_SIZE);
  const cursor = query.get('cursor') ?? undefined;
  if (cursor !== undefined && cursor !== '' && decodeCursor(cursor) === undefined)
    fail(invalidInput('cursor is not valid'));
  return { limit, cursor: cursor === '' ? undefined : cursor };
}

/** Slices one cursor page out of the matching items. */
export function cursorPage<T>(items: readonly T[], request: CursorRequest): CursorPage<T> {
  const limit = Math.max(1, Math.min(request.limit, MAX_PAGE_SIZE));
  const start = request.cursor === undefined ? 0 : (decodeCursor(request.cursor) ?? 0);
  const page = items.slice(start, start + limit);
  const end = start + page.length;
  return { items: page, limit, next_cursor: end < items.length ? encodeCursor(end) : null };
}
