/**
 * The Events API's methods with the HTTP side of their answer: `events.withResponse.trigger(...)`
 * resolves to the value `events.trigger(...)` resolves to (as `data`), plus the status
 * (202 for an accepted event) and the `x-request-id` to quote to PagerDuty support.
 *
 * A view rather than new properties on the returned values: `trigger` returns a string,
 * which cannot carry them, and the API's own answer already has a `status` (`"success"`),
 * which an HTTP status beside it would contradict. The view leaves every existing method,
 * its return type and its value exactly as they were.
 *
 * @module
 */
import type { ApiClient } from '../client/api-client.js';
import type { FetchResponse } from '../transport/fetch-types.js';
import {
  changeEventBody,
  triggerEventProperties,
  withClientDedupKey,
  type SubmitOptions,
  type TriggerOptions,
} from './event-bodies.js';
import { alertEventReply, changeEventReply, type EventReply, type RefuseEvent } from './event-posting.js';
import type {
  AlertEventProperties,
  ChangeEvent,
  ChangeEventResponse,
  EventAction,
  EventResponse,
} from './event-types.js';

/**
 * What a method of {@link EventsWithResponse} resolves to: the method's usual value and
 * the HTTP facts of the answer.
 *
 * @typeParam T - the value the plain method resolves to
 */
export interface EventResult<T> {
  /** What the plain method resolves to: the dedup key for `trigger`, else the API's answer. */
  readonly data: T;
  /** The HTTP status of the answer: `202` when the Events API accepted the event. */
  readonly status: number;
  /** The answer's `x-request-id` header, to quote to PagerDuty support; `null` when absent. */
  readonly requestId: string | null;
  /**
   * The raw response (its body already read), for any other header. Not enumerable, as
   * `HttpError.response`: logging a result does not dump a whole response.
   */
  readonly response: FetchResponse;
}

/** What the view needs of its client: the route to the network and the client's own rules. */
export interface EventsWithResponseParts {
  /** The client whose `post` sends each event. */
  readonly client: ApiClient;
  /** Dates change events sent without a timestamp. */
  readonly now: () => Date;
  /** Builds the error for an event refused before any request. */
  readonly refuse: RefuseEvent;
}

/** The result of a reply: `data`, its status and request id (the response not enumerable). */
export function eventResult<T>(reply: Pick<EventReply, 'response'>, data: T): EventResult<T> {
  const { response } = reply;
  const result = { data, status: response.status, requestId: response.headers.get('x-request-id') };
  return Object.freeze(
    Object.defineProperty(result, 'response', { value: response, enumerable: false }),
  ) as EventResult<T>;
}

/**
 * The methods of `EventsApiV2Client`, each resolving to an {@link EventResult}: the same
 * checks, the same request, the same errors; only the answer says more. Reached as
 * `events.withResponse`.
 *
 * @example
 * ```ts
 * const { data: dedupKey, status, requestId } = await events.withResponse.trigger('Disk full', 'db01');
 * console.log(`Events API responded with ${status} (request ${requestId}); dedup key ${dedupKey}`);
 * ```
 */
export class EventsWithResponse {
  readonly #parts: EventsWithResponseParts;

  /** @param parts - the client, its clock and how it refuses an event */
  constructor(parts: EventsWithResponseParts) {
    this.#parts = parts;
  }

  /**
   * `trigger`, with the answer's status and request id; `data` is the dedup key.
   *
   * @example
   * ```ts
   * const { data: key, status } = await events.withResponse.trigger('CPU 100% on web03', 'web03', { severity: 'warning' });
   * ```
   */
  async trigger(summary: string, source: string, options: TriggerOptions = {}): Promise<EventResult<string>> {
    const result = await this.sendEvent(
      'trigger',
      withClientDedupKey(triggerEventProperties(summary, source, options)),
    );
    return eventResult(result, result.data.dedup_key);
  }

  /** `acknowledge`, with the answer's status and request id. */
  acknowledge(dedupKey: string): Promise<EventResult<EventResponse>> {
    return this.sendEvent('acknowledge', { dedup_key: dedupKey });
  }

  /** `resolve`, with the answer's status and request id. */
  resolve(dedupKey: string): Promise<EventResult<EventResponse>> {
    return this.sendEvent('resolve', { dedup_key: dedupKey });
  }

  /** `sendEvent`, with the answer's status and request id. */
  async sendEvent(action: EventAction, properties: AlertEventProperties = {}): Promise<EventResult<EventResponse>> {
    const { client, refuse } = this.#parts;
    const reply = await alertEventReply(client, { ...properties, event_action: action }, refuse);
    return eventResult(reply, reply.body as unknown as EventResponse);
  }

  /** `submit`, with the answer's status and request id. */
  submit(summary: string, options: SubmitOptions = {}): Promise<EventResult<ChangeEventResponse>> {
    return this.sendChangeEvent(changeEventBody(summary, options, this.#parts.now()));
  }

  /** `sendChangeEvent`, with the answer's status and request id. */
  async sendChangeEvent(body: ChangeEvent): Promise<EventResult<ChangeEventResponse>> {
    const { client, refuse } = this.#parts;
    const reply = await changeEventReply(client, body, refuse);
    return eventResult(reply, reply.body as unknown as ChangeEventResponse);
  }
}
