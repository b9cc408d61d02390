/**
 * `/maintenance_windows` and `/maintenance_windows/{id}`: windows for existing services
 * (a reference to nothing is a 400), listed with `service_ids[]`, `team_ids[]`, `filter`
 * and `query`; the description's rules: a `start_time` in the past "will be updated to be
 * the current time", the `end_time` "must be in the future and after the `start_time`",
 * and a delete ends an ongoing window, removes a future one, and refuses an ended one
 * ("If the maintenance window has already ended it cannot be deleted"). While a window is
 * ongoing its services open no incidents (see `store/maintenance.ts`).
 *
 * @module
 */
import { recordAudit } from '../store/audit.js';
import { listParam } from '../queries/query-params.js';
import { matchesText } from '../queries/filters.js';
import { ERROR_CODES, fail, invalidInput, ok, restError } from '../server/replies.js';
import { actingUser } from '../server/rest-auth.js';
import type { RestContext, Route } from '../server/router.js';
import { windowMatches, windowState, type MaintenanceWindow } from '../store/maintenance.js';
import type { Reference } from '../store/resources.js';
import { isPlainObject } from '../../core/plain-object.js';
import { classicList, found, unwrapObject } from './bodies.js';

const FILTERS = ['past', 'future', 'ongoing', 'open', 'all'];

interface WindowFields {
  start?: number;
  end?: number;
  description?: string;
  services?: Reference[];
}

function checkFields(context: RestContext, creating: boolean, current?: MaintenanceWindow): WindowFields {
  const { store } = context;
  const fields = unwrapObject(context.body, 'maintenance_window');
  const errors: string[] = [];
  if (creating && fields.type !== 'maintenance_window')
    errors.push('maintenance_window.type must be maintenance_window');
  const time = (name: 'start_time' | 'end_time'): number | undefined => {
    if (fields[name] === undefined) {
      if (creating) errors.push(`maintenance_window.${name} is required`);
      return undefined;
    }
    const value = typeof fields[name] === 'string' ? Date.parse(fields[name]) : Number.NaN;
    if (Number.isNaN(value)) errors.push(`maintenance_window.${name} must be an ISO 8601 date-time`);
    return Number.isNaN(value) ? undefined : value;
  };
  const now = context.now.getTime();
  const given = time('start_time');
  const start = given === undefined ? undefined : Math.max(given, now);
  const end = time('end_time');
  const effectiveStart = start ?? (current ? Date.parse(current.start_time) : now);
  if (end !== undefined && (end <= now || end <= effectiveStart))
    errors.push('maintenance_window.end_time must be in the future and after the start_time');
  if (fields.description !== undefined && typeof fields.description !== 'string')
    errors.push('maintenance_window.description must be a string');
  let services: Reference[] | undefined;
  if (fields.services !== undefined || creating) {
    if (!Array.isArray(fields.services) || fields.services.length === 0)
      errors.push('maintenance_window.services must be a non-empty list of service references');
    else
      services = fields.services.flatMap((item: unknown, index) => {
        const id = isPlainObject(item) && typeof item.id === 'string' ? item.id : undefined;
        const service = id === undefined ? undefined : store.services.get(id);
        const problem = id === undefined ? 'must be a service reference' : `Service ${id} not found`;
        if (!service) errors.push(`maintenance_window.services[${index}]: ${problem}`);
        return service ? [store.ref(service)] : [];
      });
  }
  if (errors.length > 0) fail(invalidInput(...errors));
  return {
    ...(start !== undefined ? { start } : {}),
    ...(end !== undefined ? { end } : {}),
    ...(typeof fields.description === 'string' ? { description: fields.description } : {}),
    ...(services ? { services } : {}),
  };
}

function teamsOf(context: RestContext, services: readonly Reference[]): Reference[] {
  const teams = new Map<string, Reference>();
  for (const ref of services)
    for (const team of context.store.services.get(ref.id)?.teams ?? []) teams.set(team.id, team);
  return [...teams.values()];
}

function create(context: RestContext): ReturnType<Route['handler']> {
  const { store } = context;
  const user = actingUser(store, context.identity, context.from);
  const fields = checkFields(context, true);
  const id = store.ids.next();
  const services = fields.services ?? [];
  const description = fields.description ?? '';
  const window: MaintenanceWindow = {
    id,
    type: 'maintenance_window',
    summary: description,
    ...store.urls('maintenance_windows', id),
    sequence_number: store.maintenanceWindows.size + 1,
    start_time: new Date(fields.start ?? context.now.getTime()).toISOString(),
    end_time: new Date(fields.end ?? context.now.getTime()).toISOString(),
    description,
    created_by: store.ref(user),
    services,
    teams: teamsOf(context, services),
  };
  store.maintenanceWindows.add(window);
  recordAudit(store, {
    resource: window,
    action: 'create',
    fields: [{ name: 'services', value: services.map((s) => s.id) }],
    requestId: context.requestId,
    at: context.now,
  });
  return ok({ maintenance_window: window }, 201);
}

function update(context: RestContext): ReturnType<Route['handler']> {
  const window = found(
    context.store.maintenanceWindows.get(context.params.id),
    `Maintenance window ${context.params.id}`,
  );
  const fields = checkFields(context, false, window);
  if (fields.start !== undefined) window.start_time = new Date(fields.start).toISOString();
  if (fields.end !== undefined) window.end_time = new Date(fields.end).toISOString();
  if (fields.description !== undefined) window.description = window.summary = fields.description;
  if (fields.services) {
    window.services = fields.services;
    window.teams = teamsOf(context, fields.services);
  }
  return ok({ maintenance_window: window });
}

function remove(context: RestContext): ReturnType<Route['handler']> {
  const { store } = context;
  const window = found(store.maintenanceWindows.get(context.params.id), `Maintenance window ${context.params.id}`);
  const state = windowState(window, context.now.getTime());
  if (state === 'past')
    fail(
      restError(400, 'Arguments Caused Error', ERROR_CODES.argumentsCausedError, [
        `Maintenance window ${window.id} has already ended and cannot be deleted`,
      ]),
    );
  if (state === 'ongoing') window.end_time = context.now.toISOString();
  else store.maintenanceWindows.remove(window.id);
  return { status: 204 };
}

/** The routes of maintenance windows. */
export const maintenanceWindowRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/maintenance_windows',
    handler: ({ store, query, now }) => {
      const serviceIds = listParam(query, 'service_ids');
      const teamIds = listParam(query, 'team_ids');
      const filter = query.get('filter') || 'all';
      if (!FILTERS.includes(filter)) fail(invalidInput(`filter must be one of ${FILTERS.join(', ')}`));
      const text = query.get('query');
      const windows = store.maintenanceWindows
        .all()
        .filter(
          (window) => serviceIds.length === 0 || window.services.some((service) => serviceIds.includes(service.id)),
        )
        .filter((window) => teamIds.length === 0 || window.teams.some((team) => teamIds.includes(team.id)))
        .filter((window) => windowMatches(window, filter, now.getTime()) && matchesText(text, [window.description]));
      return classicList('maintenance_windows', windows, query);
    },
  },
  { method: 'POST', pattern: '/maintenance_windows', handler: create },
  {
    method: 'GET',
    pattern: '/maintenance_windows/{id}',
    handler: ({ store, params }) =>
      ok({ maintenance_window: found(store.maintenanceWindows.get(params.id), `Maintenance window ${params.id}`) }),
  },
  { method: 'PUT', pattern: '/maintenance_windows/{id}', handler: update },
  { method: 'DELETE', pattern: '/maintenance_windows/{id}', handler: remove },
];
