import type { Lane } from '../../retry/request-gate.js';
import type { QueryParams } from '../../request/query.js';
import { classicPages, type ClassicPaginationOptions } from './classic-pagination.js';
import { MIN_WINDOW_MS, rangeWindows, splitWindow, unsplittableWindowWarning } from './history-windows.js';
import { ITERATION_LIMIT } from './limits.js';
import { remainingOffsets } from './offset-plan.js';
import { orderedWindow, type Step, type Task } from './ordered-window.js';
import type { FetchedPage } from './pages.js';

/** Requests one page; `signal` ends it when the reader stops early. */
export type SignalledPageFetch = (params: QueryParams, signal: AbortSignal) => Promise<FetchedPage>;

/** How the concurrent readers run. */
export interface ConcurrentReading {
  /** The client's lane for this reader: its width is the concurrency. */
  readonly lane: Lane;
  /** Fail at the first failure in time (`listAll`), not at the failed page's turn (iterators). */
  readonly failFast: boolean;
}

/** The warning when the API's limit stops a classic index before its end. */
export function limitStopWarning(endpoint: string, offset: number, limit: number): string {
  return (
    `Stopping classic pagination of ${endpoint} at offset ${offset}: limit+offset=${offset + limit} would exceed ` +
    `the API's maximum of ${ITERATION_LIMIT} (ITERATION_LIMIT), so the results may be incomplete. ` +
    'Narrow the query with filters, or use iterHistory to read historical records in since/until windows.'
  );
}

/** The page with the index's total in its body, so that the item hook sees it on every page. */
function withTotal(page: FetchedPage, total: number): FetchedPage {
  return page.body.total === total ? page : { body: { ...page.body, total }, items: page.items };
}

// Only classic and history indexes read ahead: a cursor page names the next, so it stays sequential.
export async function* concurrentClassicPages(
  fetchPage: SignalledPageFetch,
  options: ClassicPaginationOptions & ConcurrentReading,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { lane, failFast, params, pageSize, endpoint, warn } = options;
  const controller = new AbortController();
  const get = (query: QueryParams): Promise<FetchedPage> => lane.run(() => fetchPage(query, controller.signal));
  const sequential = classicPages(get, {
    params,
    pageSize,
    endpoint,
    warn,
    total: true,
    untilShortPage: options.untilShortPage,
  });
  const first = await sequential.next();
  if (first.done) return;
  const page = first.value;
  const { total, more } = page.body;
  if (typeof total !== 'number' || more !== true || page.items.length === 0) {
    yield page;
    yield* sequential;
    return;
  }
  await sequential.return();
  const base: QueryParams = { limit: pageSize, ...(options.total ? { total: true } : {}), ...params };
  const limit = Number(base.limit);
  const plan = remainingOffsets({ firstOffset: Number(params.offset ?? 0), step: page.items.length, limit, total });
  yield withTotal(page, total);
  const tasks = plan.offsets.map(
    (offset): Task<FetchedPage> =>
      async () => ({ value: withTotal(await get(Object.assign({}, base, { limit, offset })), total) }),
  );
  yield* orderedWindow(tasks, { width: lane.width, failFast, cancel: () => controller.abort() });
  if (plan.stoppedAt !== null) warn(limitStopWarning(endpoint, plan.stoppedAt, limit));
}

/** What {@link concurrentHistoryPages} needs from the client. */
export interface ConcurrentHistorySource {
  /** The number of records in [since, until). */
  readonly count: (since: Date, until: Date, signal: AbortSignal) => Promise<number>;
  /** One page of the records of [since, until) at `offset`. */
  readonly page: (since: Date, until: Date, offset: number, signal: AbortSignal) => Promise<FetchedPage>;
  /** The `limit` each page is requested with. */
  readonly pageLimit: number;
  /** `'GET /incidents'`, for messages. */
  readonly endpoint: string;
  /** Where warnings go. */
  readonly warn: (message: string) => void;
  /** The longest range the endpoint accepts, in milliseconds; none when absent. */
  readonly maxRangeMs?: number;
}

export async function* concurrentHistoryPages(
  since: Date,
  until: Date,
  source: ConcurrentHistorySource,
  reading: ConcurrentReading,
): AsyncGenerator<FetchedPage, void, undefined> {
  const { lane, failFast } = reading;
  const controller = new AbortController();
  const { signal } = controller;
  const pageTask =
    (start: Date, end: Date, offset: number): Task<FetchedPage> =>
    async () => ({ value: await lane.run(() => source.page(start, end, offset, signal)) });
  const firstPageTask =
    (start: Date, end: Date, total: number): Task<FetchedPage> =>
    async (): Promise<Step<FetchedPage>> => {
      const page = await lane.run(() => source.page(start, end, 0, signal));
      if (page.body.more !== true || page.items.length === 0) return { value: page };
      const plan = remainingOffsets({ firstOffset: 0, step: page.items.length, limit: source.pageLimit, total });
      if (plan.stoppedAt !== null) source.warn(limitStopWarning(source.endpoint, plan.stoppedAt, source.pageLimit));
      return { value: page, then: plan.offsets.map((offset) => pageTask(start, end, offset)) };
    };
  const windowTask =
    (start: Date, end: Date): Task<FetchedPage> =>
    async (): Promise<Step<FetchedPage>> => {
      const total = await lane.run(() => source.count(start, end, signal));
      if (total === 0) return { then: [] };
      if (total > ITERATION_LIMIT) {
        if (end.getTime() - start.getTime() > MIN_WINDOW_MS) {
          const [first, second] = splitWindow(start, end);
          return { then: [windowTask(...first), windowTask(...second)] };
        }
        source.warn(unsplittableWindowWarning(start, end, total));
      }
      return { then: [firstPageTask(start, end, total)] };
    };
  const windows = rangeWindows(since, until, source.maxRangeMs).map(([start, end]) => windowTask(start, end));
  yield* orderedWindow(windows, { width: lane.width, failFast, cancel: () => controller.abort() });
}
