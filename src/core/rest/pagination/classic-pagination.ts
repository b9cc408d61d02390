import type { QueryParams } from '../../request/query.js';
import { ITERATION_LIMIT } from './limits.js';
import type { FetchedPage } from './pages.js';

/** How {@link classicPages} pages. */
export interface ClassicPaginationOptions {
  /** The caller's query parameters; a `limit` or `offset` among them wins over the defaults. */
  readonly params: QueryParams;
  /** The `limit` sent with each page unless `params` has one. */
  readonly pageSize: number;
  /** Ask the API for the `total` count (sends `total=true`). */
  readonly total: boolean;
  /** `'GET /users'`, for messages. */
  readonly endpoint: string;
  /** Where warnings go (the limit stop, a body without `more`). */
  readonly warn: (message: string) => void;
  readonly untilShortPage?: boolean;
}

// Stops before a request whose `offset + limit` passes ITERATION_LIMIT: the API refuses it.
export async function* classicPages(
  fetchPage: (params: QueryParams) => Promise<FetchedPage>,
  options: ClassicPaginationOptions,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { params, pageSize, total, endpoint, warn, untilShortPage = false } = options;
  const base: QueryParams = { limit: pageSize, ...(total ? { total: true } : {}), ...params };
  const limit = Number(base.limit);
  let offset = Number(params.offset ?? 0);
  for (;;) {
    if (offset + limit > ITERATION_LIMIT) {
      const first = offset === Number(params.offset ?? 0);
      if (first) {
        warn(nothingReadable(endpoint, offset, limit, params.limit !== undefined && params.limit !== null));
        return;
      }
      warn(
        `Stopping classic pagination of ${endpoint} at offset ${offset}: limit+offset=${offset + limit} would exceed ` +
          `the API's maximum of ${ITERATION_LIMIT} (ITERATION_LIMIT), so the results may be incomplete. ` +
          'Narrow the query with filters, or use iterHistory to read historical records in since/until windows.',
      );
      return;
    }
    const page = await fetchPage({ ...base, limit, offset });
    yield page;
    offset += page.items.length;
    const more = page.body.more;
    if (typeof more !== 'boolean') {
      if (untilShortPage) {
        if (isLastPage(page, limit, offset)) return;
        continue;
      }
      warn(`The response of ${endpoint} has no "more" property, so only its first page was read (use rget for it).`);
      return;
    }
    if (!more) return;
    if (page.items.length === 0) {
      warn(`${endpoint} answered an empty page with more=true at offset ${offset}; stopping to avoid an endless loop.`);
      return;
    }
  }
}

function isLastPage(page: FetchedPage, limit: number, offset: number): boolean {
  const total = page.body.total;
  return page.items.length < limit || (typeof total === 'number' && offset >= total);
}

function nothingReadable(endpoint: string, offset: number, limit: number, callerLimit: boolean): string {
  const head =
    `Nothing read from ${endpoint}: limit+offset=${offset + limit} exceeds the API's maximum of ` +
    `${ITERATION_LIMIT} for classic pagination.`;
  if (offset >= ITERATION_LIMIT) {
    return (
      `${head} The offset parameter (${offset}) is at or past that maximum: to read records past the first ` +
      `${ITERATION_LIMIT}, use iterHistory (since/until windows) or narrow the query with filters.`
    );
  }
  if (callerLimit) {
    return (
      `${head} The limit parameter (${limit}) is the page size, not a cap on results: leave it out ` +
      `(or pass the pageSize option, at most 100) and stop iterating when you have enough.`
    );
  }
  return `${head} Lower the offset parameter, or use iterHistory (since/until windows).`;
}
