// A view rather than fields on the returned values: `trigger` returns a string, which cannot carry them, and
// the API's own answer already has a `status` (`"success"`) that an HTTP status beside it would contradict.
import type { ApiClient } from '../client/api-client.js';
import type { FetchResponse } from '../platform/fetch-types.js';
import {
  changeEventBody,
  triggerEventProperties,
  withClientDedupKey,
  type SubmitOptions,
  type TriggerOptions,
} from './event-bodies.js';
import { alertEventReply, changeEventReply, eventRefusal, type EventReply } from './event-posting.js';
import { alertEventProblems, changeEventProblems } from './event-validation.js';
import type {
  AlertEventProperties,
  ChangeEvent,
  ChangeEventResponse,
  EventAction,
  EventResponse,
} from './event-types.js';

/**
 * What an {@link EventsWithResponse} method resolves to: the plain method's value and the answer's HTTP side.
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
  /** The raw response (body already read), for other headers; not enumerable, so a logged result stays short. */
  readonly response: FetchResponse;
}

/** What the view needs of its client: the route to the network and the client's own rules. */
export interface EventsWithResponseParts {
  /** The client whose `post` sends each event. */
  readonly client: ApiClient;
  /** Dates change events sent without a timestamp. */
  readonly now: () => Date;
}

export function eventResult<T>(reply: Pick<EventReply, 'response'>, data: T): EventResult<T> {
  const { response } = reply;
  const result = { data, status: response.status, requestId: response.headers.get('x-request-id') };
  return Object.freeze(
    Object.defineProperty(result, 'response', { value: response, enumerable: false }),
  ) as EventResult<T>;
}

/**
 * `EventsApiV2Client`'s methods, each resolving to an {@link EventResult}: the same checks, request and
 * errors; only the answer says more. Reached as `events.withResponse`.
 */
export class EventsWithResponse {
  readonly #parts: EventsWithResponseParts;

  /** @param parts - the client and its clock */
  constructor(parts: EventsWithResponseParts) {
    this.#parts = parts;
  }

  /** `trigger`, with the answer's status and request id; `data` is the dedup key. */
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
    const { client } = this.#parts;
    const event = { ...properties, event_action: action };
    const refusal = eventRefusal('alert', alertEventProblems(event));
    if (refusal !== undefined) throw client.refused(refusal);
    const reply = await alertEventReply(client, event);
    return eventResult(reply, reply.body as unknown as EventResponse);
  }

  /** `submit`, with the answer's status and request id. */
  submit(summary: string, options: SubmitOptions = {}): Promise<EventResult<ChangeEventResponse>> {
    return this.sendChangeEvent(changeEventBody(summary, options, this.#parts.now()));
  }

  /** `sendChangeEvent`, with the answer's status and request id. */
  async sendChangeEvent(body: ChangeEvent): Promise<EventResult<ChangeEventResponse>> {
    const { client } = this.#parts;
    const refusal = eventRefusal('change', changeEventProblems(body));
    if (refusal !== undefined) throw client.refused(refusal);
    const reply = await changeEventReply(client, body);
    return eventResult(reply, reply.body as unknown as ChangeEventResponse);
  }
}
