/**
 * Wall-clock time in an IANA time zone, both ways: the local date and weekday of an
 * instant, and the instant of a local date and time of day. Schedule restrictions are
 * given as local times of day ("08:00:00" for nine hours), so rendering needs both.
 *
 * @module
 */

/** A local calendar date. */
export interface LocalDate {
  /** The year. */
  year: number;
  /** The month, 1-12. */
  month: number;
  /** The day of the month, 1-31. */
  day: number;
}

// Intl formatters are costly to build and never change: one per zone, kept for reuse.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let cached = formatters.get(timeZone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, cached);
  }
  return cached;
}

/**
 * How far the zone's wall clock is ahead of UTC at `time`, in milliseconds.
 *
 * @throws RangeError for a time zone that is not an IANA name
 */
export function zoneOffset(time: number, timeZone: string): number {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 0;
  const parts = formatter(timeZone).formatToParts(new Date(time));
  const value = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return wall - Math.floor(time / 1000) * 1000;
}

/** Whether `timeZone` is an IANA time-zone name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneOffset(0, timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The local date of `time` in the zone. */
export function localDate(time: number, timeZone: string): LocalDate {
  const wall = new Date(time + zoneOffset(time, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** The ISO 8601 weekday of a date: 1 is Monday, 7 is Sunday. */
export function isoWeekday(date: LocalDate): number {
  return ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;
}

/**
 * The instant at which the zone's clocks show `secondsOfDay` on `date`. In a gap (the
 * hour skipped when clocks go forward) it is the instant an hour later's wall time
 * names; in an overlap, the earlier of the two.
 *
 * @example
 * ```ts
 * zonedInstant({ year: 2024, month: 7, day: 1 }, 8 * 3600, 'Europe/London'); // Date.parse('2024-07-01T07:00:00Z')
 * ```
 */
export function zonedInstant(date: LocalDate, secondsOfDay: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + secondsOfDay * 1000;
  const first = wall - zoneOffset(wall, timeZone);
  const second = wall - zoneOffset(first, timeZone);
  return Math.min(first, second);
}
