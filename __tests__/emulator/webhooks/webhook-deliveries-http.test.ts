import { createHmac } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator, type EmulatorOptions } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';
import { startReceiver, type ReceiverAnswer, type WebhookReceiver } from '../webhook-receiver.js';

const instant = async (): Promise<void> => {};
let emulator: Emulator;
let receiver: WebhookReceiver;

async function setUp(
  script: ReceiverAnswer[],
  webhooks: EmulatorOptions['webhooks'] = { retrySchedule: [1, 1, 1], sleep: instant },
): Promise<void> {
  emulator = await startEmulator({ seedIncidents: 0, webhooks });
  receiver = await startReceiver(script);
}

async function subscribe(fields: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const reply = await call(emulator, 'POST', '/webhook_subscriptions', {
    key: emulator.keys.account,
    json: {
      webhook_subscription: {
        type: 'webhook_subscription',
        delivery_method: { type: 'http_delivery_method', url: receiver.url },
        events: [
          'incident.triggered',
          'incident.acknowledged',
          'incident.resolved',
          'incident.annotated',
          'service.updated',
        ],
        filter: { type: 'account_reference' },
        ...fields,
      },
    },
  });
  const subscription = (reply.body as { webhook_subscription: { id: string; delivery_method: { secret: string } } })
    .webhook_subscription;
  return { id: subscription.id, secret: subscription.delivery_method.secret };
}

async function trigger(serviceIndex = 0, title = 'Disk full'): Promise<string> {
  const user = emulator.keys.users[0];
  const reply = await call(emulator, 'POST', '/incidents', {
    key: user.key,
    json: {
      incident: {
        type: 'incident',
        title,
        service: { id: emulator.state.services.all()[serviceIndex].id, type: 'service_reference' },
      },
    },
  });
  return (reply.body as { incident: { id: string } }).incident.id;
}

async function setStatus(id: string, status: 'acknowledged' | 'resolved'): Promise<void> {
  await call(emulator, 'PUT', `/incidents/${id}`, {
    key: emulator.keys.users[0].key,
    json: { incident: { type: 'incident_reference', status } },
  });
}

describe('webhook deliveries', () => {
  beforeAll(() => realSockets());
  afterEach(async () => {
    await emulator.close();
    await receiver.close();
  });

  it('sends one signed V3 event per change: HMAC-SHA256 of the raw body, JSON, the documented headers', async () => {
    await setUp([200]);
    const { id: subscriptionId, secret } = await subscribe();
    const incidentId = await trigger();
    await emulator.webhooksIdle();
    expect(receiver.received).toHaveLength(1);
    const [{ headers, body }] = receiver.received;
    expect(headers['x-pagerduty-signature']).toBe(`v1=${createHmac('sha256', secret).update(body).digest('hex')}`);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toBe('PagerDuty-Webhook/V3.0');
    expect(headers['x-webhook-subscription']).toBe(subscriptionId);
    expect(headers['x-webhook-id']).toEqual(expect.any(String));
    const incident = emulator.state.incidents.get(incidentId)!;
    expect(JSON.parse(body)).toEqual({
      event: {
        id: expect.any(String),
        event_type: 'incident.triggered',
        resource_type: 'incident',
        occurred_at: incident.created_at,
        agent: expect.objectContaining({
          id: emulator.keys.users[0].userId,
          type: 'user_reference',
          html_url: expect.any(String),
        }),
        client: null,
        data: expect.objectContaining({
          id: incidentId,
          type: 'incident',
          number: incident.incident_number,
          status: 'triggered',
          title: 'Disk full',
          service: expect.objectContaining({
            id: incident.service.id,
            type: 'service_reference',
            html_url: expect.any(String),
          }),
          assignees: incident.assignments.map((assignment) => expect.objectContaining({ id: assignment.assignee.id })),
        }),
      },
    });
    expect(emulator.webhookDeliveries).toEqual([
      expect.objectContaining({
        subscriptionId,
        eventType: 'incident.triggered',
        status: 'delivered',
        body,
        attempts: [expect.objectContaining({ status: 200 })],
      }),
    ]);
  });

  it('sends the Events API trigger, acknowledge, resolve and a note, in the order they happened', async () => {
    await setUp([200]);
    await subscribe();
    const routingKey = emulator.keys.routing[0].routingKey;
    const event = (action: string): Promise<unknown> =>
      call(emulator, 'POST', '/v2/enqueue', {
        json: {
          routing_key: routingKey,
          event_action: action,
          dedup_key: 'disk-1',
          payload: { summary: 'Disk', source: 'db1', severity: 'error' },
        },
      });
    await event('trigger');
    const incidentId = emulator.state.incidents.all()[0].id;
    await call(emulator, 'POST', `/incidents/${incidentId}/notes`, {
      key: emulator.keys.users[0].key,
      json: { note: { content: 'looking' } },
    });
    await event('acknowledge');
    await event('resolve');
    await emulator.webhooksIdle();
    const events = receiver.events();
    expect(events.map((item) => item.event_type)).toEqual([
      'incident.triggered',
      'incident.annotated',
      'incident.acknowledged',
      'incident.resolved',
    ]);
    expect(events[0]).toMatchObject({
      agent: { type: 'service_reference' },
      data: { id: incidentId, status: 'triggered' },
    });
    expect(events[1].data).toMatchObject({
      type: 'incident_note',
      content: 'looking',
      trimmed: false,
      incident: { id: incidentId, type: 'incident_reference' },
    });
    expect(events[3].data).toMatchObject({ status: 'resolved', assignees: [] });
  });

  it.each<[string, ReceiverAnswer]>([
    ['a 5xx', 503],
    ['a 429', 429],
    ['a dropped connection', 'drop'],
  ])('retries after %s with the same X-Webhook-Id, on the schedule given', async (_label, failure) => {
    const waits: number[] = [];
    await setUp([failure, failure, 200], {
      retrySchedule: [5, 7, 9],
      sleep: async (milliseconds) => {
        waits.push(milliseconds);
      },
    });
    await subscribe();
    await trigger();
    await emulator.webhooksIdle();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((item) => item.headers['x-webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((item) => item.body)).size).toBe(1);
    expect(waits).toEqual([5, 7]);
    const [delivery] = emulator.webhookDeliveries;
    expect(delivery.status).toBe('delivered');
    expect(delivery.webhookId).toBe(receiver.received[0].headers['x-webhook-id']);
    expect(delivery.attempts).toHaveLength(3);
    if (failure === 'drop') expect(delivery.attempts[0].error).toEqual(expect.any(String));
    else expect(delivery.attempts[0].status).toBe(failure);
  });

  it('retries a timeout, and gives up ("failed") when the schedule is spent', async () => {
    await setUp(['hang', 500], { retrySchedule: [0, 0], sleep: instant, timeout: 1000 });
    await subscribe();
    await trigger();
    await emulator.webhooksIdle();
    const [delivery] = emulator.webhookDeliveries;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((attempt) => attempt.status ?? attempt.error)).toEqual([
      'no answer within 1000 ms',
      500,
      500,
    ]);
  });

  it('ends a delivery whose injected sleep throws, and goes on with the next', async () => {
    await setUp([500, 500, 200], {
      retrySchedule: [1],
      sleep: async () => {
        throw new Error('sleep broke');
      },
    });
    await subscribe();
    const id = await trigger();
    await setStatus(id, 'acknowledged');
    await emulator.webhooksIdle();
    expect(
      emulator.webhookDeliveries.map((delivery) => [delivery.eventType, delivery.status, delivery.reason]),
    ).toEqual([
      ['incident.triggered', 'failed', 'sleep broke'],
      ['incident.acknowledged', 'failed', 'sleep broke'],
    ]);
    expect(receiver.received).toHaveLength(2);
  });

  it('drops a webhook answered with another 4xx at once, and goes on with the next', async () => {
    await setUp([404, 200]);
    await subscribe();
    const id = await trigger();
    await setStatus(id, 'acknowledged');
    await emulator.webhooksIdle();
    expect(receiver.events().map((item) => item.event_type)).toEqual(['incident.triggered', 'incident.acknowledged']);
    expect(emulator.webhookDeliveries.map((delivery) => [delivery.status, delivery.attempts.length])).toEqual([
      ['dropped', 1],
      ['delivered', 1],
    ]);
  });

  it("keeps an incident's order: its next event waits while the first is retried; others do not wait", async () => {
    let release = (): void => {};
    let waiting = (): void => {};
    const inWait = new Promise<void>((resolve) => (waiting = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    await setUp([503, 200], {
      retrySchedule: [1],
      sleep: async () => {
        waiting();
        await gate;
      },
    });
    await subscribe();
    const first = await trigger(0, 'first');
    await inWait; // the trigger got its 503 and waits for its retry
    await setStatus(first, 'acknowledged');
    await trigger(1, 'second');
    await receiver.waitFor(2); // the other incident's trigger gets through meanwhile
    expect(receiver.events().map((event) => [event.event_type, event.data.title])).toEqual([
      ['incident.triggered', 'first'],
      ['incident.triggered', 'second'],
    ]);
    release();
    await emulator.webhooksIdle();
    const ofFirst = receiver.events().filter((event) => JSON.stringify(event.data).includes(first));
    expect(ofFirst.map((event) => event.event_type)).toEqual([
      'incident.triggered',
      'incident.triggered',
      'incident.acknowledged',
    ]);
    expect(emulator.webhookDeliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);
  });

  it('honours filters and event lists: service, team, account', async () => {
    await setUp([200]);
    const [serviceA, serviceB] = emulator.state.services.all();
    // Seeded services take the teams in turn: B's team is not A's.
    const [team] = serviceB.teams;
    expect(serviceA.teams.map((item) => item.id)).not.toContain(team.id);
    const byService = await subscribe({ filter: { type: 'service_reference', id: serviceA.id } });
    const byTeam = await subscribe({ filter: { type: 'team_reference', id: team.id } });
    const onlyResolved = await subscribe({ events: ['incident.resolved'] });
    await trigger(0);
    const second = await trigger(1);
    await setStatus(second, 'resolved');
    await emulator.webhooksIdle();
    const got = (id: string): string[] =>
      emulator.webhookDeliveries
        .filter((delivery) => delivery.subscriptionId === id)
        .map((delivery) => `${delivery.eventType}@${JSON.parse(delivery.body).event.data.service.id}`);
    expect(got(byService.id)).toEqual([`incident.triggered@${serviceA.id}`]);
    expect(got(onlyResolved.id)).toEqual([`incident.resolved@${serviceB.id}`]);
    expect(got(byTeam.id)).toEqual([`incident.triggered@${serviceB.id}`, `incident.resolved@${serviceB.id}`]);
  });

  it('sends service.created, service.updated and service.deleted', async () => {
    await setUp([200]);
    await subscribe({ events: ['service.created', 'service.updated', 'service.deleted'] });
    const policy = emulator.state.escalationPolicies.all()[0];
    const created = await call(emulator, 'POST', '/services', {
      key: emulator.keys.account,
      json: { service: { type: 'service', name: 'Billing', escalation_policy: { id: policy.id } } },
    });
    const id = (created.body as { service: { id: string } }).service.id;
    await call(emulator, 'PUT', `/services/${id}`, {
      key: emulator.keys.account,
      json: { service: { name: 'Renamed' } },
    });
    await call(emulator, 'PUT', `/services/${id}`, {
      key: emulator.keys.account,
      json: { service: { name: 'Renamed' } },
    }); // no change, no event
    await call(emulator, 'DELETE', `/services/${id}`, { key: emulator.keys.account });
    await emulator.webhooksIdle();
    expect(
      receiver.events().map((event) => [event.event_type, event.resource_type, event.data.id, event.data.summary]),
    ).toEqual([
      ['service.created', 'service', id, 'Billing'],
      ['service.updated', 'service', id, 'Renamed'],
      ['service.deleted', 'service', id, 'Renamed'],
    ]);
    expect(receiver.events()[0].data).toMatchObject({
      type: 'service',
      teams: policy.teams.map((team) => expect.objectContaining({ id: team.id, html_url: expect.any(String) })),
    });
  });

  it('delivers nothing after delete, and cancels what a deleted subscription had pending', async () => {
    let release = (): void => {};
    let waiting = (): void => {};
    const inWait = new Promise<void>((resolve) => (waiting = resolve));
    await setUp([500], {
      retrySchedule: [1, 1],
      sleep: (): Promise<void> => {
        waiting();
        return new Promise((resolve) => (release = resolve));
      },
    });
    const { id } = await subscribe();
    await trigger();
    await inWait;
    await call(emulator, 'DELETE', `/webhook_subscriptions/${id}`, { key: emulator.keys.account });
    release();
    await emulator.webhooksIdle();
    await trigger();
    await emulator.webhooksIdle();
    expect(receiver.received).toHaveLength(1);
    expect(emulator.webhookDeliveries).toEqual([
      expect.objectContaining({ status: 'cancelled', reason: 'the subscription was deleted' }),
    ]);
  });

  it('sends nothing to an inactive subscription', async () => {
    await setUp([200]);
    await subscribe({ active: false });
    await trigger();
    await emulator.webhooksIdle();
    expect(receiver.received).toHaveLength(0);
    expect(emulator.webhookDeliveries).toEqual([]);
  });

  it('close() ends a delivery in flight and waits for nothing more', async () => {
    await setUp(['hang'], { retrySchedule: [60_000], timeout: 60_000 });
    await subscribe();
    await trigger();
    await emulator.close();
    expect(emulator.webhookDeliveries).toEqual([
      expect.objectContaining({ status: 'cancelled', reason: 'the emulator closed' }),
    ]);
    await emulator.webhooksIdle();
  });
});
