// Builders return new objects (a caller's options are never changed) and leave out fields not given:
// the API rejects `null`s.
import type {
  AlertEventProperties,
  AlertPayload,
  ChangeEvent,
  ChangeEventPayload,
  CustomDetails,
  EventImage,
  EventLink,
  Severity,
} from './event-types.js';

/** Options of `EventsApiV2Client.trigger` (all optional). */
export interface TriggerOptions {
  /** Names the alert; without one the API assigns a new key, which `trigger` returns. */
  dedupKey?: string;
  /** How bad the problem is. @default 'critical' */
  severity?: Severity;
  /**
   * Payload fields set directly. They take precedence over `summary`, `source`,
   * `severity` and the other payload options, except `custom_details`, which is merged
   * with `customDetails` (whose keys win).
   */
  payload?: Partial<AlertPayload>;
  /** Additional details (`payload.custom_details`). */
  customDetails?: CustomDetails;
  /** Images to show on the alert. */
  images?: readonly EventImage[];
  /** Links to show on the alert. */
  links?: readonly EventLink[];
  /** The responsible component of the source (`payload.component`). */
  component?: string;
  /** The logical group of components (`payload.group`). */
  group?: string;
  /** The class or type of the event (`payload.class`). */
  class?: string;
  /** When the problem was detected (`payload.timestamp`); a `Date` is sent as ISO 8601 UTC. */
  timestamp?: string | Date;
  /** The name of the monitoring client (`client`). */
  client?: string;
  /** The URL of the monitoring client (`client_url`). */
  clientUrl?: string;
}

/** Options of `EventsApiV2Client.submit` (all optional). */
export interface SubmitOptions {
  /** Where the change happened (`payload.source`). */
  source?: string;
  /** Additional details (`payload.custom_details`). */
  customDetails?: CustomDetails;
  /** Links to show with the change. */
  links?: readonly EventLink[];
  /** Images to show with the change. */
  images?: readonly EventImage[];
  /** When the change happened; a `Date` is sent as ISO 8601 UTC. @default now */
  timestamp?: string | Date;
}

function defined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/** An invalid `Date` is kept visible to validation rather than thrown on here. */
export function isoTimestamp(value: string | Date | undefined): string | undefined {
  if (!(value instanceof Date)) return value;
  return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
}

function mergedDetails(
  fromPayload: CustomDetails | undefined,
  fromOption: CustomDetails | undefined,
): CustomDetails | undefined {
  if (fromPayload === undefined && fromOption === undefined) return undefined;
  // A non-object is passed through untouched so that validation can name it.
  if (fromOption === undefined) return fromPayload;
  if (fromPayload === undefined) return fromOption;
  return { ...fromPayload, ...fromOption };
}

export function triggerEventProperties(
  summary: string,
  source: string,
  options: TriggerOptions = {},
): AlertEventProperties {
  const { payload = {}, customDetails } = options;
  const fullPayload = defined({
    summary,
    source,
    severity: options.severity ?? 'critical',
    timestamp: isoTimestamp(options.timestamp),
    component: options.component,
    group: options.group,
    class: options.class,
    ...payload,
    custom_details: mergedDetails(payload.custom_details, customDetails),
  }) as AlertPayload;
  return defined({
    dedup_key: options.dedupKey,
    payload: fullPayload,
    client: options.client,
    client_url: options.clientUrl,
    images: options.images,
    links: options.links,
  });
}

export function changeEventBody(summary: string, options: SubmitOptions, now: Date): ChangeEvent {
  const payload = defined({
    summary,
    timestamp: isoTimestamp(options.timestamp ?? now),
    source: options.source,
    custom_details: options.customDetails,
  }) as ChangeEventPayload;
  return defined({ payload, links: options.links, images: options.images });
}

/**
 * The trigger with a dedup key made here when it has none: a retried trigger then folds
 * into the same alert (PagerDuty de-duplicates by key) instead of opening a second one.
 */
export function withClientDedupKey(properties: AlertEventProperties): AlertEventProperties {
  if (properties.dedup_key !== undefined) return properties;
  return { ...properties, dedup_key: globalThis.crypto.randomUUID() };
}
