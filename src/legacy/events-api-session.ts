/**
 * `EventsAPISession`: alert events (trigger, acknowledge, resolve) as the predecessor
 * took and sent them, on the core engine.
 *
 * @module
 */
import type { HttpMethod } from '../core/client/client-options.js';
import { routingKeyAuth } from '../core/auth/auth-methods.js';
import { triggerEventProperties } from '../core/events/event-bodies.js';
import type {
  AlertEventProperties,
  AlertPayload,
  CustomDetails,
  EventAction,
  EventImage,
  EventLink,
  Severity,
} from '../core/events/event-types.js';
import { eventRefusal, sendAlertEvent } from '../core/events/event-posting.js';
import { EVENTS_BASE_URL } from '../core/events/endpoints.js';
import { legacyPolicyFor, resolveCompat } from './compat.js';
import { PDClientError } from './errors.js';
import {
  pdpyrasAlertProblems,
  triggerOptionProblems,
  triggerOptions,
  type SessionTriggerOptions,
} from './event-arguments.js';
import { PDSession } from './pd-session.js';
import { PD_SESSION_OPTION_NAMES, type PDSessionOptions } from './session-setup.js';
import { checkOptionNames } from '../core/client/option-names.js';
import { checkedOptions } from '../core/client/internal-options.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/**
 * A session for the Events API v2 alert events, authenticated by an integration's
 * routing key (sent in each body). Every method returns the alert's dedup key, as the
 * predecessor's did.
 *
 * As pdpyras, it refuses only an unknown action, a missing dedup key for `acknowledge` and
 * `resolve`, and a `payload` or custom details that are not objects (as a
 * {@link PDClientError}, before any request); everything else is sent and judged by the
 * API. `trigger` takes an options object or pdpyras' positional form, and `null` for any
 * optional argument means absent.
 *
 * Unlike the core `EventsApiV2Client`, it has no change-event methods (use
 * `ChangeEventsAPISession`), and `acknowledge`, `resolve` and `sendEvent` return the
 * dedup key instead of the API's whole response. Its default `retry` follows `compat`:
 * none before 5.1.2, then `{500: 2, 502: 4, 503: 6, 504: 6}`.
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
   *   `https://events.pagerduty.com` and `retry` to the `compat` release's (see above)
   */
  constructor(routingKey: string, options: PDSessionOptions = {}) {
    checkOptionNames('EventsAPISession', options, PD_SESSION_OPTION_NAMES);
    super(
      routingKeyAuth(routingKey),
      checkedOptions({
        ...options,
        baseUrl: options.baseUrl ?? EVENTS_BASE_URL,
        retry: options.retry ?? legacyPolicyFor(resolveCompat(options.compat)).eventsRetry,
      }),
    );
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
   *   `customDetails`, `images`, `links`, ... (pdpyras' `dedup_key` and `custom_details` too)
   * @returns the dedup key: the given one, or the one the API assigned
   * @throws TypeError for arguments in neither form (the message shows both)
   * @example
   * ```ts
   * const key = await session.trigger('CPU 100% on web03', 'web03', { severity: 'warning', dedupKey: 'web03/cpu' });
   * ```
   */
  trigger(summary: string, source: string, options?: SessionTriggerOptions): Promise<string>;
  /**
   * Triggers an alert, with pdpyras' positional arguments (`null` or `undefined` for any
   * to leave out).
   *
   * @example
   * ```ts
   * await session.trigger('CPU 100% on web03', 'web03', 'web03/cpu', 'warning', null, { load: 12.5 });
   * ```
   */
  trigger(
    summary: string,
    source: string,
    dedupKey?: string | null,
    severity?: Severity | null,
    payload?: Partial<AlertPayload> | null,
    customDetails?: CustomDetails | null,
    images?: readonly EventImage[] | null,
    links?: readonly EventLink[] | null,
  ): Promise<string>;
  async trigger(summary: string, source: string, ...rest: unknown[]): Promise<string> {
    if (summary === undefined || source === undefined) {
      throw new TypeError('trigger needs a summary and a source: trigger(summary, source, options)');
    }
    const options = triggerOptions(rest);
    const problems = triggerOptionProblems(options);
    if (problems.length > 0) throw new PDClientError(`invalid trigger arguments: ${problems.join('; ')}`);
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
   * with `event_action` set to `action` and `dedup_key` to `dedupKey` when given. Its
   * `null` fields are left out. Goes through `post`, so a subclass overriding it sees it.
   *
   * @returns the dedup key of the alert
   * @throws PDClientError before any request for an unknown action, or no string dedup
   *   key for `acknowledge`/`resolve`
   * @throws the session's HTTP error when the API rejects the event, and its server
   *   error when the reply has no `dedup_key`
   * @example
   * ```ts
   * await session.sendEvent('trigger', 'db01/disk', {
   *   payload: { summary: 'Disk full', source: 'db01', severity: 'error' },
   * });
   * ```
   */
  async sendEvent(
    action: EventAction,
    dedupKey?: string | null,
    properties: AlertEventProperties = {},
  ): Promise<string> {
    const present = Object.fromEntries(
      Object.entries(properties).filter(([, value]) => value !== null && value !== undefined),
    );
    const key = dedupKey ?? undefined;
    const event = { event_action: action, ...present, ...(key === undefined ? {} : { dedup_key: key }) };
    const refusal = eventRefusal('alert', pdpyrasAlertProblems(event));
    if (refusal !== undefined) throw new PDClientError(refusal.message);
    try {
      return (await sendAlertEvent(this, event)).dedup_key;
    } catch (error) {
      throw this.sessionErrors.atBoundary(error, { operation: 'alert-event', expected: 'dedup_key' });
    }
  }
}
