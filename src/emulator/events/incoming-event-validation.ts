/**
 * Validation of Events API v2 bodies (alert events on `/v2/enqueue`, change events on
 * `/v2/change/enqueue`) and the API's answer shapes: 202 `{status, message, dedup_key}`,
 * 400 `{status: 'invalid event', message, errors}`.
 *
 * @module
 */
import { SEVERITIES } from '../../core/events/event-types.js';
import { isPlainObject } from '../../core/plain-object.js';

/** The alert actions. */
export type AlertAction = 'trigger' | 'acknowledge' | 'resolve';

/** A valid alert event. */
export interface AlertEvent {
  /** The integration's routing key. */
  routingKey: string;
  /** What to do. */
  action: AlertAction;
  /** The deduplication key (required unless triggering). */
  dedupKey?: string;
  /** `payload.summary` (triggers). */
  summary?: string;
  /** `payload.source` (triggers). */
  source?: string;
  /** `payload.severity` (triggers). */
  severity?: string;
  /** `payload.custom_details`, when an object (triggers). */
  customDetails?: Record<string, unknown>;
}

/** A valid change event. */
export interface ChangeEventInput {
  /** The integration's routing key. */
  routingKey: string;
  /** `payload.summary`. */
  summary: string;
  /** `payload.source`, when given. */
  source?: string;
  /** `payload.timestamp`, when given. */
  timestamp?: string;
  /** `payload.custom_details`. */
  customDetails: Record<string, unknown>;
  /** `links`. */
  links: unknown[];
}

/** A validation outcome: the value, or the reasons it is invalid. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: string[] };

const ACTIONS: readonly string[] = ['trigger', 'acknowledge', 'resolve'];
/** Longest `payload.summary` accepted. */
export const MAX_SUMMARY_LENGTH = 1024;
/** Longest `dedup_key` accepted. */
export const MAX_DEDUP_KEY_LENGTH = 255;

function blank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

function checkSummary(payload: Record<string, unknown>, errors: string[]): void {
  if (blank(payload.summary)) errors.push("'payload.summary' is missing or blank");
  else if ((payload.summary as string).length > MAX_SUMMARY_LENGTH) {
    errors.push(`'payload.summary' must be at most ${MAX_SUMMARY_LENGTH} characters`);
  }
  if (
    payload.timestamp !== undefined &&
    (typeof payload.timestamp !== 'string' || Number.isNaN(Date.parse(payload.timestamp)))
  ) {
    errors.push("'payload.timestamp' must be an ISO 8601 date-time");
  }
}

/**
 * Validates an alert event body.
 *
 * @example
 * ```ts
 * validateAlertEvent({ routing_key: 'k', event_action: 'resolve' });
 * // { ok: false, errors: ["'dedup_key' is missing or blank"] }
 * ```
 */
export function validateAlertEvent(body: unknown): Validated<AlertEvent> {
  if (!isPlainObject(body)) return { ok: false, errors: ['Event must be a JSON object'] };
  const errors: string[] = [];
  if (blank(body.routing_key)) errors.push("'routing_key' is missing or blank");
  const action = body.event_action;
  if (typeof action !== 'string' || !ACTIONS.includes(action)) {
    errors.push("'event_action' must be one of trigger, acknowledge or resolve");
  }
  const dedupKey = body.dedup_key;
  if (dedupKey !== undefined && dedupKey !== null && typeof dedupKey !== 'string')
    errors.push("'dedup_key' must be a string");
  else if (typeof dedupKey === 'string' && dedupKey.length > MAX_DEDUP_KEY_LENGTH) {
    errors.push(`'dedup_key' must be at most ${MAX_DEDUP_KEY_LENGTH} characters`);
  } else if (action !== 'trigger' && ACTIONS.includes(action as string) && blank(dedupKey)) {
    errors.push("'dedup_key' is missing or blank");
  }
  const payload = body.payload;
  if (action === 'trigger') {
    if (!isPlainObject(payload)) errors.push("'payload' is missing or not an object");
    else {
      checkSummary(payload, errors);
      if (blank(payload.source)) errors.push("'payload.source' is missing or blank");
      if (typeof payload.severity !== 'string' || !(SEVERITIES as readonly string[]).includes(payload.severity)) {
        errors.push("'payload.severity' must be one of critical, error, warning or info");
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const fields = isPlainObject(payload) && action === 'trigger' ? payload : {};
  return {
    ok: true,
    value: {
      routingKey: body.routing_key as string,
      action: action as AlertAction,
      ...(typeof dedupKey === 'string' && dedupKey !== '' ? { dedupKey } : {}),
      ...(typeof fields.summary === 'string' ? { summary: fields.summary } : {}),
      ...(typeof fields.source === 'string' ? { source: fields.source } : {}),
      ...(typeof fields.severity === 'string' ? { severity: fields.severity } : {}),
      ...(isPlainObject(fields.custom_details) ? { customDetails: fields.custom_details } : {}),
    },
  };
}

/** Validates a change event body. */
export function validateChangeEvent(body: unknown): Validated<ChangeEventInput> {
  if (!isPlainObject(body)) return { ok: false, errors: ['Event must be a JSON object'] };
  const errors: string[] = [];
  if (blank(body.routing_key)) errors.push("'routing_key' is missing or blank");
  const payload = body.payload;
  if (!isPlainObject(payload)) errors.push("'payload' is missing or not an object");
  else {
    checkSummary(payload, errors);
    if (payload.custom_details !== undefined && !isPlainObject(payload.custom_details)) {
      errors.push("'payload.custom_details' must be an object");
    }
  }
  if (body.links !== undefined && !Array.isArray(body.links)) errors.push("'links' must be a list");
  if (errors.length > 0 || !isPlainObject(payload)) return { ok: false, errors };
  return {
    ok: true,
    value: {
      routingKey: body.routing_key as string,
      summary: payload.summary as string,
      ...(typeof payload.source === 'string' ? { source: payload.source } : {}),
      ...(typeof payload.timestamp === 'string' ? { timestamp: payload.timestamp } : {}),
      customDetails: isPlainObject(payload.custom_details) ? { ...payload.custom_details } : {},
      links: Array.isArray(body.links) ? [...(body.links as unknown[])] : [],
    },
  };
}

/** The 400 body for an invalid event. */
export function invalidEventBody(errors: readonly string[]): { status: string; message: string; errors: string[] } {
  return { status: 'invalid event', message: 'Event object is invalid', errors: [...errors] };
}

/** The 400 body for a body that is not JSON. */
export function unrecognizedEventBody(): { status: string; message: string; errors: string[] } {
  return {
    status: 'Unrecognized object',
    message: 'Event object format is unrecognized',
    errors: ['JSON parse error'],
  };
}
