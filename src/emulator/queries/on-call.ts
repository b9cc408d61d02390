/**
 * Who is on call when, for `GET /oncalls`: a schedule's rotation turns weekly through its
 * users, and an override puts someone else on call for its time. Pure functions of the
 * schedule, its overrides and a time window.
 *
 * @module
 */
import type { Reference } from '../store/resources.js';

/** The start of the first user's first turn on every schedule: Monday 2024-01-01 00:00 UTC. */
export const ROTATION_START = Date.UTC(2024, 0, 1);

/** How long each user's turn lasts: one week, handing off on Monday at 00:00 UTC. */
export const TURN_MS = 7 * 24 * 60 * 60 * 1000;

/** A stretch of time during which one user is on call on a schedule. */
export interface Shift {
  /** Who is on call. */
  user: Reference;
  /** When it starts, in milliseconds since the epoch. */
  start: number;
  /** When it ends (exclusive), in milliseconds since the epoch. */
  end: number;
}

/** An override as these functions need it: who, from when, until when. */
export interface OverrideSpan {
  /** Who is on call instead. */
  user: Reference;
  /** When it starts, in milliseconds since the epoch. */
  start: number;
  /** When it ends (exclusive), in milliseconds since the epoch. */
  end: number;
}

/** Whether a stretch [start, end) meets the window: overlaps it, or holds the instant `since === until`. */
export function meetsWindow(start: number, end: number, since: number, until: number): boolean {
  return since === until ? start <= since && since < end : start < until && end > since;
}

/** The index of the turn that holds `time` (negative before {@link ROTATION_START}). */
function turnAt(time: number): number {
  return Math.floor((time - ROTATION_START) / TURN_MS);
}

/** Who is on call, and as part of what (a turn, or an override), over [start, end). */
interface Piece extends Shift {
  source: string;
}

/**
 * The shifts of a schedule that meet the window [since, until] (or the instant `since`
 * when they are equal), in time order. The rotation's turns go to `users` in order, one
 * week each; an override replaces whoever is on call during its time (a later override
 * wins over an earlier one where they overlap), so a turn it cuts into is reported as the
 * pieces left on either side. A shift keeps its own start and end, even where they lie
 * outside the window.
 *
 * @example
 * ```ts
 * scheduleShifts([ann, bob], [], Date.parse('2024-01-08T12:00:00Z'), Date.parse('2024-01-08T12:00:00Z'));
 * // [{ user: bob, start: Date.parse('2024-01-08T00:00:00Z'), end: Date.parse('2024-01-15T00:00:00Z') }]
 * ```
 */
export function scheduleShifts(
  users: readonly Reference[],
  overrides: readonly OverrideSpan[],
  since: number,
  until: number,
): Shift[] {
  if (until < since) throw new RangeError('until must not be before since');
  const meeting = overrides.filter((override) => meetsWindow(override.start, override.end, since, until));
  // The horizon holds every turn and override that meets the window whole, so each
  // piece's start and end below are its real ones.
  const from = Math.min(ROTATION_START + turnAt(since) * TURN_MS, ...meeting.map((override) => override.start));
  const to = Math.max(ROTATION_START + (turnAt(until) + 1) * TURN_MS, ...meeting.map((override) => override.end));
  const active = overrides.filter((override) => override.start < to && override.end > from);
  const bounds = new Set<number>([from, to]);
  for (let turn = turnAt(from) + 1; ROTATION_START + turn * TURN_MS < to; turn += 1)
    bounds.add(ROTATION_START + turn * TURN_MS);
  for (const override of active) {
    if (override.start > from && override.start < to) bounds.add(override.start);
    if (override.end > from && override.end < to) bounds.add(override.end);
  }
  const points = [...bounds].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (let index = 0; index + 1 < points.length; index += 1) {
    const start = points[index] as number;
    const end = points[index + 1] as number;
    const overrideIndex = active.findLastIndex((override) => override.start <= start && override.end >= end);
    const turn = turnAt(start);
    const user =
      overrideIndex >= 0 ? active[overrideIndex]?.user : users[((turn % users.length) + users.length) % users.length];
    if (!user) continue;
    const source = overrideIndex >= 0 ? `override ${overrideIndex}` : `turn ${turn}`;
    const last = pieces[pieces.length - 1];
    if (last && last.source === source && last.end === start) last.end = end;
    else pieces.push({ user, start, end, source });
  }
  return pieces
    .filter((piece) => meetsWindow(piece.start, piece.end, since, until))
    .map(({ user, start, end }) => ({ user, start, end }));
}

/**
 * A time as ISO 8601 in a time zone, with its offset (`2024-01-08T13:00:00+01:00`);
 * `Z` for UTC.
 *
 * @throws RangeError for a time zone that is not an IANA name
 */
export function isoInZone(time: number, timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return new Date(time).toISOString().replace('.000Z', 'Z');
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(time));
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((item) => item.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}
