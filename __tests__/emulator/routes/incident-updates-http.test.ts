/**
 * PUT /incidents/{id} and PUT /incidents beyond status, title and urgency, over raw HTTP:
 * assignments, escalation_level, escalation_policy and priority change the incident, each
 * with its log entry and V3 webhook; a body that names nothing or is malformed is a 400
 * that changes nothing. Alerts: one per dedup key, listed under the incident.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import type { Incident } from '../../../src/emulator/store/resources.js';
import { call } from '../raw-http.js';
import { startReceiver, type WebhookReceiver } from '../webhook-receiver.js';

const NOW = new Date('2024-01-03T12:00:00Z');
let emulator: Emulator;
let receiver: WebhookReceiver;
let key: string;
let from: Record<string, string>;

beforeAll(async () => {
  emulator = await startEmulator({
    seedUsers: 4,
    seedIncidents: 0,
    priorities: ['P1', 'P2', 'P3'],
    now: () => NOW,
    webhooks: { retrySchedule: [1] },
  });
  key = emulator.keys.account;
  from = { From: emulator.keys.users[0]!.email };
  receiver = await startReceiver();
  await call(emulator, 'POST', '/webhook_subscriptions', {
    key,
    json: {
      webhook_subscription: {
        type: 'webhook_subscription',
        delivery_method: { type: 'http_delivery_method', url: receiver.url },
        events: ['incident.reassigned', 'incident.escalated', 'incident.priority_updated'],
        filter: { type: 'account_reference' },
      },
    },
  });
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

let incident: Incident;
beforeEach(async () => {
  const service = emulator.state.services.all()[0]!;
  const created = await call(emulator, 'POST', '/incidents', {
    key,
    headers: from,
    json: { incident: { type: 'incident', title: 'Disk', service: { id: service.id, type: 'service_reference' } } },
  });
  incident = emulator.state.incidents.get((created.body as { incident: { id: string } }).incident.id)!;
});
afterEach(async () => {
  await emulator.webhooksIdle();
});

const update = (fields: Record<string, unknown>) =>
  call(emulator, 'PUT', `/incidents/${incident.id}`, {
    key,
    headers: from,
    json: { incident: { type: 'incident_reference', ...fields } },
  });
const logTypes = () =>
  emulator.state.logEntries
    .all()
    .filter((entry) => entry.incident.id === incident.id)
    .map((entry) => entry.type);

describe('incident updates over HTTP', () => {
  it('reassigns to the users given, triggering an acknowledged incident again, with an assign_log_entry', async () => {
    const [, second, third] = emulator.state.users.all();
    await update({ status: 'acknowledged' });
    const reply = await update({
      assignments: [second, third].map((user) => ({ assignee: { id: user!.id, type: 'user_reference' } })),
    });
    expect(reply.status).toBe(200);
    const body = (reply.body as { incident: { status: string; assignments: { assignee: { id: string } }[] } }).incident;
    expect(body.assignments.map((assignment) => assignment.assignee.id)).toEqual([second!.id, third!.id]);
    expect(body.status).toBe('triggered');
    expect(logTypes()).toEqual(['trigger_log_entry', 'acknowledge_log_entry', 'assign_log_entry']);
    expect(
      emulator.state.logEntries
        .all()
        .at(-1)
        ?.assignees?.map((assignee) => assignee.id),
    ).toEqual([second!.id, third!.id]);
    await emulator.webhooksIdle();
    expect(
      receiver
        .events()
        .filter((event) => event.data.id === incident.id)
        .map((event) => event.event_type),
    ).toEqual(['incident.reassigned']);
  });

  it('escalates to a level of its policy, assigning who is on call there, with an escalate_log_entry', async () => {
    const policy = emulator.state.escalationPolicies.get(incident.escalation_policy.id)!;
    const schedule = emulator.state.schedules.get(policy.escalation_rules[1]!.targets[0]!.id)!;
    // Seeded rotation: weekly from Monday 2024-01-01, so the first user of the schedule is on call now.
    const reply = await update({ escalation_level: 2 });
    expect(reply.status).toBe(200);
    expect(incident.assignments.map((assignment) => assignment.assignee.id)).toEqual([schedule.users[0]!.id]);
    expect(logTypes().at(-1)).toBe('escalate_log_entry');
    const beyond = await update({ escalation_level: 3 });
    expect(beyond).toMatchObject({ status: 400, body: { error: { message: 'Invalid Input Provided', code: 2001 } } });
  });

  it('moves to another escalation policy and assigns its first level', async () => {
    const other = emulator.state.escalationPolicies
      .all()
      .find((policy) => policy.id !== incident.escalation_policy.id)!;
    const reply = await update({ escalation_policy: { id: other.id, type: 'escalation_policy_reference' } });
    expect(reply.status).toBe(200);
    expect(incident.escalation_policy.id).toBe(other.id);
    expect(incident.assignments.map((assignment) => assignment.assignee.id)).toEqual([
      other.escalation_rules[0]!.targets[0]!.id,
    ]);
  });

  it('sets a priority by reference or by name, and clears it with null', async () => {
    const [p1, p2] = emulator.state.priorities.all();
    expect((await call(emulator, 'GET', '/priorities', { key })).body).toMatchObject({
      priorities: [{ name: 'P1', type: 'priority' }, { name: 'P2' }, { name: 'P3' }],
    });
    await update({ priority: { id: p1!.id, type: 'priority_reference' } });
    expect(incident.priority?.id).toBe(p1!.id);
    await update({ priority: 'P2' });
    expect(incident.priority?.id).toBe(p2!.id);
    await update({ priority: null });
    expect(incident.priority).toBeNull();
    await emulator.webhooksIdle();
    const events = receiver.events().filter((event) => event.data.id === incident.id);
    expect(
      events.map((event) => [event.event_type, (event.data.priority as { id?: string } | null)?.id ?? null]),
    ).toEqual([
      ['incident.priority_updated', p1!.id],
      ['incident.priority_updated', p2!.id],
      ['incident.priority_updated', null],
    ]);
  });

  it('refuses malformed and dangling values with 400 in the API error shape, changing nothing', async () => {
    const before = JSON.stringify(incident);
    const cases: [Record<string, unknown>, string][] = [
      [{ assignments: 'nonsense' }, 'incident.assignments must be a non-empty list of'],
      [{ assignments: [{ assignee: { id: 'PNOBODY', type: 'user_reference' } }] }, 'User PNOBODY not found'],
      [{ escalation_level: 'two' }, 'incident.escalation_level must be a whole number from 1'],
      [
        { escalation_policy: { id: 'PNOPOLICY', type: 'escalation_policy_reference' } },
        'Escalation policy PNOPOLICY not found',
      ],
      [{ priority: { id: 'PNOPRIO', type: 'priority_reference' } }, 'Priority PNOPRIO not found'],
      [{ priority: 42 }, 'incident.priority must be a priority reference'],
    ];
    for (const [fields, words] of cases) {
      const reply = await update(fields);
      expect(reply).toMatchObject({ status: 400, body: { error: { message: 'Invalid Input Provided', code: 2001 } } });
      expect((reply.body as { error: { errors: string[] } }).error.errors.join(' ')).toContain(words);
    }
    expect(JSON.stringify(incident)).toBe(before);
  });

  it('refuses to reassign a resolved incident', async () => {
    await update({ status: 'resolved' });
    const user = emulator.state.users.all()[1]!;
    const reply = await update({ assignments: [{ assignee: { id: user.id, type: 'user_reference' } }] });
    expect(reply.status).toBe(400);
    expect(incident.assignments).toEqual([]);
  });
});

describe('alerts', () => {
  it('keeps one alert per dedup key, lists it under its incident, and resolves it with the incident', async () => {
    const routing = emulator.keys.routing[0]!;
    const trigger = () =>
      fetch(`${emulator.eventsUrl}/v2/enqueue`, {
        method: 'POST',
        body: JSON.stringify({
          routing_key: routing.routingKey,
          dedup_key: 'db-1/disk',
          event_action: 'trigger',
          payload: { summary: 'Disk full', source: 'db-1', severity: 'warning', custom_details: { used: '97%' } },
        }),
      });
    await trigger();
    await trigger();
    const opened = emulator.state.incidents.all().filter((candidate) => candidate.incident_key === 'db-1/disk');
    expect(opened).toHaveLength(1);
    expect(opened[0]!.alert_counts).toEqual({ all: 1, triggered: 1, resolved: 0 });
    const listed = await call(emulator, 'GET', `/incidents/${opened[0]!.id}/alerts`, { key });
    const alerts = (
      listed.body as {
        alerts: { id: string; alert_key: string; status: string; severity: string; body: { details: unknown } }[];
      }
    ).alerts;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      alert_key: 'db-1/disk',
      status: 'triggered',
      severity: 'warning',
      body: { details: { used: '97%' } },
    });
    await fetch(`${emulator.eventsUrl}/v2/enqueue`, {
      method: 'POST',
      body: JSON.stringify({ routing_key: routing.routingKey, dedup_key: 'db-1/disk', event_action: 'resolve' }),
    });
    const one = await call(emulator, 'GET', `/incidents/${opened[0]!.id}/alerts/${alerts[0]!.id}`, { key });
    expect(one.body).toMatchObject({ alert: { id: alerts[0]!.id, status: 'resolved' } });
    const triggeredOnly = await call(emulator, 'GET', `/incidents/${opened[0]!.id}/alerts?statuses[]=triggered`, {
      key,
    });
    expect((triggeredOnly.body as { alerts: unknown[] }).alerts).toEqual([]);
    expect((await call(emulator, 'GET', `/incidents/${opened[0]!.id}/alerts/PNOALERT`, { key })).status).toBe(404);
  });
});
