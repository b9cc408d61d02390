/**
 * Reading historical records past the classic pagination limit by splitting the time
 * interval into windows that each hold at most `ITERATION_LIMIT` records.
 *
 * @module
 */
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

/**
 * [since, until) cut into consecutive windows of at most `maxRangeMs` (the last one
 * shorter); one window when there is no maximum or the range fits.
 *
 * @example
 * ```ts
 * rangeWindows(new Date('2024-01-01T00:00:00Z'), new Date('2024-03-01T00:00:00Z'), 31 * 86_400_000);
 * // [[2024-01-01, 2024-02-01], [2024-02-01, 2024-03-01]]
 * ```
 */
export function rangeWindows(since: Date, until: Date, maxRangeMs?: number): [Date, Date][] {
  if (maxRangeMs === undefined || !(maxRangeMs > 0)) return [[since, until]];
  const windows: [Date, Date][] = [];
  for (let start = since.getTime(); start < until.getTime(); start += maxRangeMs) {
    windows.push([new Date(start), new Date(Math.min(start + maxRangeMs, until.getTime()))]);
  }
  return windows;
}

/**
 * The two halves of [since, until): [since, middle) and [middle, until).
 *
 * @example
 * ```ts
 * splitWindow(new Date('2024-01-01T00:00:00Z'), new Date('2024-01-03T00:00:00Z'));
 * // [[2024-01-01, 2024-01-02], [2024-01-02, 2024-01-03]]
 * ```
 */
export function splitWindow(since: Date, until: Date): [[Date, Date], [Date, Date]] {
  const middle = new Date(since.getTime() + Math.floor((until.getTime() - since.getTime()) / 2));
  return [
    [since, middle],
    [middle, until],
  ];
}

/**
 * Yields the pages of every record of [since, until), each record once, oldest window first. The
 * range is first cut into windows within `source.maxRangeMs` ({@link rangeWindows}); a window whose count
 * exceeds {@link ITERATION_LIMIT} is halved, until it fits or is {@link MIN_WINDOW_MS}
 * long (then it is read as far as the limit allows, with a warning). Windows without
 * records are skipped after their count.
 */
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

/** The query of the window [start, end): the caller's parameters with `since` and `until` in ISO form. */
export function windowParams(params: QueryParams, start: Date, end: Date): QueryParams {
  return { ...params, since: start.toISOString(), until: end.toISOString() };
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}
