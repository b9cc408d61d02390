import { describe, expect, it } from '@jest/globals';
import { createIncident } from '../../../src/emulator/store/incident-lifecycle.js';
import type { StoreChange } from '../../../src/emulator/store/store-changes.js';
import { deliveryQueueKey, subscriptionMatches } from '../../../src/emulator/webhooks/webhook-matching.js';
import type { WebhookFilter, WebhookSubscription } from '../../../src/emulator/webhooks/webhook-subscription-bodies.js';
import { FIXED_NOW, seededStore } from '../seeded-store.js';

function subscription(
  filter: WebhookFilter,
  events = ['incident.triggered', 'service.updated'],
  active = true,
): WebhookSubscription {
  return {
    id: 'PWH0001',
    type: 'webhook_subscription',
    active,
    description: null,
    delivery_method: {
      id: 'PDM0001',
      type: 'http_delivery_method',
      url: 'http://127.0.0.1:1/',
      secret: 's',
      temporarily_disabled: false,
      custom_headers: [],
    },
    events,
    filter,
  };
}

describe('which subscriptions receive a change', () => {
  const { store } = seededStore({ seedIncidents: 0 });
  const [serviceA, serviceB] = store.services.all();
  const incident = createIncident(store, {
    service: serviceA,
    title: 'X',
    incidentKey: 'k',
    at: FIXED_NOW,
    agent: store.ref(serviceA),
    channel: 'api',
  });
  const triggered: StoreChange = {
    kind: 'incident',
    type: 'incident.triggered',
    incident,
    agent: store.ref(serviceA),
    at: FIXED_NOW,
  };
  const resolved: StoreChange = { ...triggered, type: 'incident.resolved' };
  const serviceUpdated: StoreChange = {
    kind: 'service',
    type: 'service.updated',
    service: serviceB,
    agent: null,
    at: FIXED_NOW,
  };

  it('by event type', () => {
    expect(subscriptionMatches(subscription({ type: 'account_reference' }), triggered)).toBe(true);
    expect(subscriptionMatches(subscription({ type: 'account_reference' }), resolved)).toBe(false);
  });

  it('by service, by team, for the whole account', () => {
    expect(subscriptionMatches(subscription({ type: 'service_reference', id: serviceA.id }), triggered)).toBe(true);
    expect(subscriptionMatches(subscription({ type: 'service_reference', id: serviceB.id }), triggered)).toBe(false);
    expect(subscriptionMatches(subscription({ type: 'service_reference', id: serviceB.id }), serviceUpdated)).toBe(
      true,
    );
    expect(subscriptionMatches(subscription({ type: 'team_reference', id: serviceA.teams[0].id }), triggered)).toBe(
      true,
    );
    expect(subscriptionMatches(subscription({ type: 'team_reference', id: serviceB.teams[0].id }), triggered)).toBe(
      false,
    );
    expect(
      subscriptionMatches(subscription({ type: 'team_reference', id: serviceB.teams[0].id }), serviceUpdated),
    ).toBe(true);
  });

  it('never when inactive; a ping only for its own subscription, whatever the event list', () => {
    expect(
      subscriptionMatches(subscription({ type: 'account_reference' }, ['incident.triggered'], false), triggered),
    ).toBe(false);
    expect(
      subscriptionMatches(subscription({ type: 'account_reference' }, ['incident.resolved']), {
        kind: 'ping',
        subscriptionId: 'PWH0001',
        at: FIXED_NOW,
      }),
    ).toBe(true);
    expect(
      subscriptionMatches(subscription({ type: 'account_reference' }), {
        kind: 'ping',
        subscriptionId: 'POTHER1',
        at: FIXED_NOW,
      }),
    ).toBe(false);
  });

  it('queues per subscription and incident, service or ping', () => {
    expect(deliveryQueueKey('PWH0001', triggered)).toBe(deliveryQueueKey('PWH0001', resolved));
    expect(deliveryQueueKey('PWH0001', triggered)).not.toBe(deliveryQueueKey('PWH0002', triggered));
    expect(deliveryQueueKey('PWH0001', serviceUpdated)).toBe(`PWH0001/services/${serviceB.id}`);
    expect(deliveryQueueKey('PWH0001', { kind: 'ping', subscriptionId: 'PWH0001', at: FIXED_NOW })).toBe(
      'PWH0001/ping',
    );
  });
});
