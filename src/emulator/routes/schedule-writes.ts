/**
 * `POST /schedules` and `PUT /schedules/{id}`: a schedule's name, description, time zone,
 * teams and layers, checked before anything changes (see `validation/schedule-layers.ts`);
 * layers given replace the schedule's, keeping the id of each layer sent with one of its
 * own. Rendering, `/schedules/{id}/users`, `/oncalls` and new incidents' assignments read
 * the stored layers at once.
 *
 * @module
 */
import { recordAudit } from '../store/audit.js';
import { layerUsers, layersOf } from '../store/schedule-model.js';
import { fail, invalidInput, ok } from '../server/replies.js';
import type { Schedule, ScheduleLayer } from '../store/resources.js';
import type { EmulatorStore } from '../store/store.js';
import type { RestContext, Route } from '../server/router.js';
import { checkSchedule, type ScheduleInput } from '../validation/schedule-layers.js';
import { found, unwrapObject } from './bodies.js';
import { renderWindow, scheduleView } from './schedule-views.js';

function checked(store: EmulatorStore, body: unknown, creating: boolean): ScheduleInput {
  const outcome = checkSchedule(
    unwrapObject(body, 'schedule'),
    {
      user: (id) => {
        const user = store.users.get(id);
        return user ? store.ref(user) : undefined;
      },
      team: (id) => {
        const team = store.teams.get(id);
        return team ? store.ref(team) : undefined;
      },
    },
    creating,
  );
  if (!outcome.ok) fail(invalidInput(...outcome.errors));
  return outcome.value;
}

function storedLayers(
  store: EmulatorStore,
  input: NonNullable<ScheduleInput['schedule_layers']>,
  current: readonly ScheduleLayer[],
): ScheduleLayer[] {
  const own = new Set(current.map((layer) => layer.id));
  const foreign = input.filter((layer) => layer.id !== undefined && !own.has(layer.id)).map((layer) => layer.id);
  if (foreign.length > 0)
    fail(invalidInput(...foreign.map((id) => `Schedule layer ${id} is not a layer of this schedule`)));
  return input.map((layer, index) => ({
    ...layer,
    id: layer.id ?? store.ids.next(),
    name: layer.name ?? `Layer ${index + 1}`,
  }));
}

function create(context: RestContext): ReturnType<Route['handler']> {
  const { store } = context;
  const input = checked(store, context.body, true);
  const id = store.ids.next();
  const layers = storedLayers(store, input.schedule_layers ?? [], []);
  const name = input.name ?? `Schedule ${id}`;
  const schedule: Schedule = {
    id,
    type: 'schedule',
    summary: name,
    ...store.urls('schedules', id),
    name,
    description: input.description ?? '',
    time_zone: input.time_zone ?? 'UTC',
    users: layerUsers(layers),
    teams: input.teams ?? [],
    schedule_layers: layers,
  };
  store.schedules.add(schedule);
  store.overrides.set(id, []);
  recordAudit(store, {
    resource: schedule,
    action: 'create',
    fields: [{ name: 'name', value: name }],
    requestId: context.requestId,
    at: context.now,
  });
  return ok({ schedule: scheduleView(store, schedule, renderWindow(context.query)) }, 201);
}

function update(context: RestContext): ReturnType<Route['handler']> {
  const { store } = context;
  const schedule = found(store.schedules.get(context.params.id), `Schedule ${context.params.id}`);
  const input = checked(store, context.body, false);
  const layers = input.schedule_layers ? storedLayers(store, input.schedule_layers, layersOf(schedule)) : undefined;
  const fields: { name: string; value: unknown; before_value: unknown }[] = [];
  for (const name of ['name', 'description', 'time_zone'] as const) {
    const value = input[name];
    if (value !== undefined && value !== schedule[name]) {
      fields.push({ name, value, before_value: schedule[name] });
      schedule[name] = value;
    }
  }
  schedule.summary = schedule.name;
  if (input.teams) schedule.teams = input.teams;
  if (layers) {
    fields.push({ name: 'schedule_layers', value: layers, before_value: layersOf(schedule) });
    schedule.schedule_layers = layers;
    schedule.users = layerUsers(layers);
  }
  if (fields.length > 0)
    recordAudit(store, { resource: schedule, action: 'update', fields, requestId: context.requestId, at: context.now });
  return ok({ schedule: scheduleView(store, schedule, renderWindow(context.query)) });
}

/** The routes that create and change schedules. */
export const scheduleWriteRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/schedules', handler: create },
  { method: 'PUT', pattern: '/schedules/{id}', handler: update },
];
