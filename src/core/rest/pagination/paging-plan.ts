/**
 * How the iterators page an index: decided from the API's tables before any request.
 *
 * @module
 */
import { isPlaceholder, pathShape } from '../endpoints/canonical-path.js';
import type { CompiledTables } from '../endpoints/compiled-tables.js';
import type { CanonicalPath, IndexPaginationStyle } from '../endpoints/table-types.js';
import type { RefusalFailure } from '../../errors/failure-facts.js';

/** How one index is paged. */
export interface PagingPlan {
  /** Classic (`limit`/`offset`), cursor (`cursor`/`next_cursor`), or one request (`'none'`). */
  readonly style: IndexPaginationStyle;
  /** The key of the list, from the index table; `null`: the GET's response wrapper. */
  readonly listKey: string | null;
  /** Whether `limit` is sent with a cursor or whole-list request (classic always sends it). */
  readonly sendLimit: boolean;
  /** Classic: the index declares no `more`, so pages are read until one comes back short. */
  readonly untilShortPage: boolean;
  /** The largest `limit` the endpoint accepts; `null`: none known. */
  readonly maxPageSize: number | null;
}

/**
 * The plan for paging `path`. With `useIndexes` (the policy uses the tables) and an index
 * table, the index's own style, list key and declarations decide, and a path the table does
 * not list is refused; otherwise the path pages classically, or by cursor when the tables
 * list it as cursor-based, under the GET's response wrapper. The maximum page size is taken
 * from the index table either way.
 *
 * @param method - the public method asking, named in errors
 * @param fail - builds the error for a path that cannot be paged (a `UrlError` in the core)
 *
 * @example
 * ```ts
 * pagingPlan(compileTables(REST_API_V2_TABLES), '/change_events', { useIndexes: true, method: 'iterAll' }, fail);
 * // { style: 'classic', listKey: 'change_events', sendLimit: true, untilShortPage: true, maxPageSize: null }
 * ```
 */
export function pagingPlan(
  tables: CompiledTables,
  path: CanonicalPath,
  options: { readonly useIndexes: boolean; readonly method: string },
  fail: RefusalFailure,
): PagingPlan {
  const shape = pathShape(path);
  const entry = tables.indexes?.get(shape) ?? null;
  const maxPageSize = entry?.maxPageSize ?? null;
  if (options.useIndexes && tables.indexes !== null) {
    if (entry === null) throw notAnIndex(path, options.method, fail);
    return {
      style: entry.style,
      listKey: entry.listKey,
      sendLimit: entry.style === 'classic' || entry.limitParam,
      untilShortPage: entry.style === 'classic' && !entry.moreField,
      maxPageSize,
    };
  }
  const segments = path.split('/');
  if (isPlaceholder(segments[segments.length - 1])) throw notAnIndex(path, options.method, fail);
  const cursor = tables.cursorShapes.has(shape);
  return { style: cursor ? 'cursor' : 'classic', listKey: null, sendLimit: true, untilShortPage: false, maxPageSize };
}

function notAnIndex(path: CanonicalPath, method: string, fail: RefusalFailure): Error {
  const segments = path.split('/');
  if (isPlaceholder(segments[segments.length - 1])) {
    const message = `${path} is a single resource, not an index: ${method} cannot page through it (use rget)`;
    return fail(message, { reason: 'not-an-index', canonicalPath: path });
  }
  return fail(`GET ${path} answers no list, so ${method} cannot page through it (use rget or jget)`);
}
