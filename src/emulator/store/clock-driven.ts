/**
 * Carries out the timers (`incident-timers.ts`) the emulator's clock has passed, earliest
 * first, each at its own time: an unacknowledged incident escalates to the next step of its
 * policy (an `escalate_log_entry` by timeout and the `incident.escalated` webhook; see
 * `assignment-effects.ts` for the sources), and a notification rule still due for an assignee
 * writes its `notify_log_entry`. An escalation sets the next timers, so one advance of the
 * clock over several delays escalates several times, as the service would have meanwhile.
 *
 * @module
 */
import { nextEscalationStep } from './assignment-effects.js';
import { escalateIncident } from './incident-assignment.js';
import { notificationRulesOf, notify } from './notifications.js';
import type { EscalationTimer, NotificationTimer } from './incident-timers.js';
import type { EmulatorStore } from './store.js';

function escalate(store: EmulatorStore, timer: EscalationTimer): void {
  const incident = store.incidents.get(timer.incidentId);
  if (!incident || incident.status !== 'triggered') return;
  if ((store.escalationLevels.get(incident.id) ?? 1) !== timer.level) return;
  const policy = store.escalationPolicies.get(incident.escalation_policy.id);
  const next = policy && nextEscalationStep(policy, timer);
  if (!next) return;
  escalateIncident(store, incident, next.level, incident.service, new Date(timer.at), {
    channel: 'timeout',
    loop: next.loop,
  });
}

function notifyDue(store: EmulatorStore, timer: NotificationTimer): void {
  const incident = store.incidents.get(timer.incidentId);
  if (!incident || incident.status !== 'triggered') return;
  if (!incident.assignments.some((assignment) => assignment.assignee.id === timer.userId)) return;
  const user = store.users.get(timer.userId);
  const rule = notificationRulesOf(store, timer.userId).find((candidate) => candidate.id === timer.ruleId);
  if (user && rule) notify(store, incident, user, rule, new Date(timer.at));
}

/** Carries out every timer due by `now`; returns how many fired. Cheap when none is due. */
export function runDueTimers(store: EmulatorStore, now: Date = store.now()): number {
  let fired = 0;
  const until = now.getTime();
  for (let timer = store.timers.takeDue(until); timer; timer = store.timers.takeDue(until)) {
    if (timer.kind === 'escalate') escalate(store, timer);
    else notifyDue(store, timer);
    fired += 1;
  }
  return fired;
}
