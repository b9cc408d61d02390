import { isPlaceholder, pathShape } from '../endpoints/canonical-path.js';
import type { CanonicalPath, IndexPaginationStyle } from '../endpoints/tables.js';
import type { CompiledTables } from '../endpoints/endpoint-lookup.js';
import { Refusal } from '../../errors/refusal.js';

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
): PagingPlan | Refusal {
  const shape = pathShape(path);
  const entry = tables.indexes?.get(shape) ?? null;
  const maxPageSize = entry?.maxPageSize ?? null;
  if (options.useIndexes && tables.indexes !== null) {
    if (entry === null) return notAnIndex(path, options.method);
    return {
      style: entry.style,
      listKey: entry.listKey,
      sendLimit: entry.style === 'classic' || entry.limitParam,
      untilShortPage: entry.style === 'classic' && !entry.moreField,
      maxPageSize,
    };
  }
  const segments = path.split('/');
  if (isPlaceholder(segments[segments.length - 1])) return notAnIndex(path, options.method);
  const cursor = tables.cursorShapes.has(shape);
  return { style: cursor ? 'cursor' : 'classic', listKey: null, sendLimit: true, untilShortPage: false, maxPageSize };
}

function notAnIndex(path: CanonicalPath, method: string): Refusal {
  const segments = path.split('/');
  if (isPlaceholder(segments[segments.length - 1])) {
    const message = `${path} is a single resource, not an index: ${method} cannot page through it (use rget)`;
    return new Refusal(message, 'ERR_NOT_AN_INDEX');
  }
  return new Refusal(
    `GET ${path} answers no list, so ${method} cannot page through it (use rget or jget)`,
    'ERR_NOT_PAGEABLE',
  );
}
