/**
 * What follows an assignment: the assignees are notified (`notifications.ts`), and the
 * escalation timer of the level the incident is at is set. "If the incident is not
 * acknowledged within the escalation timeout, then it will be escalated to the on-call
 * schedules or users in Escalation Rule 2, and so on down the line", and a policy "set up to
 * repeat 9 times" starts over from its first rule after its last
 * (https://support.pagerduty.com/docs/escalation-policies; `num_loops` of the description:
 * "The number of times the escalation policy will repeat after reaching the end of its
 * escalation"). Reassigned to a user, "The incident's escalation policy will no longer be
 * used" (https://support.pagerduty.com/docs/reassigning-and-delegating-incidents): no timer.
 *
 * Decision: only high-urgency incidents escalate (low urgency ones notify by their rules but
 * do not escalate, as PagerDuty's urgency settings describe, and cannot be reassigned to a
 * level: same page).
 *
 * @module
 */
import { notifyAssignees } from './notifications.js';
import type { EscalationPolicy, Incident, User } from './resources.js';
import type { EmulatorStore } from './store.js';

/** Where an incident is on its policy: the level (1-based) and how many times the policy was repeated. */
export interface EscalationStep {
  /** The level, 1-based. */
  level: number;
  /** The repeats done so far (0 on the first pass). */
  loop: number;
}

/**
 * The step after `step` when its level's delay runs out: the next level, else the first one
 * again while `num_loops` allows, else none (the incident stays where it is).
 */
export function nextEscalationStep(policy: EscalationPolicy, step: EscalationStep): EscalationStep | undefined {
  if (step.level < policy.escalation_rules.length) return { level: step.level + 1, loop: step.loop };
  if (step.loop < policy.num_loops) return { level: 1, loop: step.loop + 1 };
  return undefined;
}

/**
 * After `users` were assigned `incident` at `at`: notifies them and, when the incident is on
 * its policy at `step`, sets the timer of that level (cancelling the incident's earlier one).
 */
export function assigned(
  store: EmulatorStore,
  incident: Incident,
  users: readonly User[],
  at: Date,
  step: EscalationStep | undefined,
): void {
  store.timers.cancel(incident.id, 'escalate');
  notifyAssignees(store, incident, users, at);
  if (!step || incident.urgency !== 'high') return;
  const policy = store.escalationPolicies.get(incident.escalation_policy.id);
  const rule = policy?.escalation_rules[step.level - 1];
  if (!policy || !rule || !nextEscalationStep(policy, step)) return;
  store.timers.add({
    kind: 'escalate',
    at: at.getTime() + rule.escalation_delay_in_minutes * 60_000,
    incidentId: incident.id,
    level: step.level,
    loop: step.loop,
  });
}
