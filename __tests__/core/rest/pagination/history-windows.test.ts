import { describe, expect, it } from '@jest/globals';
import {
  historyWindows,
  isHistoryRange,
  rangeWindows,
  splitWindow,
  windowParams,
} from '../../../../src/core/rest/pagination/history-windows.js';
import { itemsOf } from '../../../../src/core/rest/pagination/pages.js';
import { collect } from '../../../helpers/test-kit.js';

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

describe('historyWindows', () => {
  /** Records as timestamps (ms after T0); count and items honour [since, until). */
  function source(timestamps: number[]) {
    const counted: [number, number][] = [];
    const read: [number, number][] = [];
    const warnings: string[] = [];
    const inWindow = (since: Date, until: Date) =>
      timestamps.filter((t) => t >= since.getTime() - T0 && t < until.getTime() - T0);
    return {
      counted,
      read,
      warnings,
      source: {
        count: async (since: Date, until: Date) => {
          counted.push([since.getTime() - T0, until.getTime() - T0]);
          return inWindow(since, until).length;
        },
        pages: async function* (since: Date, until: Date) {
          read.push([since.getTime() - T0, until.getTime() - T0]);
          yield { body: {}, items: inWindow(since, until) };
        },
        warn: (message: string) => void warnings.push(message),
      },
    };
  }

  it('reads a window under the limit in one pass', async () => {
    const s = source([1, 2, 3]);
    expect(await collect(itemsOf<number>(historyWindows(at(0), at(8000), s.source)))).toEqual([1, 2, 3]);
    expect(s.read).toEqual([[0, 8000]]);
  });

  it('halves windows over the limit until each fits, yielding every record once, oldest first', async () => {
    // 10,500 records in the first eighth of an 8-day window, 1,000 in its second half.
    const day = 86_400_000;
    const dense = Array.from({ length: 10_500 }, (_, i) => Math.floor((i * day) / 10_500));
    const sparse = Array.from({ length: 1000 }, (_, i) => 4 * day + i * 1000);
    const s = source([...dense, ...sparse]);
    const items = await collect(itemsOf<number>(historyWindows(at(0), at(8 * day), s.source)));
    expect(items).toEqual([...dense, ...sparse]);
    expect(new Set(items).size).toBe(items.length);
    expect(s.read).toEqual([
      [0, day / 2],
      [day / 2, day],
      [4 * day, 8 * day],
    ]);
    // Empty windows are counted but never read.
    expect(s.counted).toContainEqual([day, 2 * day]);
    expect(s.warnings).toEqual([]);
  });

  it('reads a one-second window over the limit as it is, with a warning', async () => {
    const s = source(Array.from({ length: 10_001 }, () => 500));
    const items = await collect(itemsOf<number>(historyWindows(at(0), at(1000), s.source)));
    expect(items).toHaveLength(10_001);
    expect(s.read).toEqual([[0, 1000]]);
    expect(s.warnings[0]).toContain('cannot split');
  });

  it('stops splitting at one second', async () => {
    const s = source(Array.from({ length: 10_001 }, () => 1500));
    await collect(itemsOf<number>(historyWindows(at(0), at(4000), s.source)));
    expect(s.read).toEqual([[1000, 2000]]);
    expect(s.warnings).toHaveLength(1);
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
