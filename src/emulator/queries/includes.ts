/**
 * `include[]`: the references a list or get answer expands into the full resources, per
 * the names the description's `include[]` parameter of each operation lists. Each table
 * says, per name, what replaces what; names the emulator keeps nothing for
 * (`subdomains`, `conference_bridge`, ...) are accepted and change nothing; any other name
 * is a 400, as the service refuses a value outside the parameter's enum.
 *
 * @module
 */
import { fail, invalidInput } from '../server/replies.js';
import { listParam } from './query-params.js';
import type { EmulatorStore } from '../store/store.js';
import type { EscalationPolicy, Incident, LogEntry, Reference, Service, User } from '../store/resources.js';
import { contactMethodsOf, notificationRulesOf } from '../store/notifications.js';

/** What one include name adds to an item: the fields it replaces. */
type Expansion<T> = (store: EmulatorStore, item: T) => Record<string, unknown>;

/** The include names of one resource: the expansion of each, or `null` for one accepted but not modelled. */
export type IncludeTable<T> = Readonly<Record<string, Expansion<T> | null>>;

function full<T>(references: readonly Reference[], lookup: (id: string) => T | undefined): (T | Reference)[] {
  return references.map((reference) => lookup(reference.id) ?? reference);
}

/** `include[]` of `GET /services` and `GET /services/{id}` (`include_services`, `include_services_id`). */
export const SERVICE_INCLUDES: IncludeTable<Service> = {
  escalation_policies: (store, service) => ({
    escalation_policy: store.escalationPolicies.get(service.escalation_policy.id) ?? service.escalation_policy,
  }),
  teams: (store, service) => ({ teams: full(service.teams, (id) => store.teams.get(id)) }),
  integrations: (store, service) => ({ integrations: full(service.integrations, (id) => store.integrations.get(id)) }),
  auto_pause_notifications_parameters: null,
};

/** `include[]` of `GET /users` and `GET /users/{id}` (`include_user`, `include_user_detail`). */
export const USER_INCLUDES: IncludeTable<User> = {
  contact_methods: (store, user) => ({ contact_methods: contactMethodsOf(store, user.id) }),
  notification_rules: (store, user) => ({ notification_rules: notificationRulesOf(store, user.id) }),
  teams: (store, user) => ({ teams: full(user.teams, (id) => store.teams.get(id)) }),
  subdomains: null,
  calendar_urls: null,
};

/** `include[]` of `GET /incidents` and `GET /incidents/{id}` (`include_incidents`, `include_incident`). */
export const INCIDENT_INCLUDES: IncludeTable<Incident> = {
  assignees: (store, incident) => ({
    assignments: incident.assignments.map((assignment) => ({
      ...assignment,
      assignee: store.users.get(assignment.assignee.id) ?? assignment.assignee,
    })),
  }),
  acknowledgers: (store, incident) => ({
    acknowledgements: incident.acknowledgements.map((acknowledgement) => ({
      ...acknowledgement,
      acknowledger:
        store.users.get(acknowledgement.acknowledger.id) ??
        store.services.get(acknowledgement.acknowledger.id) ??
        acknowledgement.acknowledger,
    })),
  }),
  users: (store, incident) => ({
    ...INCIDENT_INCLUDES.assignees!(store, incident),
    ...INCIDENT_INCLUDES.acknowledgers!(store, incident),
  }),
  agents: (store, incident) => ({
    last_status_change_by:
      store.users.get(incident.last_status_change_by.id) ??
      store.services.get(incident.last_status_change_by.id) ??
      incident.last_status_change_by,
  }),
  services: (store, incident) => ({ service: store.services.get(incident.service.id) ?? incident.service }),
  escalation_policies: (store, incident) => ({
    escalation_policy: store.escalationPolicies.get(incident.escalation_policy.id) ?? incident.escalation_policy,
  }),
  teams: (store, incident) => ({ teams: full(incident.teams, (id) => store.teams.get(id)) }),
  priorities: (store, incident) =>
    incident.priority ? { priority: store.priorities.get(incident.priority.id) ?? incident.priority } : {},
  first_trigger_log_entries: (store, incident) => {
    const first = store.logEntries
      .all()
      .find((entry) => entry.incident.id === incident.id && entry.type === 'trigger_log_entry');
    return first ? { first_trigger_log_entry: first } : {};
  },
  conference_bridge: null,
  custom_fields: null,
};

/** `include[]` of `GET /escalation_policies` and `GET /escalation_policies/{id}` (`listEscalationPolicies`). */
export const ESCALATION_POLICY_INCLUDES: IncludeTable<EscalationPolicy & { services?: Reference[] }> = {
  services: (store, policy) => ({ services: full(policy.services ?? [], (id) => store.services.get(id)) }),
  teams: (store, policy) => ({ teams: full(policy.teams, (id) => store.teams.get(id)) }),
  // A rule's targets are users and schedules.
  targets: (store, policy) => ({
    escalation_rules: policy.escalation_rules.map((rule) => ({
      ...rule,
      targets: full(rule.targets, (id) => store.users.get(id) ?? store.schedules.get(id)),
    })),
  }),
  escalation_rule_assignment_strategies: null,
};

/**
 * `include[]` of `GET /schedules` (`listSchedules`): the emulator always serves a schedule with its layers and
 * subschedules, so the names are checked and change nothing.
 */
export const SCHEDULE_INCLUDES: IncludeTable<object> = {
  schedule_layers: null,
  overrides_subschedule: null,
  final_schedule: null,
};

/** `include[]` of `GET /log_entries`, `/log_entries/{id}` and `/incidents/{id}/log_entries` (`listLogEntries`). */
export const LOG_ENTRY_INCLUDES: IncludeTable<LogEntry> = {
  incidents: (store, entry) => ({ incident: store.incidents.get(entry.incident.id) ?? entry.incident }),
  services: (store, entry) => ({ service: store.services.get(entry.service.id) ?? entry.service }),
  teams: (store, entry) => ({ teams: full(entry.teams, (id) => store.teams.get(id)) }),
  // The channel is always served whole.
  channels: null,
};

/**
 * The include names asked for, checked against the table.
 *
 * @throws ReplyError 400 for a name the operation does not list
 */
export function includesOf<T>(query: URLSearchParams, table: IncludeTable<T>): string[] {
  const asked = listParam(query, 'include');
  const unknown = asked.filter((name) => !Object.hasOwn(table, name));
  if (unknown.length > 0)
    fail(invalidInput(`include[] must be among ${Object.keys(table).join(', ')}; not ${unknown.join(', ')}`));
  return asked;
}

/** The item with what `names` expand (the item itself, uncopied, when nothing is asked for). */
export function expand<T extends object>(
  store: EmulatorStore,
  item: T,
  names: readonly string[],
  table: IncludeTable<T>,
): T {
  if (names.length === 0) return item;
  let result: Record<string, unknown> = { ...(item as Record<string, unknown>) };
  for (const name of names) {
    const expansion = table[name];
    if (expansion) result = { ...result, ...expansion(store, item) };
  }
  return result as T;
}

/** A function expanding each item by the query's `include[]` (checked once, before any item). */
export function expanderFor<T extends object>(
  store: EmulatorStore,
  query: URLSearchParams,
  table: IncludeTable<T>,
): (item: T) => T {
  const names = includesOf(query, table);
  return (item) => expand(store, item, names, table);
}
