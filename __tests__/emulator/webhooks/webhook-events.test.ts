import { describe, expect, it } from '@jest/globals';
import { EMULATOR_WEB_URL } from '../../../src/emulator/store/store.js';
import {
  incidentEvent,
  pingEvent,
  serviceEvent,
  webhookBody,
  webRef,
  WEBHOOK_MAX_BYTES,
  WEBHOOK_OMIT_BYTES,
  type WebhookEvent,
} from '../../../src/emulator/webhooks/webhook-events.js';
import { FIXED_NOW, storeWithOneIncident, TEST_BASE_URL } from '../seeded-store.js';

describe('V3 webhook events', () => {
  const { store, service, incident } = storeWithOneIncident();

  it('adds the web page to references', () => {
    expect(webRef(store.ref(service), TEST_BASE_URL)).toEqual({
      ...store.ref(service),
      html_url: `${EMULATOR_WEB_URL}/services/${service.id}`,
    });
  });

  it('makes an incident event that later changes do not alter', () => {
    const event = incidentEvent(
      { kind: 'incident', type: 'incident.triggered', incident, agent: store.ref(service), at: FIXED_NOW },
      TEST_BASE_URL,
    );
    expect(event).toMatchObject({
      event_type: 'incident.triggered',
      resource_type: 'incident',
      occurred_at: FIXED_NOW.toISOString(),
      client: null,
    });
    expect(event.data).toMatchObject({
      id: incident.id,
      type: 'incident',
      number: incident.incident_number,
      status: 'triggered',
      incident_key: 'k',
      urgency: 'high',
    });
    const before = JSON.stringify(event);
    incident.assignments.push({ at: FIXED_NOW.toISOString(), assignee: store.ref(store.users.all()[0]) });
    incident.teams.push(store.ref(store.teams.all()[1]));
    expect(JSON.stringify(event)).toBe(before);
  });

  it('makes note, service and ping events in their documented shapes', () => {
    const note = incidentEvent(
      {
        kind: 'incident',
        type: 'incident.annotated',
        incident,
        agent: store.ref(service),
        at: FIXED_NOW,
        note: { id: 'R1', content: 'hi' },
      },
      TEST_BASE_URL,
    );
    expect(note.data).toEqual({
      incident: {
        id: incident.id,
        type: 'incident_reference',
        summary: 'Disk',
        self: incident.self,
        html_url: incident.html_url,
      },
      id: 'R1',
      content: 'hi',
      trimmed: false,
      type: 'incident_note',
    });
    const updated = serviceEvent(
      { kind: 'service', type: 'service.updated', service, agent: null, at: FIXED_NOW },
      TEST_BASE_URL,
    );
    expect(updated).toMatchObject({
      resource_type: 'service',
      agent: null,
      data: { id: service.id, type: 'service', summary: service.summary },
    });
    expect(pingEvent({ kind: 'ping', subscriptionId: 'P1', at: FIXED_NOW })).toMatchObject({
      event_type: 'pagey.ping',
      resource_type: 'pagey',
      agent: null,
      data: { type: 'ping' },
    });
    expect(pingEvent({ kind: 'ping', subscriptionId: 'P1', at: FIXED_NOW }).id).not.toBe(
      pingEvent({ kind: 'ping', subscriptionId: 'P1', at: FIXED_NOW }).id,
    );
  });

  it('trims a note past 55 KB (trimmed: true) and drops an event past 256 KB', () => {
    const noteEvent = (content: string): WebhookEvent =>
      incidentEvent(
        {
          kind: 'incident',
          type: 'incident.annotated',
          incident,
          agent: store.ref(service),
          at: FIXED_NOW,
          note: { id: 'R1', content },
        },
        TEST_BASE_URL,
      );
    const small = webhookBody(noteEvent('short'));
    expect(JSON.parse(small!)).toMatchObject({ event: { data: { content: 'short', trimmed: false } } });
    const trimmed = webhookBody(noteEvent('é'.repeat(40_000)));
    expect(Buffer.byteLength(trimmed!)).toBeLessThanOrEqual(WEBHOOK_OMIT_BYTES);
    const data = (JSON.parse(trimmed!) as { event: { data: { content: string; trimmed: boolean } } }).event.data;
    expect(data.trimmed).toBe(true);
    expect(data.content).toMatch(/^é+$/);
    const huge: WebhookEvent = {
      ...pingEvent({ kind: 'ping', subscriptionId: 'P1', at: FIXED_NOW }),
      data: { type: 'ping', message: 'x'.repeat(WEBHOOK_MAX_BYTES) },
    };
    expect(webhookBody(huge)).toBeUndefined();
    const big: WebhookEvent = { ...huge, data: { type: 'ping', message: 'x'.repeat(WEBHOOK_OMIT_BYTES) } };
    expect(webhookBody(big)).toBe(JSON.stringify({ event: big }));
  });
});
