/**
 * Schedules, their layers and overrides, as the REST API v2 spells them (see
 * `schedules/schedule-rendering.ts` for how they are rendered).
 *
 * @module
 */
import type { Restriction } from '../schedules/restrictions.js';
import type { Reference, ResourceBase } from './resource-base.js';

/**
 * An on-call schedule. The escalation policies targeting it are derived when it is
 * served (`escalation_policies`), not stored.
 */
export interface Schedule extends ResourceBase {
  /** Always `schedule`. */
  type: 'schedule';
  /** The schedule's name. */
  name: string;
  /** A free-text description. */
  description: string;
  /** IANA time-zone name. */
  time_zone: string;
  /** Every user of the schedule's layers, each once, in layer order (derived from the layers when they change). */
  users: Reference[];
  /** The teams owning the schedule. */
  teams: Reference[];
  /** The layers, as stored: a later layer wins over an earlier one (see `schedules/schedule-rendering.ts`). */
  schedule_layers: ScheduleLayer[];
}

/** One layer of a schedule: a rotation of users, perhaps limited by restrictions. */
export interface ScheduleLayer {
  /** The layer's identifier. */
  id: string;
  /** The layer's name (`Layer 1`, ... unless given). */
  name: string;
  /** ISO 8601 time from which the layer puts people on call. */
  start: string;
  /** ISO 8601 time from which it no longer does, `null` for never. */
  end: string | null;
  /** ISO 8601 start of the first turn, which may lie before `start`. */
  rotation_virtual_start: string;
  /** Length of each turn, in seconds. */
  rotation_turn_length_seconds: number;
  /** The users in rotation order, as the API nests them. */
  users: {
    /** The user. */
    user: Reference;
  }[];
  /** The periods of the day or week the layer is limited to (empty: always). */
  restrictions: Restriction[];
}

/** A schedule override: someone else on call for a while. */
export interface Override {
  /** The override's identifier. */
  id: string;
  /** ISO 8601 start, with offset. */
  start: string;
  /** ISO 8601 end, with offset; after `start`. */
  end: string;
  /** Who is on call instead. */
  user: Reference;
  /** The time zone the override was given in, when one was. */
  time_zone?: string;
}
