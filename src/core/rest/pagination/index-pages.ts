// The pages of an index in its own style, for the iterators: classic (`limit`/`offset` until `more` is false,
// one page at a time or several at once), cursor (`cursor`/`next_cursor`), or one request for a list the API
// returns whole.
import type { QueryParams } from '../../request/query.js';
import type { Lane } from './lanes.js';
import type { IndexTarget } from '../endpoints/endpoint-lookup.js';
import type { IterAllOptions } from '../rest-options.js';
import { classicPages } from './classic-pagination.js';
import { concurrencyOrDefault, pageSizing } from './limits.js';
import { wholeListPages, type FetchedPage } from './pages.js';
import { cursorProblem, nextCursor, tokenPages } from './token-pagination.js';

/** Reads one page: its query, the check of a page whose token cannot be followed, and the request's signal. */
export type PageRead = (
  params: QueryParams,
  check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
  signal?: AbortSignal,
) => Promise<FetchedPage>;

/** One index to page through, as the client's `pagesOf` worked it out. */
export interface IndexPaging {
  /** Where and how the index is paged. */
  readonly target: IndexTarget;
  readonly params: QueryParams;
  readonly options: Pick<IterAllOptions<unknown>, 'pageSize' | 'total' | 'concurrency'>;
  /** The public method asking: `listAll` stops at the first failed page of a concurrent read. */
  readonly method: string;
  /** The client's `defaultPageSize`. */
  readonly defaultPageSize: number;
  readonly warn: (message: string) => void;
  /** Opens the lane where concurrent page reads take turns (the client's request gate). */
  readonly openLane: (width: number) => Lane;
}

export async function* indexPages(paging: IndexPaging, read: PageRead): AsyncGenerator<FetchedPage, void, undefined> {
  const { target, options, warn } = paging;
  const { path, plan } = target;
  const endpoint = `GET ${path}`;
  const sizing = pageSizing(endpoint, options.pageSize, paging.params, plan.maxPageSize, paging.defaultPageSize);
  sizing.warnings.forEach(warn);
  if (plan.style === 'cursor') {
    const base: QueryParams = plan.sendLimit ? { limit: sizing.pageSize, ...sizing.params } : sizing.params;
    // A cursor that cannot be followed ends the series with an error after its page's items, never silently.
    let failure: Error | undefined;
    const getCursorPage = async (token: string | undefined): Promise<FetchedPage> => {
      const page = await read(token === undefined ? base : { ...base, cursor: token }, cursorProblem);
      failure = page.failure;
      return page;
    };
    yield* tokenPages(getCursorPage, nextCursor, undefined, endpoint);
    if (failure) throw failure;
    return;
  }
  const getPage = (query: QueryParams): Promise<FetchedPage> => read(query);
  if (plan.style === 'none') {
    yield* wholeListPages(getPage, { ...sizing, sendLimit: plan.sendLimit, endpoint, warn });
    return;
  }
  const classic = {
    params: sizing.params,
    pageSize: sizing.pageSize,
    total: options.total ?? false,
    endpoint,
    warn,
    untilShortPage: plan.untilShortPage,
  };
  const concurrency = concurrencyOrDefault(options.concurrency);
  if (concurrency <= 1) {
    yield* classicPages(getPage, classic);
    return;
  }
  const lane = paging.openLane(concurrency);
  try {
    const fetch = (query: QueryParams, signal: AbortSignal): Promise<FetchedPage> => read(query, undefined, signal);
    // Loaded at the first concurrent read: a page that never asks for `concurrency` does not carry it.
    const { concurrentClassicPages } = await import('./concurrent-pagination.js');
    yield* concurrentClassicPages(fetch, { ...classic, lane, failFast: paging.method === 'listAll' });
  } finally {
    lane.close();
  }
}
