/**
 * The V3 webhook events the emulator sends: the envelope
 * `{ event: { id, event_type, resource_type, occurred_at, agent, client, data } }` built
 * from a store change, with the documented `data` shapes (`incident`, `incident_note`,
 * `service`, the ping's), and the size rules (notes trimmed past 55 KB, dropped past 256 KB).
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { Incident, Reference, Service } from '../store/resources.js';
import { EMULATOR_WEB_URL } from '../store/store.js';
import type { IncidentChange, PingChange, ServiceChange } from '../store/store-changes.js';

/** A reference as webhook payloads carry it: with the web page's `html_url`. */
export interface WebhookReference extends Reference {
  /** The referenced resource's web page. */
  html_url: string;
}

/** One V3 webhook event (the value of the payload's `event`). */
export interface WebhookEvent {
  /** A unique id of the event. */
  id: string;
  /** What happened (`incident.triggered`, `service.updated`, `pagey.ping`, ...). */
  event_type: string;
  /** The kind of resource it is about (`incident`, `service`, `pagey`). */
  resource_type: string;
  /** ISO 8601 time of the change. */
  occurred_at: string;
  /** Who made the change (`user_reference`, `service_reference`), or `null`. */
  agent: WebhookReference | null;
  /** Where the change came from; the emulator sends `null`. */
  client: { name: string } | null;
  /** The event type's data (see PagerDuty's V3 webhook event data types). */
  data: Record<string, unknown>;
}

/** Past this many bytes, details are left out of a webhook (notes are trimmed). */
export const WEBHOOK_OMIT_BYTES = 55 * 1024;
/** Past this many bytes, a webhook is dropped. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

/** `ref` with the `html_url` of its resource on the emulator's fictional account. */
export function webRef(ref: Reference, baseUrl: string): WebhookReference {
  const path = ref.self.startsWith(baseUrl) ? ref.self.slice(baseUrl.length) : `/${ref.id}`;
  return { ...ref, html_url: `${EMULATOR_WEB_URL}${path}` };
}

/** The `incident` data of incident events, as the V3 payloads spell it. */
export function incidentData(incident: Incident, baseUrl: string): Record<string, unknown> {
  return {
    id: incident.id,
    type: 'incident',
    self: incident.self,
    html_url: incident.html_url,
    number: incident.incident_number,
    status: incident.status,
    incident_key: incident.incident_key,
    created_at: incident.created_at,
    title: incident.title,
    service: webRef(incident.service, baseUrl),
    assignees: incident.assignments.map((assignment) => webRef(assignment.assignee, baseUrl)),
    escalation_policy: webRef(incident.escalation_policy, baseUrl),
    teams: incident.teams.map((team) => webRef(team, baseUrl)),
    priority: incident.priority && webRef(incident.priority, baseUrl),
    urgency: incident.urgency,
    conference_bridge: null,
    resolve_reason: null,
    // The emulator neither reopens incidents nor has incident types: never reopened, the account's base type.
    reopened_at: null,
    incident_type: { name: INCIDENT_TYPE },
  };
}

/** The incident type of every incident: the base type every account has. */
export const INCIDENT_TYPE = 'incident_default';

/** The `service` data of service events: the reduced shape the documentation shows (no name, no description). */
export function serviceData(service: Service, baseUrl: string): Record<string, unknown> {
  return {
    id: service.id,
    type: 'service',
    self: service.self,
    html_url: service.html_url,
    summary: service.summary,
    alert_creation: service.alert_creation,
    teams: service.teams.map((team) => webRef(team, baseUrl)),
  };
}

function envelope(
  eventType: string,
  resourceType: string,
  at: Date,
  agent: WebhookReference | null,
  data: Record<string, unknown>,
): WebhookEvent {
  return {
    id: randomUUID(),
    event_type: eventType,
    resource_type: resourceType,
    occurred_at: at.toISOString(),
    agent,
    client: null,
    data,
  };
}

/** The event for an incident change (a snapshot: later changes do not alter it). */
export function incidentEvent(change: IncidentChange, baseUrl: string): WebhookEvent {
  const agent = webRef(change.agent, baseUrl);
  if (change.type === 'incident.annotated' && change.note) {
    const incident = {
      ...webRef({ ...change.incident, type: 'incident_reference' }, baseUrl),
      summary: change.incident.title,
    };
    const data = {
      incident: {
        id: incident.id,
        type: incident.type,
        summary: incident.summary,
        self: incident.self,
        html_url: incident.html_url,
      },
      id: change.note.id,
      content: change.note.content,
      trimmed: false,
      type: 'incident_note',
    };
    return envelope(change.type, 'incident', change.at, agent, data);
  }
  return envelope(change.type, 'incident', change.at, agent, incidentData(change.incident, baseUrl));
}

/** The event for a service change. */
export function serviceEvent(change: ServiceChange, baseUrl: string): WebhookEvent {
  return envelope(
    change.type,
    'service',
    change.at,
    change.agent && webRef(change.agent, baseUrl),
    serviceData(change.service, baseUrl),
  );
}

/** The `pagey.ping` event the ping endpoint sends. */
export function pingEvent(change: PingChange): WebhookEvent {
  return envelope('pagey.ping', 'pagey', change.at, null, { message: 'Hello from your friend Pagey!', type: 'ping' });
}

/**
 * The exact body to send for `event`, after the size rules: past {@link WEBHOOK_OMIT_BYTES}
 * a note's content is trimmed (`trimmed: true`); past {@link WEBHOOK_MAX_BYTES} there is
 * no body to send (`undefined`: the webhook is dropped).
 *
 * @example
 * ```ts
 * webhookBody(pingEvent({ kind: 'ping', subscriptionId: 'P1', at: new Date() })); // '{"event":{...}}'
 * ```
 */
export function webhookBody(event: WebhookEvent): string | undefined {
  let body = JSON.stringify({ event });
  if (
    Buffer.byteLength(body) > WEBHOOK_OMIT_BYTES &&
    event.data.type === 'incident_note' &&
    typeof event.data.content === 'string'
  ) {
    // Trim the note to what fits, leaving room for the envelope around it.
    const room = Math.max(
      0,
      WEBHOOK_OMIT_BYTES - (Buffer.byteLength(body) - Buffer.byteLength(event.data.content)) - 64,
    );
    const content = Buffer.from(event.data.content)
      .subarray(0, room)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
    body = JSON.stringify({ event: { ...event, data: { ...event.data, content, trimmed: true } } });
  }
  return Buffer.byteLength(body) > WEBHOOK_MAX_BYTES ? undefined : body;
}
