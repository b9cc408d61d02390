import type { QueryParams } from '../../request/query.js';
import { ITERATION_LIMIT } from './limits.js';

/** The shortest window that is still split, in milliseconds. */
export const MIN_WINDOW_MS = 1000;

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

/** What to do with a window once its records are counted. */
export interface WindowStep {
  /** Read the window's pages. */
  readonly read: boolean;
  /** Count and read these two halves instead, in this order. */
  readonly split?: readonly [[Date, Date], [Date, Date]];
  /** Read it though it holds too many records: the results will be incomplete. */
  readonly warning?: string;
}

// A window whose count passes ITERATION_LIMIT is halved down to MIN_WINDOW_MS, then read as far as
// the limit allows, with a warning.
export function windowStep(start: Date, end: Date, total: number): WindowStep {
  if (total === 0) return { read: false };
  if (total <= ITERATION_LIMIT) return { read: true };
  if (end.getTime() - start.getTime() > MIN_WINDOW_MS) return { read: false, split: splitWindow(start, end) };
  return { read: true, warning: unsplittableWindowWarning(start, end, total) };
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
