/**
 * Validation of schedule overrides, one at a time, so that a bulk request can create the
 * valid ones and report the others (`POST /schedules/{id}/overrides`).
 *
 * @module
 */
import type { Override, Reference } from '../store/resources.js';
import { isPlainObject } from '../../core/plain-object.js';

/** An override as asked for, before it has an identifier. */
export type OverrideInput = Omit<Override, 'id'>;

/** The outcome for one override. */
export type OverrideOutcome = { ok: true; value: OverrideInput } | { ok: false; errors: string[] };

/**
 * Checks one override: `start` and `end` ISO 8601 date-times with `end` after `start`,
 * and `user` a reference to an existing user.
 *
 * @param lookupUser - the reference of the user with this id, or `undefined`
 *
 * @example
 * ```ts
 * validateOverride({ start: '2024-01-02T00:00:00Z', end: '2024-01-01T00:00:00Z', user }, lookup);
 * // { ok: false, errors: ['end must be after start'] }
 * ```
 */
export function validateOverride(item: unknown, lookupUser: (id: string) => Reference | undefined): OverrideOutcome {
  if (!isPlainObject(item)) return { ok: false, errors: ['Override must be an object'] };
  const errors: string[] = [];
  const start = typeof item.start === 'string' ? Date.parse(item.start) : Number.NaN;
  const end = typeof item.end === 'string' ? Date.parse(item.end) : Number.NaN;
  if (Number.isNaN(start)) errors.push('start must be an ISO 8601 date-time');
  if (Number.isNaN(end)) errors.push('end must be an ISO 8601 date-time');
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) errors.push('end must be after start');
  const userId = isPlainObject(item.user) && typeof item.user.id === 'string' ? item.user.id : undefined;
  const user = userId === undefined ? undefined : lookupUser(userId);
  if (!user) errors.push(userId === undefined ? 'user must be a user reference' : `User ${userId} not found`);
  if (item.time_zone !== undefined && typeof item.time_zone !== 'string') errors.push('time_zone must be a string');
  if (errors.length > 0 || !user) return { ok: false, errors };
  return {
    ok: true,
    value: {
      start: item.start as string,
      end: item.end as string,
      user,
      ...(typeof item.time_zone === 'string' ? { time_zone: item.time_zone } : {}),
    },
  };
}

/** Whether an override overlaps the half-open window (open bounds when absent). */
export function overlaps(override: Override, since: number | undefined, until: number | undefined): boolean {
  return (
    (since === undefined || Date.parse(override.end) > since) &&
    (until === undefined || Date.parse(override.start) < until)
  );
}
