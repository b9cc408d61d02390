/**
 * `EventsApiV2Client`: alert events (trigger, acknowledge, resolve) and change events for
 * the Events API v2. Every body is checked before it is sent; the routing key goes into
 * each body through the engine's routing-key auth.
 *
 * @module
 */
import { API_CLIENT_OPTION_NAMES } from '../api-client-options.js';
import { checkOptionNames, type OptionNames } from '../client/option-names.js';
import { ApiClient, type ApiClientOptions, type HttpMethod } from '../client/api-client.js';
import { routingKeyAuth } from '../auth/auth-methods.js';
import { changeEventBody, triggerEventProperties, type SubmitOptions, type TriggerOptions } from './event-bodies.js';
import type {
  AlertEventProperties,
  ChangeEvent,
  ChangeEventResponse,
  EventAction,
  EventResponse,
} from './event-types.js';
import { DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from './endpoints.js';
import { sendAlertEvent, sendChangeEventBody } from './event-posting.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/** Options of {@link EventsApiV2Client}: the engine's options plus a clock. */
export interface EventsApiV2ClientOptions extends ApiClientOptions {
  /** The clock that dates change events sent without a timestamp. @default () => new Date() */
  now?: () => Date;
}

/** The names of {@link EventsApiV2ClientOptions}, checked at construction. */
export const EVENTS_API_V2_CLIENT_OPTION_NAMES: OptionNames<EventsApiV2ClientOptions> = Object.freeze({ ...API_CLIENT_OPTION_NAMES, now: true });

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
 * ```
 */
export class EventsApiV2Client extends ApiClient {
  readonly #now: () => Date;

  /**
   * @param routingKey - the integration's routing key; sent in each body, never printed
   * @param options - engine options; `baseUrl` defaults to {@link EVENTS_BASE_URL} and
   *   `retry` to {@link DEFAULT_EVENTS_RETRY}
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
   * @returns the dedup key: `options.dedupKey`, or the one the API assigned
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
    const response = await this.sendEvent('trigger', triggerEventProperties(summary, source, options));
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
