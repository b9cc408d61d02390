/**
 * `ChangeEventsAPISession`: change events as the predecessor sent them, on the core
 * engine, with the core's event builder and checks.
 *
 * @module
 */
import type { HttpMethod } from '../core/client-options.js';
import { routingKeyAuth } from '../core/auth.js';
import { changeEventBody, type SubmitOptions } from '../core/events/event-bodies.js';
import type { ChangeEvent } from '../core/events/event-types.js';
import { DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from '../core/events/endpoints.js';
import { sendChangeEventBody } from '../core/events/event-posting.js';
import { PDSession } from './pd-session.js';
import type { PDSessionOptions } from './session-setup.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/** Options of {@link ChangeEventsAPISession}: the session's, plus a clock. */
export interface ChangeEventsAPISessionOptions extends PDSessionOptions {
  /** The clock that dates change events submitted without a timestamp. @default () => new Date() */
  now?: () => Date;
}

/**
 * A session for the Events API v2 change events (deploys, configuration changes),
 * authenticated by an integration's routing key (sent in each body).
 *
 * Unlike the core `EventsApiV2Client`, `submit` and `sendChangeEvent` return the change
 * event's `id` from the API's reply (`null` when the reply has none), as the predecessor's did.
 *
 * @example
 * ```ts
 * const session = new ChangeEventsAPISession(process.env.PAGERDUTY_ROUTING_KEY!);
 * const id = await session.submit('Deployed v1.4.2', { source: 'ci' });
 * ```
 */
export class ChangeEventsAPISession extends PDSession {
  readonly #now: () => Date;

  /**
   * @param routingKey - the integration's routing key; never printed
   * @param options - `compat`, `proxies`, `now` and the engine's options; `baseUrl`
   *   defaults to `https://events.pagerduty.com` and `retry` to `{500: 2, 502: 4, 503: 6, 504: 6}`
   */
  constructor(routingKey: string, options: ChangeEventsAPISessionOptions = {}) {
    const { now, ...session } = options;
    super(routingKeyAuth(routingKey), {
      ...session,
      baseUrl: session.baseUrl ?? EVENTS_BASE_URL,
      retry: session.retry ?? DEFAULT_EVENTS_RETRY,
    });
    this.#now = now ?? (() => new Date());
  }

  /** Only POST, as the predecessor's `permitted_methods`. */
  override get permittedMethods(): readonly HttpMethod[] {
    return POST_ONLY;
  }

  /**
   * Submits a change event.
   *
   * @param summary - a brief summary of the change
   * @param options - `source`, `customDetails`, `links`, `images`, `timestamp` (default: now)
   * @returns the change event's `id` from the reply, or `null` when the reply has none
   * @example
   * ```ts
   * const id = await session.submit('Build 220 deployed', { source: 'build-agent-3', links: [{ href: 'https://ci.example.com/220' }] });
   * ```
   */
  submit(summary: string, options: SubmitOptions = {}): Promise<string | null> {
    return this.sendChangeEvent(changeEventBody(summary, options, this.#now()));
  }

  /**
   * Sends a change event in wire format (`payload`, `links`, ...).
   *
   * @returns the change event's `id` from the reply, or `null` when the reply has none
   * @throws the session's URL error (`PDClientError` before `compat` 5.0.0) for an
   *   invalid event, before any request; its HTTP error when the API rejects the event
   * @example
   * ```ts
   * await session.sendChangeEvent({ payload: { summary: 'Config reloaded', source: 'lb01' } });
   * ```
   */
  async sendChangeEvent(event: ChangeEvent): Promise<string | null> {
    const reply = await sendChangeEventBody(this, event, (message) => this.makeError({ kind: 'url', message }));
    return typeof reply.id === 'string' ? reply.id : null;
  }
}
