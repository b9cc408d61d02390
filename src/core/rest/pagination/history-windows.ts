import type { QueryParams } from '../../request/query.js';
import { ITERATION_LIMIT } from './limits.js';
import type { FetchedPage } from './pages.js';

/** The shortest window that is still split, in milliseconds. */
export const MIN_WINDOW_MS = 1000;

/** What {@link historyWindows} needs from the client. */
export interface HistorySource {
  /** The number of records in [since, until). */
  readonly count: (since: Date, until: Date) => Promise<number>;
  /** The pages of records in [since, until). */
  readonly pages: (since: Date, until: Date) => AsyncIterable<FetchedPage>;
  /** Where the warning goes when a one-second window still holds too many records. */
  readonly warn: (message: string) => void;
  /** The longest range the endpoint accepts, in milliseconds; none when absent. */
  readonly maxRangeMs?: number;
}

export function rangeWindows(since: Date, until: Date, maxRangeMs?: number): [Date, Date][] {
  if (maxRangeMs === undefined || !(maxRangeMs > 0)) return [[since, until]];
  const windows: [Date, Date][] = [];
  for (let start = since.getTime(); start < until.getTime(); start += maxRangeMs) {
    windows.push([new Date(start), new Date(Math.min(start + maxRangeMs, until.getTime()))]);
  }
  return windows;
}

export function splitWindow(since: Date, until: Date): [[Date, Date], [Date, Date]] {
  const middle = new Date(since.getTime() + Math.floor((until.getTime() - since.getTime()) / 2));
  return [
    [since, middle],
    [middle, until],
  ];
}

// A window whose count passes ITERATION_LIMIT is halved down to MIN_WINDOW_MS, then read as far as
// the limit allows, with a warning.
export async function* historyWindows(
  since: Date,
  until: Date,
  source: HistorySource,
): AsyncGenerator<FetchedPage, void, undefined> {
  // A stack instead of recursion: the next window to read is always on top.
  const pending: [Date, Date][] = rangeWindows(since, until, source.maxRangeMs).reverse();
  while (pending.length > 0) {
    const [start, end] = pending.pop() as [Date, Date];
    const total = await source.count(start, end);
    if (total === 0) continue;
    if (total > ITERATION_LIMIT) {
      if (end.getTime() - start.getTime() > MIN_WINDOW_MS) {
        const [first, second] = splitWindow(start, end);
        pending.push(second, first);
        continue;
      }
      source.warn(unsplittableWindowWarning(start, end, total));
    }
    yield* source.pages(start, end);
  }
}

/** The warning for a window of the minimum length that still holds too many records. */
export function unsplittableWindowWarning(start: Date, end: Date, total: number): string {
  return (
    `iterHistory cannot split [${start.toISOString()}, ${end.toISOString()}) further: it is the minimum ` +
    `length (1 s) but holds ${total} records, more than ITERATION_LIMIT (${ITERATION_LIMIT}); ` +
    'the results of this window will be incomplete.'
  );
}

/** Whether [since, until) is a range `iterHistory` can read: two valid dates, since not after until. */
export function isHistoryRange(since: unknown, until: unknown): boolean {
  return isValidDate(since) && isValidDate(until) && since.getTime() <= until.getTime();
}

// Why `iterHistory` cannot read `path` over [since, until), or `undefined` when it can.
export function historyRefusal(path: string, historical: boolean, since: unknown, until: unknown): string | undefined {
  if (!historical) return `iterHistory does not support ${path}: it is not an index of historical records`;
  if (!isHistoryRange(since, until)) return 'iterHistory needs valid dates with since not after until';
  return undefined;
}

/** The query of the window [start, end): the caller's parameters with `since` and `until` in ISO form. */
export function windowParams(params: QueryParams, start: Date, end: Date): QueryParams {
  return { ...params, since: start.toISOString(), until: end.toISOString() };
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}
