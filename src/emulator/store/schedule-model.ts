/**
 * The stored schedules as rendering takes them: layers and overrides in milliseconds, and
 * the questions the routes ask of them (the final schedule, who is on call at an instant,
 * which users a schedule has).
 *
 * @module
 */
import type { Reference, Schedule, ScheduleLayer } from './resources.js';
import type { EmulatorStore } from './store.js';
import { finalShifts, type RotationLayer, type Shift } from '../schedules/schedule-rendering.js';

/** A schedule's layers (none for a schedule a generic create made without them). */
export function layersOf(schedule: Schedule): readonly ScheduleLayer[] {
  return Array.isArray(schedule.schedule_layers) ? schedule.schedule_layers : [];
}

/** A stored layer as rendering takes it. */
export function rotationLayer(layer: ScheduleLayer): RotationLayer<Reference> {
  return {
    start: Date.parse(layer.start),
    end: layer.end === null ? null : Date.parse(layer.end),
    rotationVirtualStart: Date.parse(layer.rotation_virtual_start),
    turnLength: layer.rotation_turn_length_seconds * 1000,
    users: layer.users.map((member) => member.user),
    restrictions: layer.restrictions,
  };
}

/** A schedule's overrides as shifts, in creation order. */
export function overridesOf(store: EmulatorStore, scheduleId: string): Shift<Reference>[] {
  return (store.overrides.get(scheduleId) ?? []).map((override) => ({
    user: override.user,
    start: Date.parse(override.start),
    end: Date.parse(override.end),
  }));
}

/** The schedule's time zone, or UTC when it has none the runtime knows. */
export function scheduleZone(schedule: Schedule): string {
  return typeof schedule.time_zone === 'string' && schedule.time_zone !== '' ? schedule.time_zone : 'UTC';
}

/** The final schedule's shifts that meet [since, until], with their own starts and ends. */
export function scheduleFinalShifts(
  store: EmulatorStore,
  schedule: Schedule,
  since: number,
  until: number,
): Shift<Reference>[] {
  return finalShifts(
    layersOf(schedule).map(rotationLayer),
    overridesOf(store, schedule.id),
    since,
    until,
    scheduleZone(schedule),
  );
}

/** Who the final schedule has on call at `at`, if anyone. */
export function onCallAt(store: EmulatorStore, schedule: Schedule, at: number): Reference | undefined {
  return scheduleFinalShifts(store, schedule, at, at)[0]?.user;
}

/** Every user of the layers, each once, in layer and rotation order: a schedule's `users`. */
export function layerUsers(layers: readonly ScheduleLayer[]): Reference[] {
  const seen = new Map<string, Reference>();
  for (const layer of layers)
    for (const member of layer.users) if (!seen.has(member.user.id)) seen.set(member.user.id, member.user);
  return [...seen.values()];
}
