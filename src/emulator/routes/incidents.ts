/**
 * `/incidents` (list with filters and `sort_by`, create, multi-update), `/incidents/{id}`
 * (get, update), and an incident's notes and log entries. Every change needs a user: the
 * key's own for a user-scoped key, the `From` user for an account-level key.
 *
 * @module
 */
import { itemsInTimeRange } from '../queries/time-range.js';
import { incidentSortKeys, sortIncidents } from '../queries/incident-sort.js';
import { incidentFilter, logEntryFilter, matchesIncident, matchesLogEntry } from '../queries/filters.js';
import { addNote, changeStatus, createIncident, notesOf, statusChangeError } from '../store/incident-lifecycle.js';
import { MAX_INCIDENTS_PER_UPDATE, parseIncidentUpdate, type IncidentUpdate } from '../validation/incident-updates.js';
import { randomHex32 } from '../store/random.js';
import { maintenanceOf } from '../store/maintenance.js';
import { ERROR_CODES, fail, invalidInput, notFound, ok, restError, type Reply } from '../server/replies.js';
import type { EscalationPolicy, Incident, Priority, User } from '../store/resources.js';
import type { EmulatorStore } from '../store/store.js';
import {
  changeEscalationPolicy,
  escalateIncident,
  reassignIncident,
  setIncidentPriority,
} from '../store/incident-assignment.js';
import { actingUser } from '../server/rest-auth.js';
import type { RestContext, Route } from '../server/router.js';
import { classicList, found, unwrapObject } from './bodies.js';
import { isPlainObject } from '../../core/plain-object.js';
import { expanderFor, INCIDENT_INCLUDES, LOG_ENTRY_INCLUDES } from '../queries/includes.js';

/** An update with what its references name, found. */
interface ResolvedUpdate {
  assignees?: User[];
  policy?: EscalationPolicy;
  priority?: Priority | null;
}

/**
 * Finds what an update names (users, escalation policy and level, priority), or says why
 * not: a reference to nothing is a 400, as every create and update checks its references.
 */
function resolveReferences(store: EmulatorStore, incident: Incident, update: IncidentUpdate, label: string) {
  const errors: string[] = [];
  const resolved: ResolvedUpdate = {};
  const reassigning =
    update.assigneeIds !== undefined || update.escalationLevel !== undefined || update.escalationPolicyId !== undefined;
  if (reassigning && incident.status === 'resolved' && update.status === undefined)
    errors.push(`Incident ${incident.id} is resolved and cannot be reassigned or escalated`);
  if (update.assigneeIds) {
    const users = update.assigneeIds.map((id) => store.users.get(id));
    update.assigneeIds.forEach(
      (id, index) => users[index] ?? errors.push(`${label}.assignments: User ${id} not found`),
    );
    resolved.assignees = users.filter((user): user is User => user !== undefined);
  }
  if (update.escalationPolicyId !== undefined) {
    resolved.policy = store.escalationPolicies.get(update.escalationPolicyId);
    if (!resolved.policy)
      errors.push(`${label}.escalation_policy: Escalation policy ${update.escalationPolicyId} not found`);
  }
  if (update.escalationLevel !== undefined) {
    const policy = resolved.policy ?? store.escalationPolicies.get(incident.escalation_policy.id);
    const levels = policy?.escalation_rules.length ?? 0;
    if (update.escalationLevel > levels)
      errors.push(
        `${label}.escalation_level must be from 1 to ${levels}, the levels of the incident's escalation policy`,
      );
  }
  if (update.priority !== undefined) {
    const wanted = update.priority;
    resolved.priority =
      wanted === null
        ? null
        : 'id' in wanted
          ? store.priorities.get(wanted.id)
          : store.priorities.all().find((priority) => priority.name === wanted.name);
    if (resolved.priority === undefined && wanted !== null)
      errors.push(`${label}.priority: Priority ${'id' in wanted ? wanted.id : wanted.name} not found`);
  }
  return { errors, resolved };
}

function apply(
  context: RestContext,
  incident: Incident,
  update: IncidentUpdate,
  resolved: ResolvedUpdate,
  user: User,
): Incident {
  const { store, now } = context;
  const agent = store.ref(user);
  const at = now.toISOString();
  if (update.title !== undefined && update.title !== incident.title) {
    incident.title = update.title;
    incident.summary = `[#${incident.incident_number}] ${update.title}`;
    incident.updated_at = at;
  }
  if (update.urgency !== undefined && update.urgency !== incident.urgency) {
    incident.urgency = update.urgency;
    incident.updated_at = at;
  }
  if (resolved.priority !== undefined) setIncidentPriority(store, incident, resolved.priority, agent, now);
  if (resolved.policy && !resolved.assignees && update.escalationLevel === undefined)
    changeEscalationPolicy(store, incident, resolved.policy, agent, now);
  else if (resolved.policy) incident.escalation_policy = store.ref(resolved.policy);
  if (update.escalationLevel !== undefined) escalateIncident(store, incident, update.escalationLevel, agent, now);
  if (resolved.assignees) reassignIncident(store, incident, resolved.assignees, agent, now);
  if (update.status !== undefined) changeStatus(store, incident, update.status, agent, now);
  return incident;
}

/** Checks every update before applying any, so a request changes all or nothing. */
function checkAll(
  context: RestContext,
  updates: readonly IncidentUpdate[],
  label: (index: number) => string,
): { incidents: Incident[]; resolved: ResolvedUpdate[] } {
  const incidents = updates.map((update) => context.store.incidents.get(update.id));
  const missing = updates
    .filter((_, index) => incidents[index] === undefined)
    .map((update) => `Incident ${update.id} not found`);
  if (missing.length > 0) fail(restError(404, 'Not Found', ERROR_CODES.notFound, missing));
  const found = incidents as Incident[];
  const refused = updates
    .map((update, index) => (update.status ? statusChangeError(found[index], update.status) : undefined))
    .filter((error): error is string => error !== undefined);
  if (refused.length > 0) fail(restError(400, 'Arguments Caused Error', ERROR_CODES.argumentsCausedError, refused));
  const references = updates.map((update, index) =>
    resolveReferences(context.store, found[index], update, label(index)),
  );
  const unresolved = references.flatMap((reference) => reference.errors);
  if (unresolved.length > 0) fail(invalidInput(...unresolved));
  return { incidents: found, resolved: references.map((reference) => reference.resolved) };
}

function updateMany(context: RestContext): Reply {
  const user = actingUser(context.store, context.identity, context.from);
  const items = isPlainObject(context.body) ? context.body.incidents : undefined;
  if (!Array.isArray(items) || items.length === 0) {
    fail(invalidInput('The request body must be a JSON object with the key "incidents" holding a non-empty list'));
  }
  if (items.length > MAX_INCIDENTS_PER_UPDATE)
    fail(invalidInput(`At most ${MAX_INCIDENTS_PER_UPDATE} incidents may be updated at a time`));
  const outcomes = items.map((item: unknown, index) => parseIncidentUpdate(item, `incidents[${index}]`));
  const errors = outcomes.flatMap((outcome) => (outcome.ok ? [] : outcome.errors));
  if (errors.length > 0) fail(invalidInput(...errors));
  const updates = outcomes.map((outcome) => (outcome.ok ? outcome.update : fail(invalidInput())));
  const { incidents, resolved } = checkAll(context, updates, (index) => `incidents[${index}]`);
  return ok({
    incidents: updates.map((update, index) => apply(context, incidents[index], update, resolved[index], user)),
  });
}

function updateOne(context: RestContext): Reply {
  const user = actingUser(context.store, context.identity, context.from);
  found(context.store.incidents.get(context.params.id), `Incident ${context.params.id}`);
  const outcome = parseIncidentUpdate(unwrapObject(context.body, 'incident'), 'incident', context.params.id);
  if (!outcome.ok) fail(invalidInput(...outcome.errors));
  const { incidents, resolved } = checkAll(context, [outcome.update], () => 'incident');
  return ok({ incident: apply(context, incidents[0], outcome.update, resolved[0], user) });
}

function create(context: RestContext): Reply {
  const { store } = context;
  const user = actingUser(store, context.identity, context.from);
  const fields = unwrapObject(context.body, 'incident');
  const errors: string[] = [];
  if (fields.type !== 'incident') errors.push('incident.type must be incident');
  if (typeof fields.title !== 'string' || fields.title.trim() === '')
    errors.push('incident.title must be a non-empty string');
  const serviceId = isPlainObject(fields.service) ? fields.service.id : undefined;
  const service = typeof serviceId === 'string' ? store.services.get(serviceId) : undefined;
  if (!service) errors.push('incident.service must reference an existing service');
  if (fields.urgency !== undefined && fields.urgency !== 'high' && fields.urgency !== 'low')
    errors.push('incident.urgency must be high or low');
  if (fields.incident_key !== undefined && typeof fields.incident_key !== 'string')
    errors.push('incident.incident_key must be a string');
  if (errors.length > 0 || !service) fail(invalidInput(...errors));
  const maintenance = maintenanceOf(store, service.id, context.now);
  // "No new incidents will be created for a service that is in maintenance" (POST /maintenance_windows).
  if (maintenance)
    fail(
      restError(400, 'Arguments Caused Error', ERROR_CODES.argumentsCausedError, [
        `Service ${service.id} is in maintenance window ${maintenance.id} until ${maintenance.end_time}`,
      ]),
    );
  const key =
    typeof fields.incident_key === 'string' && fields.incident_key !== ''
      ? fields.incident_key
      : randomHex32(store.random);
  const open = store.incidents
    .all()
    .find(
      (incident) =>
        incident.service.id === service.id && incident.incident_key === key && incident.status !== 'resolved',
    );
  if (open)
    fail(
      restError(400, 'Arguments Caused Error', ERROR_CODES.argumentsCausedError, [
        `Open incident with key ${key} already exists`,
      ]),
    );
  const details =
    isPlainObject(fields.body) && typeof fields.body.details === 'string' ? fields.body.details : undefined;
  const incident = createIncident(store, {
    service,
    title: fields.title as string,
    description: details,
    incidentKey: key,
    urgency: fields.urgency as 'high' | 'low' | undefined,
    at: context.now,
    agent: store.ref(user),
    channel: 'api',
  });
  return ok({ incident }, 201);
}

function createNote(context: RestContext): Reply {
  const { store } = context;
  const user = actingUser(store, context.identity, context.from);
  const incident = found(store.incidents.get(context.params.id), `Incident ${context.params.id}`);
  const content = unwrapObject(context.body, 'note').content;
  if (typeof content !== 'string' || content.trim() === '')
    fail(invalidInput('note.content must be a non-empty string'));
  const entry = addNote(store, incident, user, content, context.now);
  // 200, not 201: the description declares only 200 for this create.
  return ok({ note: { id: entry.id, user: entry.agent, content, created_at: entry.created_at } });
}

const createdAt = (incident: Incident): string => incident.created_at;

/** Whether the filters are a time window and nothing else. */
function onlyTimeWindow(filter: ReturnType<typeof incidentFilter>): boolean {
  return (
    filter.statuses.length === 0 &&
    filter.serviceIds.length === 0 &&
    filter.urgencies.length === 0 &&
    filter.teamIds.length === 0 &&
    filter.userIds.length === 0 &&
    filter.incidentKey === null
  );
}

/** The routes of incidents. */
export const incidentRoutes: readonly Route[] = [
  {
    method: 'GET',
    pattern: '/incidents',
    handler: ({ store, query }) => {
      const filter = incidentFilter(query);
      const order = incidentSortKeys(query, store.abilities);
      const view = expanderFor(store, query, INCIDENT_INCLUDES);
      // A time window (iterHistory's) is searched, not scanned: thousands of incidents stay cheap to page.
      const bounded =
        (filter.since === undefined || filter.sinceIso !== undefined) &&
        (filter.until === undefined || filter.untilIso !== undefined);
      const inRange = bounded
        ? itemsInTimeRange(store.incidents.all(), createdAt, filter.sinceIso, filter.untilIso)
        : undefined;
      if (inRange && onlyTimeWindow(filter))
        return classicList('incidents', sortIncidents(inRange, order), query, view);
      const matching = (inRange ?? store.incidents.all()).filter((incident) => matchesIncident(incident, filter));
      return classicList('incidents', sortIncidents(matching, order), query, view);
    },
  },
  { method: 'POST', pattern: '/incidents', handler: create },
  { method: 'PUT', pattern: '/incidents', handler: updateMany },
  {
    method: 'GET',
    pattern: '/incidents/{id}',
    handler: ({ store, params, query }) =>
      ok({
        incident: expanderFor(
          store,
          query,
          INCIDENT_INCLUDES,
        )(found(store.incidents.get(params.id), `Incident ${params.id}`)),
      }),
  },
  { method: 'PUT', pattern: '/incidents/{id}', handler: updateOne },
  {
    method: 'GET',
    pattern: '/incidents/{id}/notes',
    handler: ({ store, params }) => {
      found(store.incidents.get(params.id), `Incident ${params.id}`);
      return ok({ notes: notesOf(store, params.id) });
    },
  },
  { method: 'POST', pattern: '/incidents/{id}/notes', handler: createNote },
  {
    method: 'GET',
    pattern: '/incidents/{id}/log_entries',
    handler: ({ store, params, query }) => {
      if (!store.incidents.get(params.id)) fail(notFound(`Incident ${params.id}`));
      const filter = logEntryFilter(query);
      const expanded = expanderFor(store, query, LOG_ENTRY_INCLUDES);
      const entries = store.logEntries
        .all()
        .filter((entry) => entry.incident.id === params.id && matchesLogEntry(entry, filter));
      return classicList('log_entries', entries, query, expanded);
    },
  },
];
