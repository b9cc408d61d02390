/**
 * The V3 webhook events: the envelope every delivery holds, the `data` type of each
 * `event_type`, and the union discriminated on `event_type`.
 *
 * @module
 */
import type {
  WebhookIncident,
  WebhookIncidentActionInvocation,
  WebhookIncidentConferenceBridge,
  WebhookIncidentFieldValues,
  WebhookIncidentNote,
  WebhookIncidentResponder,
  WebhookIncidentRoleAssignment,
  WebhookIncidentStatusUpdate,
  WebhookIncidentTask,
  WebhookIncidentWorkflowInstance,
  WebhookPing,
  WebhookReference,
  WebhookService,
  WebhookServiceFieldValues,
} from './event-data.js';

/** The `data` type of each documented `event_type` (and of `pagey.ping`). */
export interface WebhookEventDataMap {
  /** Someone acknowledged the incident. */
  'incident.acknowledged': WebhookIncident;
  /** An automation action was started on the incident. */
  'incident.action_invocation.created': WebhookIncidentActionInvocation;
  /** An automation action run on the incident ended. */
  'incident.action_invocation.terminated': WebhookIncidentActionInvocation;
  /** An automation action run on the incident changed state. */
  'incident.action_invocation.updated': WebhookIncidentActionInvocation;
  /** A note was added to the incident. */
  'incident.annotated': WebhookIncidentNote;
  /** The incident's conference number or URL changed. */
  'incident.conference_bridge.updated': WebhookIncidentConferenceBridge;
  /** The incident's custom field values changed. */
  'incident.custom_field_values.updated': WebhookIncidentFieldValues;
  /** The incident moved to another escalation policy. */
  'incident.delegated': WebhookIncident;
  /** The incident went to another user on the same escalation level. */
  'incident.escalated': WebhookIncident;
  /** The incident's type changed. */
  'incident.incident_type.changed': WebhookIncident;
  /** The incident's priority changed. */
  'incident.priority_updated': WebhookIncident;
  /** The incident was assigned to another user. */
  'incident.reassigned': WebhookIncident;
  /** A resolved incident was opened again. */
  'incident.reopened': WebhookIncident;
  /** The incident was resolved. */
  'incident.resolved': WebhookIncident;
  /** A responder was asked to join the incident. */
  'incident.responder.added': WebhookIncidentResponder;
  /** A responder answered the request to join. */
  'incident.responder.replied': WebhookIncidentResponder;
  /** An incident role was assigned or unassigned. */
  'incident.role.assigned': WebhookIncidentRoleAssignment;
  /** The incident moved to another service. */
  'incident.service_updated': WebhookIncident;
  /** A status update was published on the incident. */
  'incident.status_update_published': WebhookIncidentStatusUpdate;
  /** An incident task was completed. */
  'incident.task.completed': WebhookIncidentTask;
  /** An incident task was created. */
  'incident.task.created': WebhookIncidentTask;
  /** An incident task changed. */
  'incident.task.updated': WebhookIncidentTask;
  /** An incident was opened. */
  'incident.triggered': WebhookIncident;
  /** An acknowledgement ran out and the incident is triggered again. */
  'incident.unacknowledged': WebhookIncident;
  /** An incident workflow finished. */
  'incident.workflow.completed': WebhookIncidentWorkflowInstance;
  /** An incident workflow started. */
  'incident.workflow.started': WebhookIncidentWorkflowInstance;
  /** The test event of `POST /webhook_subscriptions/{id}/ping` (not subscribable). */
  'pagey.ping': WebhookPing;
  /** A service was created. */
  'service.created': WebhookService;
  /** The service's custom field values changed. */
  'service.custom_field_values.updated': WebhookServiceFieldValues;
  /** A service was deleted. */
  'service.deleted': WebhookService;
  /** A service changed. */
  'service.updated': WebhookService;
}

/** A documented `event_type`. */
export type WebhookEventType = keyof WebhookEventDataMap;

/** The `resource_type` an event type comes with. */
export type WebhookResourceType<Type extends string> = Type extends `incident.${string}`
  ? 'incident'
  : Type extends `service.${string}`
    ? 'service'
    : Type extends 'pagey.ping'
      ? 'pagey'
      : string;

/** What every event holds; `data` depends on `event_type`. */
export interface WebhookEventEnvelope<Type extends string, Data> {
  /** The event's unique ID. */
  readonly id: string;
  /** What happened, such as `incident.triggered`. */
  readonly event_type: Type;
  /** The kind of object that changed, such as `incident`. */
  readonly resource_type: WebhookResourceType<Type>;
  /** When it happened (ISO 8601). */
  readonly occurred_at: string;
  /** Who or what made the change, or `null`. */
  readonly agent: WebhookReference | null;
  /** Where the change was made from, or `null`. */
  readonly client: {
    /** The client's name, such as `PagerDuty`. */
    readonly name: string;
  } | null;
  /** The object the event is about. */
  readonly data: Data;
}

/** The event of one documented type (or a union of them): `WebhookEventOf<'incident.triggered'>`. */
export type WebhookEventOf<Type extends WebhookEventType> = {
  [T in Type]: WebhookEventEnvelope<T, WebhookEventDataMap[T]>;
}[Type];

/**
 * An event of a documented type: a union discriminated on `event_type`, so that a `switch`
 * or an `if` on it narrows `data`.
 */
export type WebhookEvent = WebhookEventOf<WebhookEventType>;

/**
 * An event of a type this version does not list (PagerDuty adds types over time): its
 * `data` is not typed.
 */
export type UnlistedWebhookEvent = WebhookEventEnvelope<string, unknown>;

/**
 * What a delivery holds: an event of a documented type, or of a type added since. Narrow
 * it with {@link isKnownWebhookEvent} (then `switch` on `event_type`) or {@link isWebhookEvent}.
 * (A union with a plain `string` member would not narrow on `event_type`: hence two types.)
 */
export type AnyWebhookEvent = WebhookEvent | UnlistedWebhookEvent;

/** Every documented event type, in alphabetical order (the runtime list behind the guards). */
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.freeze([
  'incident.acknowledged',
  'incident.action_invocation.created',
  'incident.action_invocation.terminated',
  'incident.action_invocation.updated',
  'incident.annotated',
  'incident.conference_bridge.updated',
  'incident.custom_field_values.updated',
  'incident.delegated',
  'incident.escalated',
  'incident.incident_type.changed',
  'incident.priority_updated',
  'incident.reassigned',
  'incident.reopened',
  'incident.resolved',
  'incident.responder.added',
  'incident.responder.replied',
  'incident.role.assigned',
  'incident.service_updated',
  'incident.status_update_published',
  'incident.task.completed',
  'incident.task.created',
  'incident.task.updated',
  'incident.triggered',
  'incident.unacknowledged',
  'incident.workflow.completed',
  'incident.workflow.started',
  'pagey.ping',
  'service.created',
  'service.custom_field_values.updated',
  'service.deleted',
  'service.updated',
] satisfies WebhookEventType[]);

/**
 * The type guard of every event type: whether `event` is of `type` (or of one of the
 * `types`), narrowing it, `data` included. One generic guard rather than thirty named ones:
 * the type names itself, as in a `switch`.
 *
 * @example
 * ```ts
 * if (isWebhookEvent(event, 'incident.triggered')) console.log(event.data.title);
 * if (isWebhookEvent(event, ['incident.resolved', 'incident.reopened'])) console.log(event.data.status);
 * ```
 */
export function isWebhookEvent<Type extends WebhookEventType>(
  event: AnyWebhookEvent,
  type: Type | readonly Type[],
): event is WebhookEventOf<Type> {
  const types: readonly string[] = typeof type === 'string' ? [type] : type;
  return types.includes(event.event_type);
}

/**
 * Whether `event` is of a type this version documents (not an {@link UnlistedWebhookEvent}):
 * after it, a `switch` on `event_type` narrows `data`.
 *
 * @example
 * ```ts
 * if (!isKnownWebhookEvent(event)) return console.warn(`new event type: ${event.event_type}`);
 * switch (event.event_type) {
 *   case 'incident.triggered': console.log(event.data.title); break;
 *   case 'incident.annotated': console.log(event.data.content); break;
 * }
 * ```
 */
export function isKnownWebhookEvent(event: AnyWebhookEvent): event is WebhookEvent {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.event_type);
}
