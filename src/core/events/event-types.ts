/** How bad the problem an alert describes is. */
export type Severity = 'critical' | 'error' | 'warning' | 'info';

export const SEVERITIES: readonly Severity[] = Object.freeze(['critical', 'error', 'warning', 'info']);

/** What an alert event does to the alert its dedup key names. */
export type EventAction = 'trigger' | 'acknowledge' | 'resolve';

export const EVENT_ACTIONS: readonly EventAction[] = Object.freeze(['trigger', 'acknowledge', 'resolve']);

/** Free-form details shown with an alert or change event (a JSON object). */
export type CustomDetails = Readonly<Record<string, unknown>>;

/** An image shown on the alert or incident (`images[]`). */
export interface EventImage {
  /** The image URL; PagerDuty shows only images served over HTTPS. */
  readonly src: string;
  /** A link the image points to. */
  readonly href?: string;
  /** Alternative text of the image. */
  readonly alt?: string;
}

/** A link shown on the alert, incident or change event (`links[]`). */
export interface EventLink {
  /** The link URL. */
  readonly href: string;
  /** The text shown for the link. */
  readonly text?: string;
}

/** The `payload` of a trigger event: what, where and how bad. */
export interface AlertPayload {
  /** A brief summary of the problem; it becomes the alert's title. */
  readonly summary: string;
  /** The affected system, preferably a host name or FQDN. */
  readonly source: string;
  /** How bad the problem is. */
  readonly severity: Severity;
  /** When the monitoring tool detected the problem (ISO 8601). */
  readonly timestamp?: string;
  /** The component of the source that is responsible (`mysql`). */
  readonly component?: string;
  /** A logical grouping of components (`prod-datapipe`). */
  readonly group?: string;
  /** The class or type of the event (`disk`). */
  readonly class?: string;
  /** Additional details about the event and the affected system. */
  readonly custom_details?: CustomDetails;
}

/**
 * An alert event as POSTed to `/v2/enqueue`, without `routing_key` (the client adds it).
 * `payload` is required for `trigger`; `dedup_key` for `acknowledge` and `resolve`.
 */
export interface AlertEvent {
  /** What to do. */
  readonly event_action: EventAction;
  /** Names the alert; on `trigger` the API assigns one when it is absent. */
  readonly dedup_key?: string;
  /** What happened (trigger events only). */
  readonly payload?: AlertPayload;
  /** The name of the monitoring client (trigger events only). */
  readonly client?: string;
  /** The URL of the monitoring client (trigger events only). */
  readonly client_url?: string;
  /** Images to show on the alert. */
  readonly images?: readonly EventImage[];
  /** Links to show on the alert. */
  readonly links?: readonly EventLink[];
}

/** The properties of an alert event other than its action (what `sendEvent` takes). */
export type AlertEventProperties = Omit<AlertEvent, 'event_action'>;

/** The Events API's answer to an accepted (202) alert event. */
export interface EventResponse {
  /** `"success"` when the event was accepted. */
  readonly status: string;
  /** `"Event processed"`, or a description of the problem. */
  readonly message?: string;
  /** The dedup key of the alert: the caller's, or the one the API assigned. */
  readonly dedup_key: string;
}

/** The `payload` of a change event. */
export interface ChangeEventPayload {
  /** A brief summary of the change (`Build Success: ...`). */
  readonly summary: string;
  /** When the change happened (ISO 8601). */
  readonly timestamp?: string;
  /** Where the change happened, preferably a host name. */
  readonly source?: string;
  /** Additional details about the change. */
  readonly custom_details?: CustomDetails;
}

/** A change event as POSTed to `/v2/change/enqueue`, without `routing_key`. */
export interface ChangeEvent {
  /** What changed. */
  readonly payload: ChangeEventPayload;
  /** Links to show with the change. */
  readonly links?: readonly EventLink[];
  /** Images to show with the change. */
  readonly images?: readonly EventImage[];
}

/** The Events API's answer to an accepted (202) change event. */
export interface ChangeEventResponse {
  /** `"success"` when the event was accepted. */
  readonly status: string;
  /** `"Change event processed"`, or a description of the problem. */
  readonly message?: string;
  /** An identifier of the change event, when the API returns one. */
  readonly id?: string;
}

/** The body of an Events API error response (400, 429, 5xx). */
export interface EventsErrorBody {
  /** A short name of the error (`"invalid event"`). */
  readonly status?: string;
  /** A description of the problem. */
  readonly message?: string;
  /** The specific problems found in the event. */
  readonly errors?: readonly string[];
}
