/**
 * The Events API v2: alert events (`POST /v2/enqueue`) trigger, acknowledge and resolve
 * incidents on the routing key's service by `dedup_key`; change events
 * (`POST /v2/change/enqueue`) are stored. Answers 202 on success, 400 with the API's
 * `{status, message, errors}` otherwise.
 *
 * @module
 */
import {
  validateAlertEvent,
  validateChangeEvent,
  invalidEventBody,
  type AlertEvent,
} from './incoming-event-validation.js';
import { changeStatus, createIncident } from '../store/incident-lifecycle.js';
import { randomHex32 } from '../store/random.js';
import { maintenanceOf } from '../store/maintenance.js';
import type { Reply } from '../server/replies.js';
import type { Alert, Incident, Integration, Service } from '../store/resources.js';
import type { EmulatorStore } from '../store/store.js';

/** The 202 body of a processed alert event. */
export interface AlertEventAccepted {
  /** Always `success`. */
  status: 'success';
  /** Always `Event processed`. */
  message: string;
  /** The event's deduplication key: the one sent, or the one assigned to a trigger without one. */
  dedup_key: string;
}

function target(store: EmulatorStore, routingKey: string): { integration: Integration; service: Service } | undefined {
  const integration = store.integrationByKey(routingKey);
  const service = integration ? store.services.get(integration.service.id) : undefined;
  return integration && service ? { integration, service } : undefined;
}

/** The open (not resolved) incident of a service with this key. */
function openIncident(store: EmulatorStore, service: Service, dedupKey: string): Incident | undefined {
  return store.incidents
    .all()
    .find(
      (incident) =>
        incident.service.id === service.id && incident.incident_key === dedupKey && incident.status !== 'resolved',
    );
}

function apply(store: EmulatorStore, event: AlertEvent, service: Service, now: Date): string {
  const dedupKey = event.dedupKey ?? randomHex32(store.random);
  const open = openIncident(store, service, dedupKey);
  const agent = store.ref(service);
  if (event.action === 'trigger') {
    // A repeated trigger while the key's alert is open is deduplicated into that alert: one
    // alert per dedup key (the Events API v2 description: `dedup_key` "Identifies the alert to
    // `trigger`, `acknowledge`, or `resolve`"; events-v2.openapiv3.json).
    // "No new incidents will be created for a service that is in maintenance" (POST /maintenance_windows).
    if (!open && !maintenanceOf(store, service.id, now))
      createIncident(store, {
        service,
        title: event.summary ?? 'Alert',
        incidentKey: dedupKey,
        at: now,
        agent,
        channel: 'api',
        severity: event.severity as Alert['severity'] | undefined,
        details: event.customDetails,
      });
  } else if (open && !(event.action === 'acknowledge' && open.status === 'acknowledged')) {
    changeStatus(store, open, event.action === 'acknowledge' ? 'acknowledged' : 'resolved', agent, now);
  }
  // An acknowledge or resolve for a key with no open incident is accepted and does nothing, as on the service.
  return dedupKey;
}

/**
 * Handles an alert event body (already decoded from JSON).
 *
 * @example
 * ```ts
 * handleAlertEvent(
 *   store,
 *   { routing_key, event_action: 'trigger', payload: { summary: 'Down', source: 'web', severity: 'critical' } },
 *   new Date(),
 * );
 * // { status: 202, body: { status: 'success', message: 'Event processed', dedup_key: '...' } }
 * ```
 */
export function handleAlertEvent(store: EmulatorStore, body: unknown, now: Date): Reply {
  const outcome = validateAlertEvent(body);
  if (!outcome.ok) return { status: 400, body: invalidEventBody(outcome.errors) };
  const found = target(store, outcome.value.routingKey);
  if (!found) return { status: 400, body: invalidEventBody(['Invalid routing key']) };
  const dedupKey = apply(store, outcome.value, found.service, now);
  const accepted: AlertEventAccepted = { status: 'success', message: 'Event processed', dedup_key: dedupKey };
  return { status: 202, body: accepted };
}

/** Handles a change event body (already decoded from JSON). */
export function handleChangeEvent(store: EmulatorStore, body: unknown, now: Date): Reply {
  const outcome = validateChangeEvent(body);
  if (!outcome.ok) return { status: 400, body: invalidEventBody(outcome.errors) };
  const found = target(store, outcome.value.routingKey);
  if (!found) return { status: 400, body: invalidEventBody(['Invalid routing key']) };
  const input = outcome.value;
  const id = store.ids.next();
  store.changeEvents.add({
    id,
    type: 'change_event',
    summary: input.summary,
    ...store.urls('change_events', id),
    timestamp: input.timestamp ? new Date(input.timestamp).toISOString() : now.toISOString(),
    source: input.source ?? null,
    custom_details: input.customDetails,
    links: input.links,
    services: [store.ref(found.service)],
    integration: store.ref(found.integration),
  });
  // The API answers only a status and a message here (no id: the description declares none).
  return { status: 202, body: { status: 'success', message: 'Change event processed' } };
}
