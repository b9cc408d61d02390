/**
 * Escalation over the emulator's clock, on a store without a server: an unacknowledged
 * incident moves to the next level of its policy after that level's
 * `escalation_delay_in_minutes`, starts over after the last while `num_loops` allows, and
 * stops once acknowledged, resolved or reassigned to a user ("If the incident is not
 * acknowledged within the escalation timeout, then it will be escalated to ... Escalation
 * Rule 2, and so on down the line": https://support.pagerduty.com/docs/escalation-policies;
 * "The incident's escalation policy will no longer be used" for a user:
 * https://support.pagerduty.com/docs/reassigning-and-delegating-incidents).
 */
import { describe, expect, it } from '@jest/globals';
import { runDueTimers } from '../../../src/emulator/store/clock-driven.js';
import { nextEscalationStep } from '../../../src/emulator/store/assignment-effects.js';
import { changeStatus, createIncident } from '../../../src/emulator/store/incident-lifecycle.js';
import { reassignIncident } from '../../../src/emulator/store/incident-assignment.js';
import type { EscalationPolicy } from '../../../src/emulator/store/resources.js';
import type { StoreChange } from '../../../src/emulator/store/store-changes.js';
import { FIXED_NOW, seededStore } from '../seeded-store.js';

const minutes = (count: number) => new Date(FIXED_NOW.getTime() + count * 60_000);

function twoLevels(numLoops: number, urgency: 'high' | 'low' = 'high') {
  const { store } = seededStore({ seedIncidents: 0, seedUsers: 3 });
  const [first, second, other] = store.users.all();
  const service = store.services.all()[0]!;
  const policy = store.escalationPolicies.get(service.escalation_policy.id)!;
  policy.num_loops = numLoops;
  policy.escalation_rules = [first!, second!].map((user, index) => ({
    id: `PRULE0${index}`,
    escalation_delay_in_minutes: 30,
    targets: [{ ...store.ref(user), type: 'user_reference' as const }],
  }));
  const changes: StoreChange[] = [];
  store.onChange((change) => changes.push(change));
  const incident = createIncident(store, {
    service,
    title: 'Disk',
    incidentKey: 'k',
    urgency,
    at: FIXED_NOW,
    agent: store.ref(service),
    channel: 'api',
  });
  const escalations = () =>
    store.logEntries
      .all()
      .filter((entry) => entry.type === 'escalate_log_entry')
      .map((entry) => ({
        at: entry.created_at,
        to: entry.assignees?.map((user) => user.id),
        channel: entry.channel.type,
      }));
  return { store, incident, first: first!, second: second!, other: other!, changes, escalations };
}

describe('escalation over the clock', () => {
  it('escalates to the next level only once the level’s delay has run out', () => {
    const { store, incident, first, second, changes, escalations } = twoLevels(0);
    expect(incident.assignments.map((assignment) => assignment.assignee.id)).toEqual([first.id]);
    expect(runDueTimers(store, minutes(29))).toBe(0);
    expect(escalations()).toEqual([]);
    runDueTimers(store, minutes(30));
    expect(incident.assignments.map((assignment) => assignment.assignee.id)).toEqual([second.id]);
    expect(escalations()).toEqual([{ at: minutes(30).toISOString(), to: [second.id], channel: 'timeout' }]);
    expect(changes.filter((change) => change.kind === 'incident').map((change) => change.type)).toEqual([
      'incident.triggered',
      'incident.escalated',
    ]);
    // Past the last level with no loops left, it stays there.
    runDueTimers(store, minutes(600));
    expect(escalations()).toHaveLength(1);
    expect(store.timers.size).toBe(0);
  });

  it('starts over from the first level per num_loops, each escalation at its own time', () => {
    const { store, first, second, escalations } = twoLevels(1);
    runDueTimers(store, minutes(1000));
    expect(escalations()).toEqual([
      { at: minutes(30).toISOString(), to: [second.id], channel: 'timeout' },
      { at: minutes(60).toISOString(), to: [first.id], channel: 'timeout' },
      { at: minutes(90).toISOString(), to: [second.id], channel: 'timeout' },
    ]);
  });

  it('does not escalate an acknowledged or resolved incident', () => {
    const acknowledged = twoLevels(3);
    changeStatus(
      acknowledged.store,
      acknowledged.incident,
      'acknowledged',
      acknowledged.store.ref(acknowledged.first),
      minutes(5),
    );
    runDueTimers(acknowledged.store, minutes(500));
    expect(acknowledged.escalations()).toEqual([]);
    const resolved = twoLevels(3);
    changeStatus(resolved.store, resolved.incident, 'resolved', resolved.store.ref(resolved.first), minutes(5));
    runDueTimers(resolved.store, minutes(500));
    expect(resolved.escalations()).toEqual([]);
  });

  it('stops using the policy once reassigned to a user', () => {
    const { store, incident, other, escalations } = twoLevels(3);
    reassignIncident(store, incident, [other], store.ref(other), minutes(10));
    runDueTimers(store, minutes(500));
    expect(escalations()).toEqual([]);
    expect(incident.assignments.map((assignment) => assignment.assignee.id)).toEqual([other.id]);
  });

  it('does not escalate a low-urgency incident', () => {
    const { store, escalations } = twoLevels(3, 'low');
    runDueTimers(store, minutes(500));
    expect(escalations()).toEqual([]);
  });

  it('leaves seeded incidents where the seed put them', () => {
    const { store } = seededStore({ seedIncidents: 12 });
    expect(store.timers.size).toBe(0);
  });

  it('knows the step after each: next level, first level again while loops remain, else none', () => {
    const policy = { num_loops: 1, escalation_rules: [{}, {}] } as unknown as EscalationPolicy;
    expect(nextEscalationStep(policy, { level: 1, loop: 0 })).toEqual({ level: 2, loop: 0 });
    expect(nextEscalationStep(policy, { level: 2, loop: 0 })).toEqual({ level: 1, loop: 1 });
    expect(nextEscalationStep(policy, { level: 2, loop: 1 })).toBeUndefined();
  });
});
