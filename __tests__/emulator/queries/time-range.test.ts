import { describe, expect, it } from '@jest/globals';
import { itemsInTimeRange } from '../../../src/emulator/queries/time-range.js';

const at = (day: number) => ({ t: new Date(Date.UTC(2024, 0, day)).toISOString() });
const time = (item: { t: string }) => item.t;

describe('itemsInTimeRange', () => {
  it('finds the run of a window in a list in time order, bounds included and excluded as [since, until)', () => {
    const items = [at(1), at(2), at(2), at(3), at(5)];
    expect(itemsInTimeRange(items, time, at(2).t, at(5).t)).toEqual([at(2), at(2), at(3)]);
    expect(itemsInTimeRange(items, time, undefined, at(2).t)).toEqual([at(1)]);
    expect(itemsInTimeRange(items, time, at(4).t, undefined)).toEqual([at(5)]);
    expect(itemsInTimeRange(items, time, at(6).t, at(9).t)).toEqual([]);
  });

  it('declines a list out of time order, or with times in another form, and notices records added later', () => {
    expect(itemsInTimeRange([at(2), at(1)], time, undefined, undefined)).toBeUndefined();
    expect(itemsInTimeRange([{ t: '2024-01-01T00:00:00+01:00' }], time, undefined, undefined)).toBeUndefined();
    const growing = [at(1), at(3)];
    expect(itemsInTimeRange(growing, time, at(2).t, undefined)).toEqual([at(3)]);
    growing.push(at(2));
    expect(itemsInTimeRange(growing, time, at(2).t, undefined)).toBeUndefined();
  });
});
