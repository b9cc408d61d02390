import { describe, expect, it } from '@jest/globals';
import { handleAlertEvent, handleChangeEvent } from '../../../src/emulator/events/events-api.js';
import { FIXED_NOW, seededStore } from '../seeded-store.js';

const payload = { summary: 'CPU on fire', source: 'web-1', severity: 'critical' };

describe('alert events', () => {
  it('trigger an incident on the routing key service, assigning a dedup key when none is sent', () => {
    const { store, keys } = seededStore({ seedIncidents: 0 });
    const routing = keys.routing[1];
    const reply = handleAlertEvent(
      store,
      { routing_key: routing.routingKey, event_action: 'trigger', payload },
      FIXED_NOW,
    );
    expect(reply.status).toBe(202);
    const body = reply.body as { status: string; message: string; dedup_key: string };
    expect(body).toMatchObject({ status: 'success', message: 'Event processed' });
    expect(body.dedup_key).toMatch(/^[0-9a-f]{32}$/);
    expect(store.incidents.all()).toHaveLength(1);
    expect(store.incidents.all()[0]).toMatchObject({
      title: 'CPU on fire',
      incident_key: body.dedup_key,
      service: { id: routing.serviceId },
      status: 'triggered',
    });
  });

  it('deduplicate a repeated trigger into the open incident, then acknowledge and resolve it by dedup key', () => {
    const { store, keys } = seededStore({ seedIncidents: 0 });
    const routing_key = keys.routing[0].routingKey;
    const send = (event: Record<string, unknown>) =>
      handleAlertEvent(store, { routing_key, dedup_key: 'disk/db-1', ...event }, FIXED_NOW);
    expect(send({ event_action: 'trigger', payload }).body).toMatchObject({ dedup_key: 'disk/db-1' });
    send({ event_action: 'trigger', payload });
    expect(store.incidents.all()).toHaveLength(1);
    // One alert per dedup key: the repeat is deduplicated into the open alert, not counted again.
    expect(store.incidents.all()[0].alert_counts).toEqual({ all: 1, triggered: 1, resolved: 0 });
    expect(store.alerts.all().map((alert) => alert.alert_key)).toEqual(['disk/db-1']);
    send({ event_action: 'acknowledge' });
    expect(store.incidents.all()[0].status).toBe('acknowledged');
    send({ event_action: 'resolve' });
    expect(store.incidents.all()[0].status).toBe('resolved');
    send({ event_action: 'trigger', payload });
    expect(store.incidents.all().map((incident) => incident.status)).toEqual(['resolved', 'triggered']);
  });

  it('accept an acknowledge for an unknown dedup key and change nothing', () => {
    const { store, keys } = seededStore({ seedIncidents: 0 });
    const reply = handleAlertEvent(
      store,
      { routing_key: keys.routing[0].routingKey, event_action: 'acknowledge', dedup_key: 'nope' },
      FIXED_NOW,
    );
    expect(reply).toEqual({ status: 202, body: { status: 'success', message: 'Event processed', dedup_key: 'nope' } });
    expect(store.incidents.size).toBe(0);
  });

  it('answer 400 invalid event for a bad body or an unknown routing key', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    expect(handleAlertEvent(store, { event_action: 'trigger' }, FIXED_NOW)).toMatchObject({
      status: 400,
      body: { status: 'invalid event' },
    });
    expect(
      handleAlertEvent(store, { routing_key: 'f'.repeat(32), event_action: 'trigger', payload }, FIXED_NOW),
    ).toEqual({
      status: 400,
      body: { status: 'invalid event', message: 'Event object is invalid', errors: ['Invalid routing key'] },
    });
  });
});

describe('change events', () => {
  it('are stored against the routing key service', () => {
    const { store, keys } = seededStore({ seedIncidents: 0 });
    const routing = keys.routing[2];
    const reply = handleChangeEvent(
      store,
      { routing_key: routing.routingKey, payload: { summary: 'Deployed v2', timestamp: '2024-03-01T10:00:00Z' } },
      FIXED_NOW,
    );
    expect(reply.status).toBe(202);
    expect(store.changeEvents.all()).toHaveLength(1);
    expect(store.changeEvents.all()[0]).toMatchObject({
      summary: 'Deployed v2',
      timestamp: '2024-03-01T10:00:00.000Z',
      services: [{ id: routing.serviceId }],
      integration: { id: routing.integrationId },
    });
    // As the API answers: a status and a message, no id (the description declares none).
    expect(reply.body).toEqual({ status: 'success', message: 'Change event processed' });
  });

  it('answer 400 for a missing summary', () => {
    const { store, keys } = seededStore({ seedIncidents: 0 });
    expect(handleChangeEvent(store, { routing_key: keys.routing[0].routingKey, payload: {} }, FIXED_NOW).status).toBe(
      400,
    );
  });
});
