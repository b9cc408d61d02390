import { ITERATION_LIMIT } from './limits.js';
import type { Lane } from './lanes.js';
import type { QueryParams } from '../../request/query.js';
import { classicPages, type ClassicPaginationOptions } from './classic-pagination.js';
import { rangeWindows, windowParams, windowStep } from './history-windows.js';
import { orderedWindow, type Step, type Task } from './ordered-window.js';
import type { FetchedPage } from './pages.js';

/** What the plan needs: where the first page started, what it held, and the total. */
export interface OffsetPlanInput {
  /** The offset of the first page (the caller's `offset`, or 0). */
  readonly firstOffset: number;
  /** How far each page moves the offset: the number of items the first page held. */
  readonly step: number;
  /** The `limit` sent with every page (the API checks `offset + limit`). */
  readonly limit: number;
  /** The number of records of the index (offsets run below it). */
  readonly total: number;
  /** The largest `offset + limit` the API accepts. @default ITERATION_LIMIT */
  readonly iterationLimit?: number;
}

/** The offsets still to read, and where the API's limit stopped the plan, if it did. */
export interface OffsetPlan {
  /** The offsets of the pages after the first, in order. */
  readonly offsets: readonly number[];
  /** The first offset the limit forbade (`null` when the plan reaches the total). */
  readonly stoppedAt: number | null;
}

export function remainingOffsets(input: OffsetPlanInput): OffsetPlan {
  const { firstOffset, step, limit, total } = input;
  const iterationLimit = input.iterationLimit ?? ITERATION_LIMIT;
  if (!Number.isInteger(step) || step < 1)
    throw new RangeError(`the step of an offset plan must be a positive integer, got ${step}`);
  const offsets: number[] = [];
  for (let offset = firstOffset + step; offset < total; offset += step) {
    if (offset + limit > iterationLimit) return { offsets, stoppedAt: offset };
    offsets.push(offset);
  }
  return { offsets, stoppedAt: null };
}

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

/** The history index read by {@link concurrentHistoryPages}. */
export interface HistoryIndex {
  /** The caller's query, to which each window adds `since` and `until`. */
  readonly params: QueryParams;
  /** The `limit` each page is requested with. */
  readonly pageLimit: number;
  /** `'GET /incidents'`, for messages. */
  readonly endpoint: string;
  /** The longest range the endpoint accepts, in milliseconds; none when absent. */
  readonly maxRangeMs?: number;
}

// Each window is counted (`fetchTotal`), then split, skipped or read page by page (`fetchPage`), the
// tasks running `lane.width` at a time and yielded in time order.
export async function* concurrentHistoryPages(
  since: Date,
  until: Date,
  fetchTotal: (params: QueryParams, signal: AbortSignal) => Promise<number>,
  fetchPage: SignalledPageFetch,
  index: HistoryIndex & ConcurrentReading & { readonly warn: (message: string) => void },
): AsyncGenerator<FetchedPage, void, undefined> {
  const { lane, failFast, pageLimit, warn } = index;
  const controller = new AbortController();
  const { signal } = controller;
  const pageTask =
    (start: Date, end: Date, offset: number): Task<FetchedPage> =>
    async () => ({
      value: await lane.run(() =>
        fetchPage({ limit: pageLimit, ...windowParams(index.params, start, end), offset }, signal),
      ),
    });
  const firstPageTask =
    (start: Date, end: Date, total: number): Task<FetchedPage> =>
    async (): Promise<Step<FetchedPage>> => {
      const page = await pageTask(start, end, 0)();
      const first = page.value as FetchedPage;
      if (first.body.more !== true || first.items.length === 0) return page;
      const plan = remainingOffsets({ firstOffset: 0, step: first.items.length, limit: pageLimit, total });
      if (plan.stoppedAt !== null) warn(limitStopWarning(index.endpoint, plan.stoppedAt, pageLimit));
      return { value: first, then: plan.offsets.map((offset) => pageTask(start, end, offset)) };
    };
  const windowTask =
    (start: Date, end: Date): Task<FetchedPage> =>
    async (): Promise<Step<FetchedPage>> => {
      const total = await lane.run(() => fetchTotal(windowParams(index.params, start, end), signal));
      const step = windowStep(start, end, total);
      if (step.warning !== undefined) warn(step.warning);
      if (step.split !== undefined) return { then: step.split.map(([a, b]) => windowTask(a, b)) };
      return { then: step.read ? [firstPageTask(start, end, total)] : [] };
    };
  const windows = rangeWindows(since, until, index.maxRangeMs).map(([start, end]) => windowTask(start, end));
  yield* orderedWindow(windows, { width: lane.width, failFast, cancel: () => controller.abort() });
}
