/**
 * What happens to incidents: creation (with assignment and a trigger log entry), status
 * changes (with acknowledge/resolve log entries) and notes. Used by the REST handlers, the
 * Events API handler and the seeder alike, so every path leaves the same traces.
 *
 * @module
 */
import type { EmulatorStore } from './store.js';
import type { Alert, Incident, IncidentStatus, LogEntry, Reference, Service, User } from './resources.js';
import { incidentUnsetFields } from './unmodelled-fields.js';
import { onCallAt } from './schedule-model.js';
import { logEntry } from './log-entry-writing.js';
import { assigned } from './assignment-effects.js';
import { ruleUrgency } from './urgency-rule.js';

export { logEntry } from './log-entry-writing.js';

/** What a new incident is made of. */
export interface NewIncident {
  /** A known id (already reserved); a fresh one when absent. */
  id?: string;
  /** The service it opens on. */
  service: Service;
  /** The title (also the summary after `[#n]`). */
  title: string;
  /** A description; defaults to the title. */
  description?: string;
  /** The deduplication key. */
  incidentKey: string;
  /** `high` or `low`. @default the service's `incident_urgency_rule`'s */
  urgency?: 'high' | 'low';
  /** When it was created. */
  at: Date;
  /** Who created it: the service (Events API) or a user (REST). */
  agent: Reference;
  /** The log entry channel type (`api`, `web_trigger`, ...). */
  channel: string;
  /** The alert's severity. @default 'critical' */
  severity?: Alert['severity'];
  /** The alert's details (an event's `payload.custom_details`). @default {} */
  details?: Record<string, unknown>;
}

/**
 * The user an incident on `service` opened at `at` is assigned to: the first target of its
 * policy's first rule, or for a schedule whoever its final schedule has on call then: an
 * incident is first assigned to who is on call at the first level of the service's
 * escalation policy (https://support.pagerduty.com/main/docs/escalation-policies).
 */
export function firstResponder(store: EmulatorStore, service: Service, at: Date = store.now()): User | undefined {
  const policy = store.escalationPolicies.get(service.escalation_policy.id);
  const target = policy?.escalation_rules[0]?.targets[0];
  if (!target) return undefined;
  if (target.type === 'user_reference') return store.users.get(target.id);
  const schedule = store.schedules.get(target.id);
  const onCall = schedule ? onCallAt(store, schedule, at.getTime()) : undefined;
  return onCall ? store.users.get(onCall.id) : undefined;
}

/** Opens an incident, assigns it, and writes its trigger log entry. */
export function createIncident(store: EmulatorStore, spec: NewIncident): Incident {
  const at = spec.at.toISOString();
  const number = store.nextIncidentNumber();
  const id = spec.id ?? store.ids.next();
  const responder = firstResponder(store, spec.service, spec.at);
  const incident: Incident = {
    id,
    type: 'incident',
    summary: `[#${number}] ${spec.title}`,
    ...store.urls('incidents', id),
    incident_number: number,
    title: spec.title,
    description: spec.description ?? spec.title,
    created_at: at,
    updated_at: at,
    status: 'triggered',
    incident_key: spec.incidentKey,
    service: store.ref(spec.service),
    assignments: responder ? [{ at, assignee: store.ref(responder) }] : [],
    acknowledgements: [],
    last_status_change_at: at,
    last_status_change_by: spec.agent,
    escalation_policy: spec.service.escalation_policy,
    teams: [...spec.service.teams],
    // Unless its creator names one, the service's urgency rule decides (see urgency-rule.ts).
    urgency:
      spec.urgency ??
      ruleUrgency(spec.service.incident_urgency_rule, spec.service.support_hours, spec.at.getTime(), spec.severity),
    resolved_at: null,
    alert_counts: { all: 1, triggered: 1, resolved: 0 },
    ...incidentUnsetFields(),
  };
  store.incidents.add(incident);
  store.escalationLevels.set(id, 1);
  // The alert's id is derived from the incident's, so that opening an incident draws no more
  // ids than it did before alerts were kept (seeded data keeps its ids).
  const alertId = alertIdOf(id);
  store.alerts.add({
    id: alertId,
    type: 'alert',
    summary: spec.title,
    ...store.urls(`incidents/${id}/alerts`, alertId),
    created_at: at,
    status: 'triggered',
    alert_key: spec.incidentKey,
    service: store.ref(spec.service),
    incident: store.ref(incident),
    suppressed: false,
    severity: spec.severity ?? 'critical',
    body: { type: 'alert_body', contexts: [], details: spec.details ?? {} },
  });
  logEntry(store, incident, 'trigger_log_entry', spec.agent, spec.at, { type: spec.channel });
  assigned(store, incident, responder ? [responder] : [], spec.at, { level: 1, loop: 0 });
  store.announce({ kind: 'incident', type: 'incident.triggered', incident, agent: spec.agent, at: spec.at });
  return incident;
}

/** The states a status update may ask for. */
export type TargetStatus = Exclude<IncidentStatus, 'triggered'>;

/**
 * Why an incident cannot move to `target`, or `undefined` when it can. A resolved
 * incident cannot be acknowledged; resolving it again is accepted and changes nothing.
 */
export function statusChangeError(incident: Incident, target: TargetStatus): string | undefined {
  if (incident.status === 'resolved' && target === 'acknowledged') {
    return `Incident ${incident.id} is already resolved and cannot be acknowledged.`;
  }
  return undefined;
}

/**
 * Moves an incident to `target` (after {@link statusChangeError} said it may) and writes
 * the log entry. Returns the incident.
 */
export function changeStatus(
  store: EmulatorStore,
  incident: Incident,
  target: TargetStatus,
  agent: Reference,
  at: Date,
  channel = 'api',
): Incident {
  if (incident.status === 'resolved') return incident;
  // Acknowledged or resolved, it neither escalates nor notifies further (see assignment-effects.ts).
  store.timers.cancel(incident.id);
  const iso = at.toISOString();
  if (target === 'acknowledged') {
    incident.acknowledgements = [...incident.acknowledgements, { at: iso, acknowledger: agent }];
  } else {
    incident.resolved_at = iso;
    incident.assignments = [];
    incident.acknowledgements = [];
    incident.alert_counts = { all: incident.alert_counts.all, triggered: 0, resolved: incident.alert_counts.all };
    for (const alert of alertsOf(store, incident.id)) alert.status = 'resolved';
    store.escalationLevels.delete(incident.id);
  }
  incident.status = target;
  incident.updated_at = iso;
  incident.last_status_change_at = iso;
  incident.last_status_change_by = agent;
  const type = target === 'acknowledged' ? 'acknowledge_log_entry' : 'resolve_log_entry';
  logEntry(store, incident, type, agent, at, { type: channel });
  store.announce({
    kind: 'incident',
    type: target === 'acknowledged' ? 'incident.acknowledged' : 'incident.resolved',
    incident,
    agent,
    at,
  });
  return incident;
}

/** The id of an incident's alert: derived from the incident's (see {@link createIncident}). */
export function alertIdOf(incidentId: string): string {
  return `A${incidentId.slice(1)}`;
}

/** The alerts of an incident (its one alert: each dedup key has one), found by id, not by a scan. */
export function alertsOf(store: EmulatorStore, incidentId: string): Alert[] {
  const alert = store.alerts.get(alertIdOf(incidentId));
  return alert && alert.incident.id === incidentId ? [alert] : [];
}

/** Adds a note: an `annotate_log_entry` whose `channel.summary` is the note's text. */
export function addNote(store: EmulatorStore, incident: Incident, user: User, content: string, at: Date): LogEntry {
  incident.updated_at = at.toISOString();
  const entry = logEntry(store, incident, 'annotate_log_entry', store.ref(user), at, {
    type: 'note',
    summary: content,
  });
  store.announce({
    kind: 'incident',
    type: 'incident.annotated',
    incident,
    agent: entry.agent,
    at,
    note: { id: entry.id, content },
  });
  return entry;
}

/** The notes of an incident, in the shape `GET /incidents/{id}/notes` answers with. */
export function notesOf(
  store: EmulatorStore,
  incidentId: string,
): { id: string; user: Reference; content: string; created_at: string }[] {
  return store.logEntries
    .all()
    .filter((entry) => entry.type === 'annotate_log_entry' && entry.incident.id === incidentId)
    .map((entry) => ({
      id: entry.id,
      user: entry.agent,
      content: entry.channel.summary ?? '',
      created_at: entry.created_at,
    }));
}
