import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  isoWeekday,
  isTimeZone,
  localDate,
  zonedInstant,
  zoneOffset,
} from '../../../src/emulator/schedules/zoned-time.js';

const at = (iso: string) => Date.parse(iso);

describe('zoned time', () => {
  it('knows the offset of a zone, summer and winter', () => {
    expect(zoneOffset(at('2024-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffset(at('2024-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(zoneOffset(at('2024-07-15T12:00:00Z'), 'UTC')).toBe(0);
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('gives the local date of an instant, and walks dates across month ends', () => {
    expect(localDate(at('2024-01-01T03:00:00Z'), 'America/New_York')).toEqual({ year: 2023, month: 12, day: 31 });
    expect(addDays({ year: 2024, month: 2, day: 28 }, 2)).toEqual({ year: 2024, month: 3, day: 1 });
    expect(isoWeekday({ year: 2024, month: 1, day: 1 })).toBe(1);
    expect(isoWeekday({ year: 2024, month: 1, day: 7 })).toBe(7);
  });

  it('finds the instant of a local time of day, on either side of a clock change', () => {
    expect(zonedInstant({ year: 2024, month: 7, day: 1 }, 8 * 3600, 'Europe/London')).toBe(at('2024-07-01T07:00:00Z'));
    expect(zonedInstant({ year: 2024, month: 1, day: 1 }, 8 * 3600, 'Europe/London')).toBe(at('2024-01-01T08:00:00Z'));
    // 2024-03-10: New York skips 02:00-03:00; 09:00 that day is already daylight time.
    expect(zonedInstant({ year: 2024, month: 3, day: 10 }, 9 * 3600, 'America/New_York')).toBe(
      at('2024-03-10T13:00:00Z'),
    );
  });
});
