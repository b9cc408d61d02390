/**
 * The emulator's webhook payloads against the shapes PagerDuty documents for V3 events
 * (the envelope and the `data` of each event type), written as the library's own types:
 * each documented field is a key of the type (checked by the compiler), and the emulator's
 * payload carries exactly the documented fields (checked here).
 */
import { describe, expect, it } from '@jest/globals';
import type { WebhookIncident, WebhookIncidentNote, WebhookService } from '../../../src/core/webhooks/event-data.js';
import { incidentEvent, serviceEvent, type WebhookEvent } from '../../../src/emulator/webhooks/webhook-events.js';
import { FIXED_NOW, storeWithOneIncident, TEST_BASE_URL } from '../seeded-store.js';

/** The envelope's fields. */
const ENVELOPE: readonly (keyof WebhookEvent)[] = [
  'id',
  'event_type',
  'resource_type',
  'occurred_at',
  'agent',
  'client',
  'data',
];

/** The documented `data` of incident status events (`incident.triggered`, `.acknowledged`, `.resolved`...). */
const INCIDENT_DATA: readonly (keyof WebhookIncident)[] = [
  'id',
  'type',
  'self',
  'html_url',
  'number',
  'status',
  'incident_key',
  'created_at',
  'title',
  'service',
  'assignees',
  'escalation_policy',
  'teams',
  'priority',
  'urgency',
  'conference_bridge',
  'resolve_reason',
  'incident_type',
  'reopened_at',
];

/** The documented `data` of `incident.annotated`. */
const NOTE_DATA: readonly (keyof WebhookIncidentNote)[] = ['id', 'type', 'incident', 'content', 'trimmed'];

/** The documented `data` of `service.*` events: a reduced service, without its name or description. */
const SERVICE_DATA: readonly (keyof WebhookService)[] = [
  'id',
  'type',
  'self',
  'html_url',
  'summary',
  'alert_creation',
  'teams',
];

function sorted(keys: readonly string[]): string[] {
  return [...keys].sort();
}

describe('webhook payloads as PagerDuty documents them', () => {
  const { store, service, incident } = storeWithOneIncident();

  it('sends incident events with the documented fields, reopened_at and incident_type included', () => {
    const event = incidentEvent(
      { kind: 'incident', type: 'incident.triggered', incident, agent: store.ref(service), at: FIXED_NOW },
      TEST_BASE_URL,
    );
    expect(sorted(Object.keys(event))).toEqual(sorted(ENVELOPE));
    expect(sorted(Object.keys(event.data))).toEqual(sorted(INCIDENT_DATA));
    expect(event.data).toMatchObject({ reopened_at: null, incident_type: { name: 'incident_default' } });
  });

  it('sends notes with the documented fields', () => {
    const note = { id: 'PNOTE01', content: 'On it' };
    const event = incidentEvent(
      { kind: 'incident', type: 'incident.annotated', incident, agent: store.ref(service), at: FIXED_NOW, note },
      TEST_BASE_URL,
    );
    expect(sorted(Object.keys(event.data))).toEqual(sorted(NOTE_DATA));
  });

  it('sends service events without the fields the documentation does not show', () => {
    const event = serviceEvent(
      { kind: 'service', type: 'service.updated', service, agent: null, at: FIXED_NOW },
      TEST_BASE_URL,
    );
    expect(sorted(Object.keys(event.data))).toEqual(sorted(SERVICE_DATA));
    expect(event.data).not.toHaveProperty('name');
    expect(event.data).not.toHaveProperty('description');
  });
});
