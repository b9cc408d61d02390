/**
 * A schedule layer's restrictions as stretches of time: "a limit on which period of the
 * day or week the schedule layer can accept assignments" (the REST API's `Restriction`,
 * OpenAPI `components.schemas.Restriction`). A `daily_restriction` opens every day at
 * `start_time_of_day` for `duration_seconds`; a `weekly_restriction` opens once a week, on
 * `start_day_of_week` (ISO 8601: 1 is Monday) at `start_time_of_day`. Times of day are
 * the schedule's wall clock.
 *
 * @module
 */
import { addDays, isoWeekday, localDate, zonedInstant } from './zoned-time.js';

/**
 * A limit on the periods of the day or week a layer puts people on call, as the REST API
 * spells it (OpenAPI `components.schemas.Restriction`).
 */
export interface Restriction {
  /** `daily_restriction` (every day) or `weekly_restriction` (once a week). */
  type: 'daily_restriction' | 'weekly_restriction';
  /** When it opens, `HH:mm:ss` on the schedule's clock. */
  start_time_of_day: string;
  /** How long it stays open, in seconds. */
  duration_seconds: number;
  /** The ISO 8601 weekday a weekly restriction opens on (1 is Monday). */
  start_day_of_week?: number | null;
}

/** A stretch of time [start, end), in milliseconds since the epoch. */
export interface Span {
  /** Inclusive start. */
  start: number;
  /** Exclusive end. */
  end: number;
}

/** The seconds after midnight an `HH:mm:ss` (or `HH:mm`) time of day names, or `undefined`. */
export function secondsOfDay(timeOfDay: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(timeOfDay);
  if (!match) return undefined;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

/** Sorts stretches and joins those that overlap or touch. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/**
 * The stretches of [from, to) during which any of the restrictions is open, merged and in
 * time order (cut at `from` and `to`). No restriction at all means always open.
 *
 * @example
 * ```ts
 * restrictionSpans([{ type: 'daily_restriction', start_time_of_day: '09:00:00', duration_seconds: 3600 }],
 *   Date.parse('2024-01-01T00:00:00Z'), Date.parse('2024-01-02T00:00:00Z'), 'UTC');
 * // [{ start: Date.parse('2024-01-01T09:00:00Z'), end: Date.parse('2024-01-01T10:00:00Z') }]
 * ```
 */
export function restrictionSpans(
  restrictions: readonly Restriction[],
  from: number,
  to: number,
  timeZone: string,
): Span[] {
  if (restrictions.length === 0) return from < to ? [{ start: from, end: to }] : [];
  const spans: Span[] = [];
  // A window that opens up to a week before `from` may still be open at `from`.
  const first = addDays(localDate(from, timeZone), -8);
  const last = localDate(to, timeZone);
  const lastKey = Date.UTC(last.year, last.month - 1, last.day);
  for (let date = first; Date.UTC(date.year, date.month - 1, date.day) <= lastKey; date = addDays(date, 1)) {
    for (const restriction of restrictions) {
      if (restriction.type === 'weekly_restriction' && isoWeekday(date) !== restriction.start_day_of_week) continue;
      const start = zonedInstant(date, secondsOfDay(restriction.start_time_of_day) ?? 0, timeZone);
      const end = start + restriction.duration_seconds * 1000;
      if (end > from && start < to) spans.push({ start: Math.max(start, from), end: Math.min(end, to) });
    }
  }
  return mergeSpans(spans);
}
