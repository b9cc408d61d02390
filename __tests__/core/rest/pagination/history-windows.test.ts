import { describe, expect, it } from '@jest/globals';
import {
  isHistoryRange,
  MIN_WINDOW_MS,
  rangeWindows,
  splitWindow,
  windowParams,
  windowStep,
} from '../../../../src/core/rest/pagination/history-windows.js';
import { ITERATION_LIMIT } from '../../../../src/core/rest/pagination/limits.js';

const T0 = Date.UTC(2024, 0, 1);
const at = (ms: number): Date => new Date(T0 + ms);

describe('splitWindow', () => {
  it('halves a window at its middle', () => {
    const [[a, b], [c, d]] = splitWindow(at(0), at(4000));
    expect([a, b, c, d].map((date) => date.getTime() - T0)).toEqual([0, 2000, 2000, 4000]);
  });

  it('rounds an odd middle down to the millisecond', () => {
    const [[, middle]] = splitWindow(at(0), at(3));
    expect(middle.getTime() - T0).toBe(1);
  });
});

describe('windowStep', () => {
  it('skips an empty window without reading it', () => {
    expect(windowStep(at(0), at(8000), 0)).toEqual({ read: false });
  });

  it('reads a window within the limit as it is', () => {
    expect(windowStep(at(0), at(8000), ITERATION_LIMIT)).toEqual({ read: true });
  });

  it('halves a window over the limit, first half first', () => {
    const step = windowStep(at(0), at(8000), ITERATION_LIMIT + 1);
    expect(step.read).toBe(false);
    expect(step.split?.map(([a, b]) => [a.getTime() - T0, b.getTime() - T0])).toEqual([
      [0, 4000],
      [4000, 8000],
    ]);
  });

  it('reads a one-second window over the limit as it is, with a warning', () => {
    const step = windowStep(at(0), at(MIN_WINDOW_MS), ITERATION_LIMIT + 1);
    expect(step.read).toBe(true);
    expect(step.split).toBeUndefined();
    expect(step.warning).toContain('cannot split');
  });

  it('still halves a window just over one second', () => {
    expect(windowStep(at(0), at(MIN_WINDOW_MS + 2), ITERATION_LIMIT + 1).split).toBeDefined();
  });
});

describe('isHistoryRange', () => {
  it('accepts two valid dates, since not after until (an empty range included)', () => {
    expect(isHistoryRange(at(0), at(1000))).toBe(true);
    expect(isHistoryRange(at(1000), at(1000))).toBe(true);
  });

  it('refuses since after until, invalid dates, and what is not a date', () => {
    expect(isHistoryRange(at(1000), at(0))).toBe(false);
    expect(isHistoryRange(new Date('not a date'), at(0))).toBe(false);
    expect(isHistoryRange(at(0), new Date(Number.NaN))).toBe(false);
    expect(isHistoryRange('2024-01-01', at(0))).toBe(false);
  });
});

describe('windowParams', () => {
  it("sets since and until in ISO form over the caller's parameters, leaving them alone", () => {
    const params = { statuses: ['resolved'], since: 'ignored' };
    expect(windowParams(params, at(0), at(1000))).toEqual({
      statuses: ['resolved'],
      since: '2024-01-01T00:00:00.000Z',
      until: '2024-01-01T00:00:01.000Z',
    });
    expect(params).toEqual({ statuses: ['resolved'], since: 'ignored' });
  });
});

describe('rangeWindows', () => {
  const day = 86_400_000;
  it('cuts a range into consecutive windows of at most the maximum, the last one shorter', () => {
    const since = new Date(Date.UTC(2024, 0, 1));
    const until = new Date(since.getTime() + 70 * day);
    const windows = rangeWindows(since, until, 31 * day);
    expect(windows.map(([a, b]) => [a.getTime() - since.getTime(), b.getTime() - since.getTime()])).toEqual([
      [0, 31 * day],
      [31 * day, 62 * day],
      [62 * day, 70 * day],
    ]);
  });

  it('keeps one window without a maximum or when the range fits', () => {
    const since = new Date(0);
    const until = new Date(10 * day);
    expect(rangeWindows(since, until)).toEqual([[since, until]]);
    expect(rangeWindows(since, until, 10 * day)).toEqual([[since, until]]);
  });
});
