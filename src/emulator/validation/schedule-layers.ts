/**
 * Validation of a schedule body (`POST /schedules`, `PUT /schedules/{id}`): its fields and
 * layers, as the REST API's description requires them (OpenAPI `Schedule`, `ScheduleLayer`,
 * `Restriction`: a layer needs `start`, `users`, `rotation_virtual_start` and
 * `rotation_turn_length_seconds`; a restriction `type`, `duration_seconds` and
 * `start_time_of_day`, and a weekly one `start_day_of_week` 1-7). Every problem is
 * reported at once, by its path.
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';
import { secondsOfDay, type Restriction } from '../schedules/restrictions.js';
import { isTimeZone } from '../schedules/zoned-time.js';
import type { Reference, ScheduleLayer } from '../store/resources.js';

/** Longest turn a layer may have: a year ("The value cannot exceed one year in seconds", PagerDuty's layer docs). */
export const MAX_TURN_SECONDS = 365 * 86_400;

/** The longest a restriction may stay open: a day for a daily one, a week for a weekly one. */
const MAX_RESTRICTION_SECONDS = { daily_restriction: 86_400, weekly_restriction: 7 * 86_400 } as const;

/** What a body asks for, checked; layers lack only the ids the store gives them. */
export interface ScheduleInput {
  /** The name, when given. */
  name?: string;
  /** The description, when given. */
  description?: string;
  /** The time zone, when given. */
  time_zone?: string;
  /** The layers, when given (then they replace the schedule's). */
  schedule_layers?: (Omit<ScheduleLayer, 'id' | 'name'> & { id?: string; name?: string })[];
  /** The teams, when given. */
  teams?: Reference[];
}

/** The outcome of checking a body. */
export type ScheduleOutcome = { ok: true; value: ScheduleInput } | { ok: false; errors: string[] };

/** How the checks find what references name. */
export interface ScheduleLookups {
  /** The reference of the user with this id, or `undefined`. */
  user: (id: string) => Reference | undefined;
  /** The reference of the team with this id, or `undefined`. */
  team: (id: string) => Reference | undefined;
}

function time(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.NaN;
}

function checkRestriction(item: unknown, where: string, errors: string[]): Restriction | undefined {
  if (!isPlainObject(item)) {
    errors.push(`${where} must be an object`);
    return undefined;
  }
  const before = errors.length;
  const type = item.type;
  if (type !== 'daily_restriction' && type !== 'weekly_restriction')
    errors.push(`${where}.type must be daily_restriction or weekly_restriction`);
  const tod = typeof item.start_time_of_day === 'string' ? secondsOfDay(item.start_time_of_day) : undefined;
  if (tod === undefined) errors.push(`${where}.start_time_of_day must be a time of day, HH:mm:ss`);
  const duration = item.duration_seconds;
  const most =
    type === 'weekly_restriction'
      ? MAX_RESTRICTION_SECONDS.weekly_restriction
      : MAX_RESTRICTION_SECONDS.daily_restriction;
  if (!Number.isInteger(duration) || (duration as number) <= 0 || (duration as number) > most)
    errors.push(`${where}.duration_seconds must be a whole number of seconds from 1 to ${most}`);
  const day = item.start_day_of_week;
  if (type === 'weekly_restriction' && (!Number.isInteger(day) || (day as number) < 1 || (day as number) > 7))
    errors.push(`${where}.start_day_of_week must be 1 (Monday) to 7 for a weekly_restriction`);
  if (errors.length > before) return undefined;
  return {
    type: type as Restriction['type'],
    start_time_of_day: item.start_time_of_day as string,
    duration_seconds: duration as number,
    ...(type === 'weekly_restriction' ? { start_day_of_week: day as number } : {}),
  };
}

function checkLayer(
  item: unknown,
  where: string,
  lookups: ScheduleLookups,
  errors: string[],
): NonNullable<ScheduleInput['schedule_layers']>[number] | undefined {
  if (!isPlainObject(item)) {
    errors.push(`${where} must be an object`);
    return undefined;
  }
  const before = errors.length;
  const start = time(item.start);
  if (Number.isNaN(start)) errors.push(`${where}.start must be an ISO 8601 date-time`);
  const end = item.end === undefined || item.end === null ? null : time(item.end);
  if (end !== null && Number.isNaN(end)) errors.push(`${where}.end must be an ISO 8601 date-time or null`);
  else if (end !== null && !Number.isNaN(start) && end <= start) errors.push(`${where}.end must be after its start`);
  if (Number.isNaN(time(item.rotation_virtual_start)))
    errors.push(`${where}.rotation_virtual_start must be an ISO 8601 date-time`);
  const turn = item.rotation_turn_length_seconds;
  if (!Number.isInteger(turn) || (turn as number) <= 0 || (turn as number) > MAX_TURN_SECONDS)
    errors.push(
      `${where}.rotation_turn_length_seconds must be a whole number of seconds from 1 to ${MAX_TURN_SECONDS}`,
    );
  const users: { user: Reference }[] = [];
  if (!Array.isArray(item.users) || item.users.length === 0) errors.push(`${where}.users must be a non-empty list`);
  else
    item.users.forEach((member: unknown, index) => {
      const ref = isPlainObject(member) && isPlainObject(member.user) ? member.user : undefined;
      const id = ref && typeof ref.id === 'string' ? ref.id : undefined;
      const user = id === undefined ? undefined : lookups.user(id);
      if (user) users.push({ user });
      else
        errors.push(
          id === undefined
            ? `${where}.users[${index}] must be { "user": { "id": ..., "type": "user_reference" } }`
            : `${where}.users[${index}]: User ${id} not found`,
        );
    });
  const restrictions: Restriction[] = [];
  if (item.restrictions !== undefined && item.restrictions !== null && !Array.isArray(item.restrictions))
    errors.push(`${where}.restrictions must be a list`);
  else
    (item.restrictions ?? []).forEach((restriction: unknown, index: number) => {
      const checked = checkRestriction(restriction, `${where}.restrictions[${index}]`, errors);
      if (checked) restrictions.push(checked);
    });
  if (item.name !== undefined && typeof item.name !== 'string') errors.push(`${where}.name must be a string`);
  if (errors.length > before) return undefined;
  return {
    ...(typeof item.id === 'string' ? { id: item.id } : {}),
    ...(typeof item.name === 'string' ? { name: item.name } : {}),
    start: item.start as string,
    end: end === null ? null : (item.end as string),
    rotation_virtual_start: item.rotation_virtual_start as string,
    rotation_turn_length_seconds: turn as number,
    users,
    restrictions,
  };
}

/**
 * Checks the object under `schedule` of a create or update body.
 *
 * @param creating - a create needs `time_zone` and `type: schedule` (required by the description) and layers
 *
 * @example
 * ```ts
 * checkSchedule({ type: 'schedule', time_zone: 'UTC', schedule_layers: [] }, lookups, true);
 * // { ok: false, errors: ['schedule.schedule_layers must be a non-empty list'] }
 * ```
 */
export function checkSchedule(
  fields: Record<string, unknown>,
  lookups: ScheduleLookups,
  creating: boolean,
): ScheduleOutcome {
  const errors: string[] = [];
  if ((creating || fields.type !== undefined) && fields.type !== 'schedule')
    errors.push('schedule.type must be schedule');
  if (creating && fields.time_zone === undefined) errors.push('schedule.time_zone is required');
  if (fields.time_zone !== undefined && (typeof fields.time_zone !== 'string' || !isTimeZone(fields.time_zone)))
    errors.push('schedule.time_zone must be a time zone name (IANA, such as Europe/Berlin)');
  for (const name of ['name', 'description'] as const)
    if (fields[name] !== undefined && typeof fields[name] !== 'string')
      errors.push(`schedule.${name} must be a string`);
  let layers: ScheduleInput['schedule_layers'];
  if (fields.schedule_layers !== undefined || creating) {
    if (!Array.isArray(fields.schedule_layers) || fields.schedule_layers.length === 0)
      errors.push('schedule.schedule_layers must be a non-empty list');
    else {
      const checked = fields.schedule_layers.map((layer: unknown, index) =>
        checkLayer(layer, `schedule.schedule_layers[${index}]`, lookups, errors),
      );
      layers = checked.filter((layer) => layer !== undefined);
    }
  }
  let teams: Reference[] | undefined;
  if (fields.teams !== undefined) {
    if (!Array.isArray(fields.teams)) errors.push('schedule.teams must be a list of team references');
    else
      teams = fields.teams.flatMap((item: unknown, index) => {
        const id = isPlainObject(item) && typeof item.id === 'string' ? item.id : undefined;
        const team = id === undefined ? undefined : lookups.team(id);
        if (!team)
          errors.push(
            `schedule.teams[${index}]: ${id === undefined ? 'must be a team reference' : `Team ${id} not found`}`,
          );
        return team ? [team] : [];
      });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      ...(typeof fields.name === 'string' ? { name: fields.name } : {}),
      ...(typeof fields.description === 'string' ? { description: fields.description } : {}),
      ...(typeof fields.time_zone === 'string' ? { time_zone: fields.time_zone } : {}),
      ...(layers ? { schedule_layers: layers } : {}),
      ...(teams ? { teams } : {}),
    },
  };
}
