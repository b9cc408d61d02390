import type { ApiClient } from '../client/api-client.js';
import { Refusal } from '../errors/refusal.js';
import type {
  AlertEventProperties,
  ChangeEvent,
  ChangeEventResponse,
  EventAction,
  EventResponse,
  EventsErrorBody,
} from './event-types.js';
import { isPlainObject } from '../plain-object.js';
import { ALERT_EVENTS_PATH, CHANGE_EVENTS_PATH } from './endpoints.js';

// Shared by EventsApiV2Client and the legacy events sessions; retries and the routing key are the engine's.
// Each checks an event first (`eventRefusal`, with its own rules: the core checks the whole body against the
// API's description, the legacy sessions only what pdpyras checked), then sends it.

/** The refusal of an event with problems, or `undefined` for none. */
export function eventRefusal(kind: 'alert' | 'change', problems: readonly string[]): Refusal | undefined {
  if (problems.length === 0) return undefined;
  return new Refusal(`invalid ${kind} event: ${problems.join('; ')}`, 'ERR_INVALID_ARGUMENT');
}

export async function sendAlertEvent(
  client: ApiClient,
  event: AlertEventProperties & { readonly event_action: EventAction },
): Promise<EventResponse> {
  return (await alertEventReply(client, event)).body as unknown as EventResponse;
}

export async function alertEventReply(
  client: ApiClient,
  event: AlertEventProperties & { readonly event_action: EventAction },
): Promise<EventReply> {
  const expectation = {
    check: (value: Readonly<Record<string, unknown>>) => typeof value.dedup_key === 'string',
    describe: 'a dedup_key',
    key: 'dedup_key',
  };
  return postEvent(client, ALERT_EVENTS_PATH, event, expectation);
}

export async function sendChangeEventBody(client: ApiClient, event: ChangeEvent): Promise<ChangeEventResponse> {
  return (await changeEventReply(client, event)).body as unknown as ChangeEventResponse;
}

export async function changeEventReply(client: ApiClient, event: ChangeEvent): Promise<EventReply> {
  return postEvent(client, CHANGE_EVENTS_PATH, event);
}

export interface EventReply {
  readonly response: Awaited<ReturnType<ApiClient['request']>>;
  readonly text: string;
  readonly body: Readonly<Record<string, unknown>>;
}

export async function postEvent(
  client: ApiClient,
  path: string,
  event: object,
  expectation: EventReplyExpectation = { check: () => true, describe: 'a JSON object' },
): Promise<EventReply> {
  // An alert event with a dedup key may be retried: a second delivery updates the same alert.
  const keyed = typeof (event as { dedup_key?: unknown }).dedup_key === 'string';
  const response = await client.post(path, keyed ? { json: event, retryMode: 'idempotent' } : { json: event });
  const text = await response.text();
  const url = response.url || client.normalizeUrl(path);
  if (response.status < 200 || response.status >= 300) {
    throw client.httpError({
      method: 'POST',
      url,
      response,
      body: text,
      detail: eventsErrorDetail(response.status, text),
    });
  }
  const decoded = parseJson(text);
  const body = isPlainObject(decoded) ? decoded : undefined;
  if (body === undefined || !expectation.check(body)) {
    const code =
      decoded === NOT_JSON ? 'ERR_NOT_JSON' : expectation.key === undefined ? 'ERR_UNUSABLE_BODY' : 'ERR_MISSING_KEY';
    const detail = `Events API responded without ${expectation.describe}`;
    throw client.httpError({ method: 'POST', url, response, body: text, detail, code });
  }
  return { response, text, body };
}

export interface EventReplyExpectation {
  readonly check: (body: Readonly<Record<string, unknown>>) => boolean;
  readonly describe: string;
  readonly key?: string;
}

// An empty reply is no JSON value but not "invalid JSON" either: it is a reply without the key.
const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

export function parseEventsErrorBody(text: string): EventsErrorBody | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isPlainObject(parsed)) return undefined;
  const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
  const errors = Array.isArray(parsed.errors) ? parsed.errors.map((item) => String(item)) : undefined;
  return { status: asString(parsed.status), message: asString(parsed.message), errors };
}

/** `undefined` when the body says nothing useful: the engine's generic message is used then. */
export function eventsErrorDetail(status: number, text: string): string | undefined {
  const body = parseEventsErrorBody(text);
  if (!body) return undefined;
  const parts = [body.message ?? body.status, ...(body.errors ?? [])]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .map((part) => part.replace(/\s+/g, ' ').trim());
  if (parts.length === 0) return undefined;
  const prefix =
    status === 400
      ? 'Events API rejected the event'
      : status === 429
        ? 'Events API is throttling events'
        : status >= 500
          ? 'Events API responded with server error'
          : 'Events API responded with client error';
  return `${prefix}: ${parts.join('; ')}`;
}
