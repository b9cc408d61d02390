import { isPlaceholder, pathShape } from '../endpoints/canonical-path.js';
import type { CanonicalPath, IndexPaginationStyle } from '../endpoints/tables.js';
import type { CompiledTables } from '../endpoints/endpoint-lookup.js';
import type { RefusalFailure } from '../../errors/failure-details.js';

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
