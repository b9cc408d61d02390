/**
 * Sending one event body through a client's engine and reading the API's reply: what the
 * core Events client and the legacy events sessions share. The retries, the routing key
 * in the body and the transport are the engine's; this only checks the status and
 * decodes the reply.
 *
 * @module
 */
import type { ApiClient } from '../client/api-client.js';
import type { ClientOperation } from '../errors/failure-facts.js';
import { ALERT_EVENTS_PATH, CHANGE_EVENTS_PATH } from './endpoints.js';
import type {
  AlertEventProperties,
  ChangeEvent,
  ChangeEventResponse,
  EventAction,
  EventResponse,
} from './event-types.js';
import { alertEventProblems, changeEventProblems } from './event-validation.js';
import { eventsErrorDetail } from './events-error-detail.js';
import { isPlainObject } from '../plain-object.js';

/** Builds the error for an event refused before any request (the client's URL error). */
export type RefuseEvent = (message: string) => Error;

/**
 * Lists what is wrong with an event before it is sent (empty: send it). The core checks
 * the whole body against the API's description; the legacy sessions refuse only what
 * pdpyras refused and leave the rest to the API.
 */
export type EventProblems = (event: unknown) => string[];

/**
 * Checks an alert event and sends it to `/v2/enqueue`.
 *
 * @param problems - what makes an event invalid (default: the API's full description)
 * @throws what `refuse` builds for an invalid event, before any request
 * @throws the client's HTTP error when the API rejects the event; its server error when
 *   the reply has no `dedup_key`
 */
export async function sendAlertEvent(
  client: ApiClient,
  event: AlertEventProperties & { readonly event_action: EventAction },
  refuse: RefuseEvent,
  problems: EventProblems = alertEventProblems,
): Promise<EventResponse> {
  return (await alertEventReply(client, event, refuse, problems)).body as unknown as EventResponse;
}

/**
 * {@link sendAlertEvent}, returning the whole reply (status and headers too).
 *
 * @throws as {@link sendAlertEvent} does
 */
export async function alertEventReply(
  client: ApiClient,
  event: AlertEventProperties & { readonly event_action: EventAction },
  refuse: RefuseEvent,
  problems: EventProblems = alertEventProblems,
): Promise<EventReply> {
  const found = problems(event);
  if (found.length > 0) throw refuse(`invalid alert event: ${found.join('; ')}`);
  return postEvent(
    client,
    ALERT_EVENTS_PATH,
    event,
    { check: (value) => typeof value.dedup_key === 'string', describe: 'a dedup_key', key: 'dedup_key' },
    'alert-event',
  );
}

/**
 * Checks a change event and sends it to `/v2/change/enqueue`.
 *
 * @param problems - what makes an event invalid (default: the API's full description)
 * @throws what `refuse` builds for an invalid event, before any request
 * @throws the client's HTTP error when the API rejects the event
 */
export async function sendChangeEventBody(
  client: ApiClient,
  event: ChangeEvent,
  refuse: RefuseEvent,
  problems: EventProblems = changeEventProblems,
): Promise<ChangeEventResponse> {
  return (await changeEventReply(client, event, refuse, problems)).body as unknown as ChangeEventResponse;
}

/**
 * {@link sendChangeEventBody}, returning the whole reply (status and headers too).
 *
 * @throws as {@link sendChangeEventBody} does
 */
export async function changeEventReply(
  client: ApiClient,
  event: ChangeEvent,
  refuse: RefuseEvent,
  problems: EventProblems = changeEventProblems,
): Promise<EventReply> {
  const found = problems(event);
  if (found.length > 0) throw refuse(`invalid change event: ${found.join('; ')}`);
  return postEvent(client, CHANGE_EVENTS_PATH, event, undefined, 'change-event');
}

/** The Events API's reply to one event. */
export interface EventReply {
  /** The response (its body already read). */
  readonly response: Awaited<ReturnType<ApiClient['request']>>;
  /** The body as text. */
  readonly text: string;
  /** The decoded body. */
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * POSTs an event and returns the decoded reply.
 *
 * @param expectation - what the body must hold; by default only that it is a JSON object
 * @param operation - what is being sent, for the facts of its errors
 * @throws the client's HTTP error for a non-success status (its message carries the
 *   API's explanation), or its server error for a reply that is not a JSON object
 */
export async function postEvent(
  client: ApiClient,
  path: string,
  event: object,
  expectation: EventReplyExpectation = { check: () => true, describe: 'a JSON object' },
  operation?: ClientOperation,
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
      facts: { operation },
    });
  }
  const decoded = parseJson(text);
  const body = isPlainObject(decoded) ? decoded : undefined;
  if (body === undefined || !expectation.check(body)) {
    const reason = decoded === NOT_JSON ? 'not-json' : expectation.key === undefined ? 'unusable-body' : 'missing-key';
    const detail = `Events API responded without ${expectation.describe}`;
    throw client.httpError({
      method: 'POST',
      url,
      response,
      body: text,
      detail,
      kind: 'http-server',
      facts: { operation, reason, expected: expectation.key },
    });
  }
  return { response, text, body };
}

/** What a successful reply must hold, beyond being a JSON object. */
export interface EventReplyExpectation {
  /** Whether the decoded body has what the caller needs. */
  readonly check: (body: Readonly<Record<string, unknown>>) => boolean;
  /** What it must have, for the error message (`'a dedup_key'`). */
  readonly describe: string;
  /** The key it must have, when the check is about one (`'dedup_key'`), for the error's facts. */
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
