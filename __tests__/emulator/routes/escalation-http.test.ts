/**
 * Escalation and notifications over the emulator's clock, over raw HTTP and through the REST
 * client: a triggered incident escalates to the next level of its policy after the level's
 * `escalation_delay_in_minutes` when the clock is moved (programmatically or by
 * `POST /_emulator/clock`), with an `escalate_log_entry` by timeout and the `incident.escalated`
 * V3 webhook; the assignees' notification rules write `notify_log_entry` entries.
 * Sources: https://support.pagerduty.com/docs/escalation-policies (escalation timeout, repeats),
 * the description's `NotifyLogEntry`, `EscalateLogEntry` and `Channel` (`timeout`).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';
import { startReceiver, type WebhookReceiver } from '../webhook-receiver.js';

beforeAll(realSockets);

const NOW = new Date('2024-03-04T09:00:00Z');
let emulator: Emulator;
let client: RestApiV2Client;
let receiver: WebhookReceiver;
let key: string;
let users: { id: string; email: string }[];
let serviceId: string;

interface LogEntryItem {
  type: string;
  created_at: string;
  channel: { type: string; notification?: { type: string; address: string | null } };
  assignees?: { id: string }[];
  user?: { id: string };
}

beforeAll(async () => {
  emulator = await startEmulator({ seedUsers: 3, seedIncidents: 0, now: () => NOW, webhooks: { retrySchedule: [1] } });
  key = emulator.keys.account;
  users = emulator.state.users.all().map((user) => ({ id: user.id, email: user.email }));
  client = makeClient({ baseUrl: emulator.url, defaultFrom: users[0]!.email }, key);
  receiver = await startReceiver();
});
afterAll(async () => {
  client.close();
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  emulator.reset(); // the webhook subscription too: made again below
  await call(emulator, 'POST', '/webhook_subscriptions', {
    key,
    json: {
      webhook_subscription: {
        type: 'webhook_subscription',
        delivery_method: { type: 'http_delivery_method', url: receiver.url },
        events: ['incident.escalated'],
        filter: { type: 'account_reference' },
      },
    },
  });
  serviceId = emulator.state.services.all()[0]!.id;
  const policyId = emulator.state.services.all()[0]!.escalation_policy.id;
  // Two levels, 10 and 20 minutes, repeated once: set up through the client as a user would.
  await client.rput(`/escalation_policies/${policyId}`, {
    json: {
      type: 'escalation_policy',
      name: 'Two levels',
      num_loops: 1,
      escalation_rules: [
        { escalation_delay_in_minutes: 10, targets: [{ id: users[0]!.id, type: 'user_reference' }] },
        { escalation_delay_in_minutes: 20, targets: [{ id: users[1]!.id, type: 'user_reference' }] },
      ],
    },
  });
});

async function openIncident(): Promise<string> {
  const created = await call(emulator, 'POST', '/incidents', {
    key,
    headers: { From: users[0]!.email },
    json: { incident: { type: 'incident', title: 'Disk full', service: { id: serviceId, type: 'service_reference' } } },
  });
  expect(created.status).toBe(201);
  return (created.body as { incident: { id: string } }).incident.id;
}

const logOf = (id: string) => client.listAll<LogEntryItem>(`/incidents/${id}/log_entries`);

describe('escalation over the clock, over HTTP', () => {
  it('escalates after the delay when the admin surface moves the clock, with a log entry and a webhook', async () => {
    const id = await openIncident();
    let moved = await call(emulator, 'POST', '/_emulator/clock', { json: { advance_seconds: 9 * 60 } });
    expect(moved.status).toBe(200);
    let incident = await call(emulator, 'GET', `/incidents/${id}`, { key });
    expect(
      (incident.body as { incident: { assignments: { assignee: { id: string } }[] } }).incident.assignments[0]!.assignee
        .id,
    ).toBe(users[0]!.id);
    moved = await call(emulator, 'POST', '/_emulator/clock', { json: { advance_seconds: 60 } });
    incident = await call(emulator, 'GET', `/incidents/${id}`, { key });
    const body = (incident.body as { incident: { assignments: { assignee: { id: string } }[] } }).incident;
    expect(body.assignments.map((assignment) => assignment.assignee.id)).toEqual([users[1]!.id]);
    const escalated = (await logOf(id)).filter((entry) => entry.type === 'escalate_log_entry');
    expect(escalated).toEqual([
      expect.objectContaining({
        created_at: new Date(NOW.getTime() + 10 * 60_000).toISOString(),
        channel: { type: 'timeout' },
        assignees: [expect.objectContaining({ id: users[1]!.id })],
      }),
    ]);
    await emulator.webhooksIdle();
    const events = receiver.events().filter((event) => event.data.id === id);
    expect(events.map((event) => event.event_type)).toEqual(['incident.escalated']);
  });

  it('loops per num_loops through the REST client’s view of the log, then stops', async () => {
    const id = await openIncident();
    emulator.advanceClock(24 * 3600);
    const escalated = (await logOf(id)).filter((entry) => entry.type === 'escalate_log_entry');
    // 10 min: level 2; 30: level 1 again (the one repeat); 40: level 2; then the path is done.
    expect(escalated.map((entry) => [entry.created_at.slice(11, 16), entry.assignees?.[0]?.id])).toEqual([
      ['09:10', users[1]!.id],
      ['09:30', users[0]!.id],
      ['09:40', users[1]!.id],
    ]);
  });

  it('does not escalate an incident acknowledged in time', async () => {
    const id = await openIncident();
    await client.rput(`/incidents/${id}`, { json: { type: 'incident_reference', status: 'acknowledged' } });
    emulator.advanceClock(3600);
    expect((await logOf(id)).some((entry) => entry.type === 'escalate_log_entry')).toBe(false);
  });
});

describe('notification rules notify assignees, over HTTP', () => {
  it('writes notify_log_entry entries by the user’s rules, the delayed one when the clock gets there', async () => {
    const user = users[0]!;
    const sms = await client.rpost<{ id: string }>(`/users/${user.id}/contact_methods`, {
      json: { type: 'sms_contact_method', label: 'Mobile', address: '5550100', country_code: 1 },
    });
    const email = await call(emulator, 'POST', `/users/${user.id}/contact_methods`, {
      key,
      json: { contact_method: { type: 'email_contact_method', label: 'Work', address: user.email } },
    });
    expect(email.status).toBe(201);
    const emailId = (email.body as { contact_method: { id: string } }).contact_method.id;
    for (const [delay, method] of [
      [0, emailId],
      [3, sms.id],
    ] as const)
      expect(
        (
          await call(emulator, 'POST', `/users/${user.id}/notification_rules`, {
            key,
            json: {
              notification_rule: {
                type: 'assignment_notification_rule',
                start_delay_in_minutes: delay,
                urgency: 'high',
                contact_method: { id: method, type: 'contact_method_reference' },
              },
            },
          })
        ).status,
      ).toBe(201);
    const id = await openIncident();
    const notified = async () =>
      (await logOf(id))
        .filter((entry) => entry.type === 'notify_log_entry')
        .map((entry) => [entry.user?.id, entry.channel.notification?.type, entry.created_at.slice(11, 16)]);
    expect(await notified()).toEqual([[user.id, 'email_notification', '09:00']]);
    await call(emulator, 'POST', '/_emulator/clock', { json: { advance_seconds: 180 } });
    expect(await notified()).toEqual([
      [user.id, 'email_notification', '09:00'],
      [user.id, 'sms_notification', '09:03'],
    ]);
  });
});
