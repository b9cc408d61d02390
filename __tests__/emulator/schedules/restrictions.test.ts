import { describe, expect, it } from '@jest/globals';
import { mergeSpans, restrictionSpans, secondsOfDay } from '../../../src/emulator/schedules/restrictions.js';

const at = (iso: string) => Date.parse(iso);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });

describe('restrictionSpans', () => {
  it('is the whole stretch without restrictions', () => {
    expect(restrictionSpans([], 0, 10, 'UTC')).toEqual([{ start: 0, end: 10 }]);
  });

  it('opens a daily restriction every day at its time of day on the zone clock', () => {
    const daily = [{ type: 'daily_restriction' as const, start_time_of_day: '08:00:00', duration_seconds: 9 * 3600 }];
    expect(restrictionSpans(daily, at('2024-07-01T00:00:00Z'), at('2024-07-03T00:00:00Z'), 'Europe/London')).toEqual([
      span('2024-07-01T07:00:00Z', '2024-07-01T16:00:00Z'),
      span('2024-07-02T07:00:00Z', '2024-07-02T16:00:00Z'),
    ]);
  });

  it('cuts at the stretch, and keeps a window open since the day before (night shifts)', () => {
    const nights = [{ type: 'daily_restriction' as const, start_time_of_day: '22:00:00', duration_seconds: 8 * 3600 }];
    expect(restrictionSpans(nights, at('2024-01-02T03:00:00Z'), at('2024-01-02T23:00:00Z'), 'UTC')).toEqual([
      span('2024-01-02T03:00:00Z', '2024-01-02T06:00:00Z'),
      span('2024-01-02T22:00:00Z', '2024-01-02T23:00:00Z'),
    ]);
  });

  it('opens a weekly restriction on its ISO weekday only, and may last days', () => {
    // Friday 18:00 for the weekend (64 hours): 2024-01-05 is a Friday.
    const weekend = [
      {
        type: 'weekly_restriction' as const,
        start_day_of_week: 5,
        start_time_of_day: '18:00:00',
        duration_seconds: 64 * 3600,
      },
    ];
    expect(restrictionSpans(weekend, at('2024-01-01T00:00:00Z'), at('2024-01-15T00:00:00Z'), 'UTC')).toEqual([
      span('2024-01-01T00:00:00Z', '2024-01-01T10:00:00Z'), // the weekend that began on Friday 2023-12-29
      span('2024-01-05T18:00:00Z', '2024-01-08T10:00:00Z'),
      span('2024-01-12T18:00:00Z', '2024-01-15T00:00:00Z'),
    ]);
  });

  it('joins restrictions that overlap or touch', () => {
    expect(
      mergeSpans([
        { start: 5, end: 9 },
        { start: 0, end: 5 },
        { start: 12, end: 13 },
      ]),
    ).toEqual([
      { start: 0, end: 9 },
      { start: 12, end: 13 },
    ]);
    expect(secondsOfDay('08:30:15')).toBe(8 * 3600 + 30 * 60 + 15);
    expect(secondsOfDay('8am')).toBeUndefined();
  });
});
