/**
 * The seeded schedules' rotation, and times as the REST API renders them. Who is on call
 * when is rendered by `schedules/schedule-rendering.ts` from a schedule's layers and
 * overrides; this module keeps the one rotation every seeded schedule starts with (weekly
 * turns through its users, handing off on Mondays at 00:00 UTC from 2024-01-01) and
 * `scheduleShifts`, the final schedule of such a rotation.
 *
 * @module
 */
import { finalShifts, type RotationLayer, type Shift } from '../schedules/schedule-rendering.js';
import type { Reference } from '../store/resources.js';

export { meetsWindow, type Shift } from '../schedules/schedule-rendering.js';

/** The start of the first user's first turn on every seeded schedule: Monday 2024-01-01 00:00 UTC. */
export const ROTATION_START = Date.UTC(2024, 0, 1);

/** How long each user's turn lasts on a seeded schedule: one week, handing off on Monday at 00:00 UTC. */
export const TURN_MS = 7 * 24 * 60 * 60 * 1000;

/** An override as rendering needs it: who, from when, until when (milliseconds). */
export type OverrideSpan = Shift<Reference>;

/** The seeded rotation of `users`: one layer from {@link ROTATION_START}, a week a turn, unrestricted. */
export function weeklyRotation(users: readonly Reference[]): RotationLayer<Reference> {
  return {
    start: ROTATION_START,
    end: null,
    rotationVirtualStart: ROTATION_START,
    turnLength: TURN_MS,
    users,
    restrictions: [],
  };
}

/**
 * The final schedule of the seeded rotation of `users` with `overrides` over the window
 * [since, until] (the instant `since` when equal): each shift with its own start and end.
 * Before {@link ROTATION_START} the turns go round backwards, as a layer's do before its
 * rotation start when the layer starts earlier.
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
): Shift<Reference>[] {
  return finalShifts([{ ...weeklyRotation(users), start: -Infinity }], overrides, since, until, 'UTC');
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
