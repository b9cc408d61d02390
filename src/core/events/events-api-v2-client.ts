/**
 * `EventsApiV2Client`: alert events (trigger, acknowledge, resolve) and change events for
 * the Events API v2. Every body is checked before it is sent; the routing key goes into
 * each body through the engine's routing-key auth.
 *
 * @module
 */
import { API_CLIENT_OPTION_NAMES } from '../client/client-options.js';
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
import { DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from './endpoints.js';
import { sendAlertEvent, sendChangeEventBody } from './event-posting.js';
import { EventsWithResponse } from './events-with-response.js';
import type { FetchResponse } from '../transport/fetch-types.js';
import { isPlainObject } from '../plain-object.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/** Options of {@link EventsApiV2Client}: the engine's options plus a clock. */
export interface EventsApiV2ClientOptions extends ApiClientOptions {
  /** The clock that dates change events sent without a timestamp. @default () => new Date() */
  now?: () => Date;
}

/** The names of {@link EventsApiV2ClientOptions}, checked at construction. */
export const EVENTS_API_V2_CLIENT_OPTION_NAMES: OptionNames<EventsApiV2ClientOptions> = Object.freeze({
  ...API_CLIENT_OPTION_NAMES,
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
   * Checks its arguments at once, synchronously: a client that could send nothing is not
   * built. When the key comes from input (an environment variable, an Action's input),
   * construct the client inside `try`, as any other parsing of input.
   *
   * @param routingKey - the integration's routing key; sent in each body, never printed
   * @param options - engine options; `baseUrl` defaults to {@link EVENTS_BASE_URL} and
   *   `retry` to {@link DEFAULT_EVENTS_RETRY}
   * @throws TypeError (`a credential must be a non-empty string`) when `routingKey` is empty
   *   or not a string (`new EventsApiV2Client('')`, an unset variable): every event needs
   *   the key, so it fails here rather than as a 400 at each event. A blank key (`' '`)
   *   is not refused: the API rejects it.
   * @throws TypeError for an unknown option name
   */
  constructor(routingKey: string, options: EventsApiV2ClientOptions = {}) {
    checkOptionNames('EventsApiV2Client', options, EVENTS_API_V2_CLIENT_OPTION_NAMES);
    const { now, ...engine } = options;
    super(routingKeyAuth(routingKey), {
      ...engine,
      baseUrl: engine.baseUrl ?? EVENTS_BASE_URL,
      retry: engine.retry ?? DEFAULT_EVENTS_RETRY,
    });
    this.#now = now ?? (() => new Date());
    this.#withResponse = new EventsWithResponse({ client: this, now: () => this.#now(), refuse: this.#refuse });
  }

  /**
   * The same methods (`trigger`, `acknowledge`, `resolve`, `sendEvent`, `submit`,
   * `sendChangeEvent`), each resolving to an {@link EventResult}: the usual value as
   * `data`, plus the HTTP `status` (`202` for an accepted event) and the `requestId`
   * (`x-request-id`). The plain methods stay as they are.
   *
   * @example
   * ```ts
   * const { data: dedupKey, status, requestId } = await events.withResponse.trigger('Disk full', 'db01');
   * console.log(`PagerDuty responded with ${status} (request ${requestId ?? 'unknown'})`, dedupKey);
   * ```
   */
  get withResponse(): EventsWithResponse {
    return this.#withResponse;
  }

  /**
   * POSTs to the Events API without the event methods' checks: the escape hatch for a body
   * they do not build. All event methods send through it, so an override sees them too.
   *
   * What it adds: `routing_key`, the client's, to a `json` body (a new object; the client's
   * key replaces any `routing_key` the body has). What it does not do: check the event
   * (action, summary, source, severity, dedup key, links: a mistake is the API's `400`),
   * nor the status (the response is returned whatever it is, after the client's retries),
   * nor decode the body. The one check: a `json` that is not a plain object (an array, a
   * string, `null`) is refused, since the routing key cannot go into it and the Events API
   * accepts only an object. A `body` you serialised yourself is sent as it is, without the
   * routing key; `request('POST', ...)` skips this check too.
   *
   * @param url - `/v2/enqueue`, `/v2/change/enqueue`, or a full URL of the Events API
   * @param options - `json` (the event, without `routing_key`) and the engine's request options
   * @throws UrlError before any request when `json` is not a plain object
   * @example
   * ```ts
   * const response = await events.post('/v2/enqueue', {
   *   json: { event_action: 'trigger', payload: { summary: 'Raw event', source: 'script', severity: 'info' } },
   * });
   * console.log(response.status, response.headers.get('x-request-id'), await response.json());
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
        this.#refuse(`Events API bodies are JSON objects (the routing key goes into them); got ${kind}`),
      );
    }
    return super.post(url, options);
  }

  /** Only POST: the Events API has no other method. */
  override get permittedMethods(): readonly HttpMethod[] {
    return POST_ONLY;
  }

  /**
   * Triggers an alert (or updates the open one with the same dedup key).
   *
   * @param summary - a brief summary of the problem; must not be empty
   * @param source - the affected system, preferably a host name
   * @param options - dedup key, severity (default `'critical'`), details, images, links, ...
   * @returns the dedup key: `options.dedupKey`, or one the client made (a random UUID),
   *   so that a retried trigger never opens a second alert
   * @throws UrlError before any request when the event is invalid
   * @throws HttpError when the API rejects the event (the message carries its errors)
   *
   * @example
   * ```ts
   * const key = await events.trigger('CPU 100% on web03', 'web03', {
   *   severity: 'warning',
   *   customDetails: { load: 12.5 },
   *   links: [{ href: 'https://grafana.example.com/d/web', text: 'Dashboard' }],
   * });
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
   * @throws UrlError before any request when `dedupKey` is missing or empty
   *
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
   * @throws UrlError before any request when `dedupKey` is missing or empty
   *
   * @example
   * ```ts
   * await events.resolve('db01/disk');
   * ```
   */
  resolve(dedupKey: string): Promise<EventResponse> {
    return this.sendEvent('resolve', { dedup_key: dedupKey });
  }

  /**
   * Sends an alert event with the given action and wire-format properties, and returns
   * the API's response.
   *
   * @throws UrlError before any request for an unknown action or an invalid event
   * @throws HttpError when the API rejects the event
   * @throws HttpServerError when the API answers without a `dedup_key`
   *
   * @example
   * ```ts
   * const { dedup_key } = await events.sendEvent('trigger', {
   *   payload: { summary: 'Queue backlog', source: 'worker-7', severity: 'info', component: 'sidekiq' },
   *   client: 'Monitor', client_url: 'https://monitor.example.com',
   * });
   * ```
   */
  sendEvent(action: EventAction, properties: AlertEventProperties = {}): Promise<EventResponse> {
    return sendAlertEvent(this, { ...properties, event_action: action }, this.#refuse);
  }

  /**
   * Submits a change event (a deploy, a configuration change) to `/v2/change/enqueue`.
   *
   * @param summary - a brief summary of the change; must not be empty
   * @param options - source, details, links, images and timestamp (default: now)
   * @returns the API's response
   *
   * @example
   * ```ts
   * await events.submit('Build 220 deployed', {
   *   source: 'build-agent-3',
   *   customDetails: { build_number: '220' },
   *   links: [{ href: 'https://ci.example.com/builds/220', text: 'Build' }],
   * });
   * ```
   */
  submit(summary: string, options: SubmitOptions = {}): Promise<ChangeEventResponse> {
    return this.sendChangeEvent(changeEventBody(summary, options, this.#now()));
  }

  /**
   * Sends a change event in wire format and returns the API's response.
   *
   * @throws UrlError before any request when the event is invalid
   * @throws HttpError when the API rejects the event
   *
   * @example
   * ```ts
   * await events.sendChangeEvent({ payload: { summary: 'Config reloaded', source: 'lb01' } });
   * ```
   */
  sendChangeEvent(body: ChangeEvent): Promise<ChangeEventResponse> {
    return sendChangeEventBody(this, body, this.#refuse);
  }

  readonly #refuse = (message: string): Error => this.makeError({ kind: 'url', message });
}
