// Only the envelope is checked: `data` of a verified body is trusted to match its `event_type`.
import { WebhookPayloadError } from './webhook-errors.js';
import type { AnyWebhookEvent } from './event-union.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function decodeEnvelope(bytes: Uint8Array): AnyWebhookEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (cause) {
    throw new WebhookPayloadError('invalid-json', 'the webhook body is not UTF-8 JSON', { cause });
  }
  if (!isObject(payload) || !isObject(payload.event))
    throw new WebhookPayloadError('invalid-envelope', 'the webhook body has no "event" object');
  const event = payload.event;
  for (const field of ['id', 'event_type', 'resource_type', 'occurred_at'] as const) {
    if (typeof event[field] !== 'string')
      throw new WebhookPayloadError('invalid-envelope', `the webhook event has no string "${field}"`);
  }
  if (!isObject(event.data))
    throw new WebhookPayloadError('invalid-envelope', 'the webhook event has no "data" object');
  for (const field of ['agent', 'client'] as const) {
    if (event[field] !== undefined && event[field] !== null && !isObject(event[field])) {
      throw new WebhookPayloadError('invalid-envelope', `the webhook event's "${field}" is neither an object nor null`);
    }
  }
  // A missing agent or client reads as null, as the types say.
  return { ...event, agent: event.agent ?? null, client: event.client ?? null } as unknown as AnyWebhookEvent;
}
