import type { RequestContext } from '../../errors/failure-details.js';
import type { QueryParams } from '../../request/query.js';
import type { Lane } from '../../retry/request-gate.js';
import type { EndpointLookup } from '../endpoints/endpoint-lookup.js';
import { indexTarget } from '../endpoints/endpoint-resolution.js';
import type { IterAllOptions } from '../rest-options.js';
import { classicPages } from './classic-pagination.js';
import { concurrencyOrDefault } from './concurrency.js';
import { concurrentClassicPages } from './concurrent-pagination.js';
import { pageSizing } from './limits.js';
import type { FetchedPage } from './pages.js';
import { cursorProblem, nextCursor, tokenPages } from './token-pagination.js';
import { wholeListPages } from './whole-list-pagination.js';

/** Requests one page and returns its body and the list under `wrapper` (the client's `fetchPage`). */
export type PageFetcher = (
  method: string,
  url: string,
  init: { readonly params?: QueryParams; readonly signal?: AbortSignal },
  wrapper: string,
  check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
  context?: RequestContext,
) => Promise<FetchedPage>;

/** What {@link indexPages} needs of the client whose index it reads. */
export interface IndexPageSource {
  readonly endpoints: Pick<EndpointLookup, 'compiled' | 'policy' | 'urlPath' | 'urlRefusal'>;
  /** The `limit` to send when the caller gives no page size (read on the first page). */
  defaultPageSize(): number;
  /** Requests one page. */
  fetchPage: PageFetcher;
  /** Logs a warning. */
  warn(message: string): void;
  /** Opens a lane of the client's request gate, `width` requests wide. */
  openLane(width: number): Lane;
}

export async function* indexPages(
  source: IndexPageSource,
  url: string,
  params: QueryParams,
  options: Pick<IterAllOptions<unknown>, 'pageSize' | 'total' | 'concurrency'>,
  method: string,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { endpoints } = source;
  const { path, wrapper, plan } = indexTarget(
    endpoints.compiled,
    endpoints.policy,
    endpoints.urlPath(url),
    method,
    endpoints.urlRefusal(url),
  );
  const concurrency = concurrencyOrDefault(options.concurrency);
  const endpoint = `GET ${path}`;
  const operation = plan.style === 'cursor' ? 'cursor-pages' : plan.style === 'none' ? 'whole-list' : 'classic-pages';
  const context: RequestContext = { operation, caller: method, requestedUrl: url };
  const warn = (message: string): void => source.warn(message);
  const sizing = pageSizing(endpoint, options.pageSize, params, plan.maxPageSize, source.defaultPageSize());
  sizing.warnings.forEach(warn);
  if (plan.style === 'cursor') {
    const base: QueryParams = plan.sendLimit ? { limit: sizing.pageSize, ...sizing.params } : sizing.params;
    // A cursor that cannot be followed ends the series with an error after its page's items, never silently.
    let failure: Error | undefined;
    const getCursorPage = async (token: string | undefined): Promise<FetchedPage> => {
      const query = token === undefined ? base : { ...base, cursor: token };
      const page = await source.fetchPage('GET', url, { params: query }, wrapper, cursorProblem, context);
      failure = page.failure;
      return page;
    };
    yield* tokenPages(getCursorPage, nextCursor);
    if (failure) throw failure;
    return;
  }
  const getPage = (query: QueryParams): Promise<FetchedPage> =>
    source.fetchPage('GET', url, { params: query }, wrapper, undefined, context);
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
  if (concurrency > 1) {
    const lane = source.openLane(concurrency);
    try {
      const fetch = (query: QueryParams, signal: AbortSignal): Promise<FetchedPage> =>
        source.fetchPage('GET', url, { params: query, signal }, wrapper);
      yield* concurrentClassicPages(fetch, { ...classic, lane, failFast: method === 'listAll' });
    } finally {
      lane.close();
    }
    return;
  }
  yield* classicPages(getPage, classic);
}
