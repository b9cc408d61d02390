import { withApiClientOptionNames } from '../client/client-options.js';
import { checkedOptions } from '../client/internal-options.js';
import { checkOptionNames, type OptionNames } from '../client/option-names.js';
import { ApiClient, type ApiClientOptions, type HttpMethod, type RequestOptions } from '../client/api-client.js';
import { routingKeyAuth } from '../auth/auth-methods.js';
import {
  changeEventBody,
  triggerEventProperties,
  withClientDedupKey,
  type SubmitOptions,
  type TriggerOptions,
} from './event-bodies.js';
import type {
  AlertEventProperties,
  ChangeEvent,
  ChangeEventResponse,
  EventAction,
  EventResponse,
} from './event-types.js';
import { Refusal } from '../errors/refusal.js';
import { eventRefusal, sendAlertEvent, sendChangeEventBody } from './event-posting.js';
import { alertEventProblems, changeEventProblems } from './event-validation.js';
import { DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from './endpoints.js';
import { EventsWithResponse } from './events-with-response.js';
import type { FetchResponse } from '../platform/fetch-types.js';
import { isPlainObject } from '../plain-object.js';
import { regionalBaseUrl } from '../client/regions.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/** Options of {@link EventsApiV2Client}: the engine's options plus a clock. */
export interface EventsApiV2ClientOptions extends ApiClientOptions {
  /** The clock that dates change events sent without a timestamp. @default () => new Date() */
  now?: () => Date;
}

export const EVENTS_API_V2_CLIENT_OPTION_NAMES: OptionNames<EventsApiV2ClientOptions> =
  /* @__PURE__ */ withApiClientOptionNames({
    now: true,
  });

/**
 * A client of the Events API v2 (base URL {@link EVENTS_BASE_URL}), authenticated by the
 * routing (integration) key of an Events API v2 integration.
 *
 * @example
 * ```ts
 * await using events = new EventsApiV2Client(process.env.PAGERDUTY_ROUTING_KEY!);
 * const dedupKey = await events.trigger('Disk 99% full on db01', 'db01.example.com', { severity: 'error' });
 * await events.acknowledge(dedupKey);
 * await events.resolve(dedupKey);
 * await events.submit('Deployed v1.4.2', { source: 'ci', links: [{ href: 'https://ci.example.com/builds/42' }] });
 * // The HTTP status (202) and x-request-id of the answer, beside the usual value:
 * const { data, status, requestId } = await events.withResponse.resolve(dedupKey);
 * ```
 */
export class EventsApiV2Client extends ApiClient {
  readonly #now: () => Date;
  readonly #withResponse: EventsWithResponse;

  /**
   * Checks its arguments at once: construct inside `try` when the key comes from input.
   *
   * @param routingKey - the integration's routing key; sent in each body, never printed
   * @param options - engine options; `baseUrl` defaults to {@link EVENTS_BASE_URL},
   *   `retry` to {@link DEFAULT_EVENTS_RETRY}
   * @throws TypeError when `routingKey` is empty or not a string (every event needs it; a blank
   *   `' '` is left to the API to refuse), or for an unknown option name
   */
  constructor(routingKey: string, options: EventsApiV2ClientOptions = {}) {
    checkOptionNames('EventsApiV2Client', options, EVENTS_API_V2_CLIENT_OPTION_NAMES);
    const { now, ...engine } = options;
    super(
      routingKeyAuth(routingKey),
      checkedOptions({
        ...engine,
        baseUrl: engine.baseUrl ?? regionalBaseUrl(EVENTS_BASE_URL, engine.region, undefined),
        retry: engine.retry ?? DEFAULT_EVENTS_RETRY,
      }),
    );
    this.#now = now ?? (() => new Date());
    this.#withResponse = new EventsWithResponse({ client: this, now: () => this.#now() });
  }

  /**
   * The same methods, each resolving to an {@link EventResult}: the usual value as `data`, plus the
   * HTTP `status` (`202` when accepted) and the `requestId` (`x-request-id`).
   *
   * @example
   * ```ts
   * const { data: dedupKey, status, requestId } = await events.withResponse.trigger('Disk full', 'db01');
   * ```
   */
  get withResponse(): EventsWithResponse {
    return this.#withResponse;
  }

  /**
   * POSTs to the Events API without the event methods' checks; they all send through it, so an
   * override sees them too. Adds the client's `routing_key` to a `json` body (a new object, replacing
   * any the body has); checks neither the event nor the status and does not decode the body. A `json`
   * that is not a plain object is refused, as the routing key cannot go into it; a `body` you
   * serialised yourself is sent as it is.
   *
   * @param url - `/v2/enqueue`, `/v2/change/enqueue`, or a full URL of the Events API
   * @param options - `json` (the event, without `routing_key`) and the engine's request options
   * @throws UrlError before any request when `json` is not a plain object
   * @example
   * ```ts
   * const response = await events.post('/v2/enqueue', { json: { event_action: 'trigger', payload } });
   * ```
   */
  override post(url: string, options?: RequestOptions): Promise<FetchResponse> {
    if (options?.json !== undefined && !isPlainObject(options.json)) {
      const kind = Array.isArray(options.json)
        ? 'an array'
        : options.json === null
          ? 'null'
          : `a ${typeof options.json}`;
      return Promise.reject(
        this.refused(
          new Refusal(
            `Events API bodies are JSON objects (the routing key goes into them); got ${kind}`,
            'ERR_INVALID_ARGUMENT',
          ),
        ),
      );
    }
    return super.post(url, options);
  }

  /** Only POST: the Events API has no other method. */
  override get permittedMethods(): readonly HttpMethod[] {
    return POST_ONLY;
  }

  /**
   * Triggers an alert, or updates the open one with the same dedup key.
   *
   * @param summary - a brief summary of the problem; must not be empty
   * @param source - the affected system, preferably a host name
   * @param options - dedup key, severity (default `'critical'`), details, images, links, ...
   * @returns the dedup key: `options.dedupKey`, or one the client made (a random UUID),
   *   so that a retried trigger never opens a second alert
   * @throws UrlError before any request when the event is invalid
   * @throws HttpError when the API rejects the event (the message carries its errors)
   * @example
   * ```ts
   * const key = await events.trigger('CPU 100% on web03', 'web03', { severity: 'warning' });
   * ```
   */
  async trigger(summary: string, source: string, options: TriggerOptions = {}): Promise<string> {
    const response = await this.sendEvent(
      'trigger',
      withClientDedupKey(triggerEventProperties(summary, source, options)),
    );
    return response.dedup_key;
  }

  /**
   * Acknowledges the alert with this dedup key.
   *
   * @param dedupKey - the key `trigger` returned, or the one the trigger event set
   * @throws UrlError before any request when `dedupKey` is missing or empty
   * @example
   * ```ts
   * await events.acknowledge('db01/disk');
   * ```
   */
  acknowledge(dedupKey: string): Promise<EventResponse> {
    return this.sendEvent('acknowledge', { dedup_key: dedupKey });
  }

  /**
   * Resolves the alert with this dedup key.
   *
   * @param dedupKey - the key `trigger` returned, or the one the trigger event set
   * @throws UrlError before any request when `dedupKey` is missing or empty
   * @example
   * ```ts
   * await events.resolve('db01/disk');
   * ```
   */
  resolve(dedupKey: string): Promise<EventResponse> {
    return this.sendEvent('resolve', { dedup_key: dedupKey });
  }

  /**
   * Sends an alert event with the given action and wire-format properties.
   *
   * @param action - `'trigger'`, `'acknowledge'` or `'resolve'`
   * @param properties - the event without `event_action` and `routing_key`: `payload`, `dedup_key`, ...
   * @returns the API's answer, with the alert's `dedup_key`
   * @throws UrlError before any request for an unknown action or an invalid event
   * @throws HttpError when the API rejects the event; HttpServerError when it answers without a `dedup_key`
   * @example
   * ```ts
   * const { dedup_key } = await events.sendEvent('trigger', {
   *   payload: { summary: 'Queue backlog', source: 'worker-7', severity: 'info' },
   * });
   * ```
   */
  sendEvent(action: EventAction, properties: AlertEventProperties = {}): Promise<EventResponse> {
    const event = { ...properties, event_action: action };
    const refusal = eventRefusal('alert', alertEventProblems(event));
    if (refusal !== undefined) return Promise.reject(this.refused(refusal));
    return sendAlertEvent(this, event);
  }

  /**
   * Submits a change event (a deploy, a configuration change).
   *
   * @param summary - a brief summary of the change; must not be empty
   * @param options - source, details, links, images and timestamp (default: now)
   * @returns the API's answer
   * @throws UrlError before any request when the event is invalid
   * @example
   * ```ts
   * await events.submit('Build 220 deployed', { source: 'ci', links: [{ href: 'https://ci.example.com/220' }] });
   * ```
   */
  submit(summary: string, options: SubmitOptions = {}): Promise<ChangeEventResponse> {
    return this.sendChangeEvent(changeEventBody(summary, options, this.#now()));
  }

  /**
   * Sends a change event in wire format.
   *
   * @param body - the event without `routing_key`; `payload.summary` is required
   * @returns the API's answer
   * @throws UrlError before any request when the event is invalid
   * @throws HttpError when the API rejects the event
   * @example
   * ```ts
   * await events.sendChangeEvent({ payload: { summary: 'Config reloaded', source: 'lb01' } });
   * ```
   */
  sendChangeEvent(body: ChangeEvent): Promise<ChangeEventResponse> {
    const refusal = eventRefusal('change', changeEventProblems(body));
    if (refusal !== undefined) return Promise.reject(this.refused(refusal));
    return sendChangeEventBody(this, body);
  }
}
