// End to end: the emulator creates a subscription, opens and closes an incident, and
// delivers signed V3 webhooks; the library's own handler, on a loopback server, verifies
// and decodes them. Retries are a millisecond apart; nothing sleeps for real.
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { EventsApiV2Client, RestApiV2Client } from '../../../src/index.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { createWebhookHandler, type WebhookRequestHandler } from '../../../src/core/webhooks/webhook-handler.js';
import type { WebhookHandlerOptions } from '../../../src/core/webhooks/webhook-options.js';
import { isKnownWebhookEvent, isWebhookEvent, type AnyWebhookEvent } from '../../../src/core/webhooks/event-union.js';
import type { WebhookIncident } from '../../../src/core/webhooks/event-data.js';
import { instantRetries, realSockets } from '../../helpers/test-kit.js';
import { serve, type TestServer } from './webhook-server.js';

beforeAll(realSockets);

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Setup {
  emulator: Emulator;
  rest: RestApiV2Client;
  events: EventsApiV2Client;
  received: AnyWebhookEvent[];
  verified: boolean[];
  secret: string;
  subscriptionId: string;
}

/**
 * An emulator and a receiver subscribed to it; `handlerOptions(secret)` builds the handler
 * once the subscription's secret is known (it exists only after the subscription does).
 */
async function setup(
  eventTypes: string[],
  handlerOptions: (secret: string, received: AnyWebhookEvent[]) => Partial<WebhookHandlerOptions> = () => ({}),
): Promise<Setup> {
  const emulator = await startEmulator({ seedIncidents: 0, webhooks: { retrySchedule: [1, 1, 1] } });
  cleanups.push(() => emulator.close());
  const received: AnyWebhookEvent[] = [];
  const verified: boolean[] = [];
  const current: { handler?: WebhookRequestHandler } = {};
  const server: TestServer = await serve((req, res) =>
    current.handler ? current.handler(req, res) : res.writeHead(503).end(),
  );
  cleanups.push(() => server.close());
  const rest = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url, ...instantRetries });
  cleanups.push(async () => rest.close());
  const subscription = await rest.rpost<{ id: string; delivery_method: { secret: string } }>('/webhook_subscriptions', {
    json: {
      type: 'webhook_subscription',
      delivery_method: { type: 'http_delivery_method', url: server.url },
      events: eventTypes,
      filter: { type: 'account_reference' },
    },
  });
  const secret = subscription.delivery_method.secret;
  current.handler = createWebhookHandler({
    secrets: secret,
    onEvent: (event, delivery) => {
      received.push(event);
      verified.push(delivery.verified);
    },
    ...handlerOptions(secret, received),
  });
  const [routing] = emulator.keys.routing;
  const events = new EventsApiV2Client(routing!.routingKey, { baseUrl: emulator.eventsUrl, ...instantRetries });
  cleanups.push(async () => events.close());
  return { emulator, rest, events, received, verified, secret, subscriptionId: subscription.id };
}

describe('the emulator’s webhooks, received by createWebhookHandler', () => {
  it('delivers an incident’s life as verified, typed events, in order', async () => {
    const { emulator, events, received, verified } = await setup([
      'incident.triggered',
      'incident.acknowledged',
      'incident.resolved',
    ]);
    const dedupKey = await events.trigger('Disk full on db1', 'db1');
    await events.acknowledge(dedupKey);
    await events.resolve(dedupKey);
    await emulator.webhooksIdle();

    expect(received.map((event) => event.event_type)).toEqual([
      'incident.triggered',
      'incident.acknowledged',
      'incident.resolved',
    ]);
    expect(verified).toEqual([true, true, true]);
    const [first] = received;
    if (!first || !isKnownWebhookEvent(first) || first.event_type !== 'incident.triggered')
      throw new Error('expected incident.triggered first');
    expect([first.resource_type, first.data.type, first.data.title, first.data.status]).toEqual([
      'incident',
      'incident',
      'Disk full on db1',
      'triggered',
    ]);
    // Every field WebhookIncident requires is there, as the emulator sends it.
    const required: Array<keyof WebhookIncident> = [
      'type',
      'id',
      'self',
      'html_url',
      'number',
      'status',
      'title',
      'service',
      'assignees',
      'priority',
      'urgency',
      'resolve_reason',
    ];
    for (const event of received) expect(Object.keys(event.data as object)).toEqual(expect.arrayContaining(required));
    expect(received.map((event) => (event.data as WebhookIncident).status)).toEqual([
      'triggered',
      'acknowledged',
      'resolved',
    ]);
    expect(emulator.webhookDeliveries.map((delivery) => [delivery.status, delivery.attempts.length])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('delivers a note as incident.annotated, whose data narrows to WebhookIncidentNote', async () => {
    const { emulator, events, received } = await setup(['incident.annotated']);
    const dedupKey = await events.trigger('Noted', 'db5');
    await emulator.webhooksIdle();
    const incident = emulator.state.incidents.all().find((item) => item.incident_key === dedupKey);
    const user = emulator.keys.users[0]!;
    await using asUser = new RestApiV2Client(user.key, { baseUrl: emulator.url, ...instantRetries });
    await asUser.rpost(`/incidents/${incident?.id}/notes`, { json: { content: 'looking into it' } });
    await emulator.webhooksIdle();
    const [event] = received;
    if (!event || !isWebhookEvent(event, 'incident.annotated')) throw new Error('expected incident.annotated');
    expect([event.data.type, event.data.content, event.data.incident.id]).toEqual([
      'incident_note',
      'looking into it',
      incident?.id,
    ]);
  });

  it('delivers pagey.ping from the ping endpoint', async () => {
    const { emulator, rest, received, subscriptionId } = await setup(['incident.triggered']);
    await rest.post(`/webhook_subscriptions/${subscriptionId}/ping`);
    await emulator.webhooksIdle();
    expect(
      received.map((event) => [event.event_type, event.resource_type, (event.data as { type?: string }).type]),
    ).toEqual([['pagey.ping', 'pagey', 'ping']]);
  });

  it('gets the retry of a delivery whose handling failed, and handles it once', async () => {
    let failures = 1;
    const { emulator, events, received } = await setup(['incident.triggered'], () => ({
      onEvent: (event) => {
        if (failures-- > 0) throw new Error('database down');
        received.push(event);
      },
      onError: () => {},
    }));
    await events.trigger('Flaky', 'db2');
    await emulator.webhooksIdle();
    expect(received.map((event) => event.event_type)).toEqual(['incident.triggered']);
    const [delivery] = emulator.webhookDeliveries;
    expect([delivery?.status, delivery?.attempts.length]).toEqual(['delivered', 2]);
  });

  it('answers 401 to deliveries signed with another secret: dropped by the emulator, user code not run', async () => {
    const { emulator, events, received } = await setup(['incident.triggered'], () => ({
      secrets: ['whsec-not-this-one'],
    }));
    await events.trigger('Forged?', 'db3');
    await emulator.webhooksIdle();
    expect(received).toEqual([]);
    const [delivery] = emulator.webhookDeliveries;
    expect([delivery?.status, delivery?.attempts.length]).toEqual(['dropped', 1]);
  });

  it('verifies with either secret during a rotation on the receiving side', async () => {
    const { emulator, events, received } = await setup(['incident.triggered'], (secret) => ({
      secrets: ['whsec-new-not-yet-used', secret],
    }));
    await events.trigger('Rotated', 'db4');
    await emulator.webhooksIdle();
    expect(received).toHaveLength(1);
  });
});
