/**
 * Notify log entries on a store without a server: an assignee's notification rules for the
 * incident's urgency fire after their `start_delay_in_minutes` on the emulator's clock, each a
 * `notify_log_entry` naming the user and `channel.notification`; acknowledging stops the rest,
 * and an escalation notifies the new level's users (the description's `NotifyLogEntry`;
 * https://support.pagerduty.com/main/docs/notification-rules).
 */
import { describe, expect, it } from '@jest/globals';
import { runDueTimers } from '../../../src/emulator/store/clock-driven.js';
import { changeStatus, createIncident } from '../../../src/emulator/store/incident-lifecycle.js';
import type { ContactMethod, NotificationRule, User } from '../../../src/emulator/store/resources.js';
import type { EmulatorStore } from '../../../src/emulator/store/store.js';
import { FIXED_NOW, seededStore } from '../seeded-store.js';

const minutes = (count: number) => new Date(FIXED_NOW.getTime() + count * 60_000);

function giveRules(store: EmulatorStore, user: User, rules: [number, 'high' | 'low', 'email' | 'sms'][]): void {
  const methods: ContactMethod[] = [
    {
      id: `E${user.id}`,
      type: 'email_contact_method',
      summary: 'Work',
      self: '',
      html_url: '',
      label: 'Work',
      address: user.email,
    },
    {
      id: `S${user.id}`,
      type: 'sms_contact_method',
      summary: 'Mobile',
      self: '',
      html_url: '',
      label: 'Mobile',
      address: '5550100',
      country_code: 1,
    },
  ];
  store.contactMethods.set(user.id, methods);
  store.notificationRules.set(
    user.id,
    rules.map(([delay, urgency, kind], index): NotificationRule => {
      const method = methods[kind === 'email' ? 0 : 1]!;
      return {
        id: `N${index}${user.id}`,
        type: 'assignment_notification_rule',
        summary: '',
        self: '',
        html_url: '',
        start_delay_in_minutes: delay,
        urgency,
        contact_method: store.ref(method),
      };
    }),
  );
}

function setUp(urgency: 'high' | 'low' = 'high') {
  const { store } = seededStore({ seedIncidents: 0, seedUsers: 2 });
  const [first, second] = store.users.all() as [User, User];
  const service = store.services.all()[0]!;
  const policy = store.escalationPolicies.get(service.escalation_policy.id)!;
  policy.num_loops = 0;
  policy.escalation_rules = [first, second].map((user, index) => ({
    id: `PRULE0${index}`,
    escalation_delay_in_minutes: 30,
    targets: [{ ...store.ref(user), type: 'user_reference' as const }],
  }));
  giveRules(store, first, [
    [0, 'high', 'email'],
    [5, 'high', 'sms'],
    [0, 'low', 'email'],
  ]);
  giveRules(store, second, [[0, 'high', 'sms']]);
  const incident = createIncident(store, {
    service,
    title: 'Disk',
    incidentKey: 'k',
    urgency,
    at: FIXED_NOW,
    agent: store.ref(service),
    channel: 'api',
  });
  const notified = () =>
    store.logEntries
      .all()
      .filter((entry) => entry.type === 'notify_log_entry')
      .map((entry) => ({
        at: entry.created_at,
        user: entry.user?.id,
        type: entry.channel.notification?.type,
        address: entry.channel.notification?.address,
      }));
  return { store, incident, first, second, notified };
}

describe('notify log entries', () => {
  it('notifies at once by the rules without delay, and the delayed ones when the clock gets there', () => {
    const { store, first, notified } = setUp();
    expect(notified()).toEqual([
      { at: FIXED_NOW.toISOString(), user: first.id, type: 'email_notification', address: first.email },
    ]);
    runDueTimers(store, minutes(4));
    expect(notified()).toHaveLength(1);
    runDueTimers(store, minutes(5));
    expect(notified()[1]).toEqual({
      at: minutes(5).toISOString(),
      user: first.id,
      type: 'sms_notification',
      address: '5550100',
    });
  });

  it('uses the rules of the incident’s urgency only', () => {
    const { first, notified } = setUp('low');
    expect(notified()).toEqual([
      { at: FIXED_NOW.toISOString(), user: first.id, type: 'email_notification', address: first.email },
    ]);
  });

  it('stops notifying once acknowledged', () => {
    const { store, incident, first, notified } = setUp();
    changeStatus(store, incident, 'acknowledged', store.ref(first), minutes(1));
    runDueTimers(store, minutes(60));
    expect(notified()).toHaveLength(1);
  });

  it('notifies the next level’s users when it escalates, and no longer the previous level’s', () => {
    const { store, second, notified } = setUp();
    runDueTimers(store, minutes(30));
    expect(notified().slice(2)).toEqual([
      { at: minutes(30).toISOString(), user: second.id, type: 'sms_notification', address: '5550100' },
    ]);
  });
});
