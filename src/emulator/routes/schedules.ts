/**
 * `/schedules`, `/schedules/{id}` (rendered over `since`/`until`, see `schedule-views.ts`),
 * `/schedules/{id}/users` and `/schedules/{id}/overrides`, whose bulk create answers per
 * item (`status`, `override`, `errors`) so one bad override fails alone.
 *
 * @module
 */
import { includesOf, SCHEDULE_INCLUDES } from '../queries/includes.js';
import { recordAudit } from '../store/audit.js';
import { filterByTeams, matchesText, timeWindow } from '../queries/filters.js';
import { overlaps, validateOverride } from '../validation/schedule-overrides.js';
import { fail, invalidInput, ok } from '../server/replies.js';
import type { Override, Schedule, User } from '../store/resources.js';
import type { RestContext, Route } from '../server/router.js';
import { classicList, found } from './bodies.js';
import { isPlainObject } from '../../core/plain-object.js';
import { scheduleFinalShifts } from '../store/schedule-model.js';
import { timeParam } from '../queries/query-params.js';
import { renderWindow, scheduleView } from './schedule-views.js';

export { scheduleView } from './schedule-views.js';

/** One item of a bulk override answer. */
interface OverrideResult {
  status: number;
  override: Partial<Override>;
  errors?: string[];
}

function createOne(context: RestContext, schedule: Schedule, item: unknown): OverrideResult {
  const { store } = context;
  const outcome = validateOverride(item, (id) => {
    const user = store.users.get(id);
    return user ? store.ref(user) : undefined;
  });
  if (!outcome.ok) {
    const sent = isPlainObject(item) ? { start: item.start, end: item.end, user: item.user } : {};
    return { status: 400, override: sent as Partial<Override>, errors: outcome.errors };
  }
  const override: Override = { id: store.ids.next('Q'), ...outcome.value };
  store.overrides.get(schedule.id)?.push(override);
  recordAudit(store, {
    resource: schedule,
    action: 'update',
    fields: [{ name: 'overrides', value: override }],
    requestId: context.requestId,
    at: context.now,
  });
  return { status: 201, override };
}

function createOverrides(context: RestContext): ReturnType<Route['handler']> {
  const schedule = found(context.store.schedules.get(context.params.id), `Schedule ${context.params.id}`);
  const body = context.body;
  if (isPlainObject(body) && Array.isArray(body.overrides)) {
    if (body.overrides.length === 0) fail(invalidInput('overrides must be a non-empty list'));
    return ok(
      body.overrides.map((item: unknown) => createOne(context, schedule, item)),
      201,
    );
  }
  if (isPlainObject(body) && isPlainObject(body.override)) {
    const result = createOne(context, schedule, body.override);
    if (result.errors) fail(invalidInput(...result.errors));
    return ok({ override: result.override }, 201);
  }
  return fail(invalidInput('The request body must be a JSON object with the key "overrides" holding a list'));
}

/**
 * `GET /schedules/{id}/users`: "the users on call in a given schedule for a given time
 * range" (the description), from its final schedule. Without `since` the window starts
 * now; without `until` it is the instant `since` (decision: the description gives no default).
 */
function scheduleUsers({ store, params, query, now }: RestContext): ReturnType<Route['handler']> {
  const schedule = found(store.schedules.get(params.id), `Schedule ${params.id}`);
  const since = timeParam(query, 'since') ?? now.getTime();
  const until = timeParam(query, 'until') ?? since;
  if (until < since) fail(invalidInput('since must not be after until'));
  const users = new Map<string, User>();
  for (const shift of scheduleFinalShifts(store, schedule, since, until)) {
    const user = store.users.get(shift.user.id);
    if (user) users.set(user.id, user);
  }
  return ok({ users: [...users.values()] });
}

/** The routes of schedules and their overrides. */
export const scheduleRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/schedules',
    handler: ({ store, query }) => {
      const text = query.get('query');
      includesOf(query, SCHEDULE_INCLUDES);
      const schedules = filterByTeams(store.schedules.all(), query).filter((schedule) =>
        matchesText(text, [schedule.name]),
      );
      return classicList('schedules', schedules, query, (schedule) => scheduleView(store, schedule));
    },
  },
  {
    method: 'GET',
    pattern: '/schedules/{id}',
    handler: ({ store, params, query }) => {
      const schedule = found(store.schedules.get(params.id), `Schedule ${params.id}`);
      return ok({ schedule: scheduleView(store, schedule, renderWindow(query)) });
    },
  },
  { method: 'GET', pattern: '/schedules/{id}/users', handler: scheduleUsers },
  {
    method: 'GET',
    pattern: '/schedules/{id}/overrides',
    handler: ({ store, params, query }) => {
      found(store.schedules.get(params.id), `Schedule ${params.id}`);
      const window = timeWindow(query);
      const overrides = (store.overrides.get(params.id) ?? []).filter((override) =>
        overlaps(override, window.since, window.until),
      );
      return ok({ overrides });
    },
  },
  { method: 'POST', pattern: '/schedules/{id}/overrides', handler: createOverrides },
];
