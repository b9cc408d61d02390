/**
 * `EventsAPISession`: alert events (trigger, acknowledge, resolve) as the predecessor
 * sent them, on the core engine, with the core's event builders and checks.
 *
 * @module
 */
import type { HttpMethod } from '../core/client-options.js';
import { routingKeyAuth } from '../core/auth.js';
import { triggerEventProperties, type TriggerOptions } from '../core/events/event-bodies.js';
import type { AlertEventProperties, EventAction } from '../core/events/event-types.js';
import { DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from '../core/events/endpoints.js';
import { sendAlertEvent } from '../core/events/event-posting.js';
import { PDSession } from './pd-session.js';
import type { PDSessionOptions } from './session-setup.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/**
 * A session for the Events API v2 alert events, authenticated by an integration's
 * routing key (sent in each body). Every method returns the alert's dedup key, as the
 * predecessor's did.
 *
 * Unlike the core `EventsApiV2Client`, it has no change-event methods (use
 * `ChangeEventsAPISession`), and `acknowledge`, `resolve` and `sendEvent` return the
 * dedup key instead of the API's whole response.
 *
 * @example
 * ```ts
 * const session = new EventsAPISession(process.env.PAGERDUTY_ROUTING_KEY!);
 * const dedupKey = await session.trigger('Disk 99% full on db01', 'db01.example.com');
 * await session.acknowledge(dedupKey);
 * await session.resolve(dedupKey);
 * ```
 */
export class EventsAPISession extends PDSession {
  /**
   * @param routingKey - the integration's routing key; never printed
   * @param options - `compat`, `proxies` and the engine's options; `baseUrl` defaults to
   *   `https://events.pagerduty.com` and `retry` to `{500: 2, 502: 4, 503: 6, 504: 6}`
   */
  constructor(routingKey: string, options: PDSessionOptions = {}) {
    super(routingKeyAuth(routingKey), {
      ...options,
      baseUrl: options.baseUrl ?? EVENTS_BASE_URL,
      retry: options.retry ?? DEFAULT_EVENTS_RETRY,
    });
  }

  /** Only POST, as the predecessor's `permitted_methods`. */
  override get permittedMethods(): readonly HttpMethod[] {
    return POST_ONLY;
  }

  /**
   * Triggers an alert.
   *
   * @param summary - a brief summary of the problem
   * @param source - the affected system
   * @param options - `dedupKey`, `severity` (default `'critical'`), `payload`,
   *   `customDetails`, `images`, `links`, ...
   * @returns the dedup key: the given one, or the one the API assigned
   * @example
   * ```ts
   * const key = await session.trigger('CPU 100% on web03', 'web03', { severity: 'warning', dedupKey: 'web03/cpu' });
   * ```
   */
  trigger(summary: string, source: string, options: TriggerOptions = {}): Promise<string> {
    const { dedup_key: dedupKey, ...properties } = triggerEventProperties(summary, source, options);
    return this.sendEvent('trigger', dedupKey, properties);
  }

  /**
   * Acknowledges the alert with this dedup key.
   *
   * @returns the dedup key
   * @example
   * ```ts
   * await session.acknowledge('web03/cpu');
   * ```
   */
  acknowledge(dedupKey: string): Promise<string> {
    return this.sendEvent('acknowledge', dedupKey);
  }

  /**
   * Resolves the alert with this dedup key.
   *
   * @returns the dedup key
   * @example
   * ```ts
   * await session.resolve('web03/cpu');
   * ```
   */
  resolve(dedupKey: string): Promise<string> {
    return this.sendEvent('resolve', dedupKey);
  }

  /**
   * Sends an alert event: `properties` (wire format: `payload`, `images`, `links`, ...)
   * with `event_action` set to `action` and `dedup_key` to `dedupKey` when given.
   *
   * @returns the dedup key of the alert
   * @throws the session's URL error (`PDClientError` before `compat` 5.0.0) for an
   *   invalid event, before any request
   * @throws the session's HTTP error when the API rejects the event, and its server
   *   error when the reply has no `dedup_key`
   * @example
   * ```ts
   * await session.sendEvent('trigger', 'db01/disk', {
   *   payload: { summary: 'Disk full', source: 'db01', severity: 'error' },
   * });
   * ```
   */
  async sendEvent(action: EventAction, dedupKey?: string, properties: AlertEventProperties = {}): Promise<string> {
    const event = { ...properties, ...(dedupKey === undefined ? {} : { dedup_key: dedupKey }), event_action: action };
    const reply = await sendAlertEvent(this, event, (message) => this.makeError({ kind: 'url', message }));
    return reply.dedup_key;
  }
}
