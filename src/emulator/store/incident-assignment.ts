/**
 * Who an incident is assigned to, and how that changes: reassignment to named users,
 * escalation to a level of its escalation policy, a new escalation policy, and its
 * priority. Each change writes its log entry (`assign_log_entry`, `escalate_log_entry`) and
 * announces its V3 webhook event (`incident.reassigned`, `incident.escalated`,
 * `incident.priority_updated`: event types of PagerDuty's V3 webhooks; log entry types
 * `AssignLogEntry` and `EscalateLogEntry` of the REST description, with `assignees`).
 *
 * Decision (the reference does not say it): a reassigned or escalated incident that was
 * acknowledged is triggered again for its new assignees (its acknowledgements end), so that
 * they are paged, as the web app shows it.
 *
 * @module
 */
import { assigned, type EscalationStep } from './assignment-effects.js';
import { logEntry } from './log-entry-writing.js';
import type { EscalationPolicy, Incident, Priority, Reference, User } from './resources.js';
import { onCallAt } from './schedule-model.js';
import type { EmulatorStore } from './store.js';

/**
 * The users on call at `level` (1-based) of a policy at `at`: the users its rule targets,
 * and whoever the final schedule of each schedule it targets has on call then.
 */
export function levelResponders(store: EmulatorStore, policy: EscalationPolicy, level: number, at: Date): User[] {
  const rule = policy.escalation_rules[level - 1];
  const users = new Map<string, User>();
  for (const target of rule?.targets ?? []) {
    const schedule = target.type === 'schedule_reference' ? store.schedules.get(target.id) : undefined;
    const ref = schedule
      ? onCallAt(store, schedule, at.getTime())
      : target.type === 'user_reference'
        ? target
        : undefined;
    const user = ref ? store.users.get(ref.id) : undefined;
    if (user) users.set(user.id, user);
  }
  return [...users.values()];
}

function assign(
  store: EmulatorStore,
  incident: Incident,
  users: readonly User[],
  agent: Reference,
  at: Date,
  kind: 'reassigned' | 'escalated',
  step: EscalationStep | undefined,
  channel = 'api',
): void {
  const iso = at.toISOString();
  const assignees = users.map((user) => store.ref(user));
  incident.assignments = assignees.map((assignee) => ({ at: iso, assignee }));
  if (incident.status === 'acknowledged') {
    incident.status = 'triggered';
    incident.acknowledgements = [];
    incident.last_status_change_at = iso;
    incident.last_status_change_by = agent;
  }
  incident.updated_at = iso;
  logEntry(
    store,
    incident,
    kind === 'reassigned' ? 'assign_log_entry' : 'escalate_log_entry',
    agent,
    at,
    { type: channel },
    assignees,
    channel === 'timeout' ? { summary: `Escalated to level ${step?.level ?? 1} by timeout` } : {},
  );
  assigned(store, incident, users, at, step);
  store.announce({ kind: 'incident', type: `incident.${kind}`, incident, agent, at });
}

/** Assigns the incident to these users. */
export function reassignIncident(
  store: EmulatorStore,
  incident: Incident,
  users: readonly User[],
  agent: Reference,
  at: Date,
): void {
  assign(store, incident, users, agent, at, 'reassigned', undefined);
}

/**
 * Escalates the incident to `level` (1-based) of its escalation policy, assigning that level's on-call
 * users: asked for (channel `api`), or when the previous level's delay ran out (channel `timeout`, the
 * description's `Channel` type for a service's automatic action; `loop` counts the policy's repeats).
 */
export function escalateIncident(
  store: EmulatorStore,
  incident: Incident,
  level: number,
  agent: Reference,
  at: Date,
  how: { channel: 'api' | 'timeout'; loop: number } = { channel: 'api', loop: 0 },
): void {
  const policy = store.escalationPolicies.get(incident.escalation_policy.id);
  store.escalationLevels.set(incident.id, level);
  const users = policy ? levelResponders(store, policy, level, at) : [];
  assign(store, incident, users, agent, at, 'escalated', { level, loop: how.loop }, how.channel);
}

/** Moves the incident to another escalation policy: assigned to its first level's on-call users. */
export function changeEscalationPolicy(
  store: EmulatorStore,
  incident: Incident,
  policy: EscalationPolicy,
  agent: Reference,
  at: Date,
): void {
  incident.escalation_policy = store.ref(policy);
  store.escalationLevels.set(incident.id, 1);
  assign(store, incident, levelResponders(store, policy, 1, at), agent, at, 'reassigned', { level: 1, loop: 0 });
}

/** Sets (or, with `null`, clears) the incident's priority. Returns whether it changed. */
export function setIncidentPriority(
  store: EmulatorStore,
  incident: Incident,
  priority: Priority | null,
  agent: Reference,
  at: Date,
): boolean {
  if ((incident.priority?.id ?? null) === (priority?.id ?? null)) return false;
  incident.priority = priority ? store.ref(priority) : null;
  incident.updated_at = at.toISOString();
  store.announce({ kind: 'incident', type: 'incident.priority_updated', incident, agent, at });
  return true;
}
