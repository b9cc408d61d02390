/**
 * `ChangeEventsAPISession`: change events as the predecessor sent them, on the core
 * engine, with the core's event builder and checks.
 *
 * @module
 */
import type { HttpMethod } from '../core/client/client-options.js';
import { routingKeyAuth } from '../core/auth/auth-methods.js';
import { changeEventBody } from '../core/events/event-bodies.js';
import type { ChangeEvent, CustomDetails, EventLink } from '../core/events/event-types.js';
import { eventRefusal, sendChangeEventBody } from '../core/events/event-posting.js';
import { EVENTS_BASE_URL } from '../core/events/endpoints.js';
import { legacyPolicyFor, resolveCompat } from './compat.js';
import { PDClientError } from './errors.js';
import {
  pdpyrasChangeEventProblems,
  submitOptionProblems,
  submitOptions,
  withoutNullFields,
  type Nullable,
  type SessionSubmitOptions,
} from './event-arguments.js';
import { PDSession } from './pd-session.js';
import { PD_SESSION_OPTION_NAMES, type PDSessionOptions } from './session-setup.js';
import { checkOptionNames, type OptionNames } from '../core/client/option-names.js';
import { checkedOptions } from '../core/client/internal-options.js';

const POST_ONLY: readonly HttpMethod[] = Object.freeze(['POST']);

/** Options of {@link ChangeEventsAPISession}: the session's, plus a clock. */
export interface ChangeEventsAPISessionOptions extends PDSessionOptions {
  /** The clock that dates change events submitted without a timestamp. @default () => new Date() */
  now?: () => Date;
}

/** The names of {@link ChangeEventsAPISessionOptions}, checked at construction. */
export const CHANGE_EVENTS_API_SESSION_OPTION_NAMES: OptionNames<ChangeEventsAPISessionOptions> = Object.freeze({
  ...PD_SESSION_OPTION_NAMES,
  now: true,
});

/**
 * A session for the Events API v2 change events (deploys, configuration changes),
 * authenticated by an integration's routing key (sent in each body).
 *
 * Unlike the core `EventsApiV2Client`, `submit` and `sendChangeEvent` return the change
 * event's `id` from the API's reply (`null` when the reply has none), as the predecessor's did.
 * As pdpyras, it sends events as given (only custom details that are not an object are
 * refused, as a {@link PDClientError}); `submit` takes an options object or pdpyras'
 * positional form, and `null` means absent. Its default `retry` follows `compat`: none
 * before 5.1.2, then `{500: 2, 502: 4, 503: 6}` (504 is never retried).
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
   *   defaults to `https://events.pagerduty.com` and `retry` to the `compat` release's (see above)
   */
  constructor(routingKey: string, options: ChangeEventsAPISessionOptions = {}) {
    checkOptionNames('ChangeEventsAPISession', options, CHANGE_EVENTS_API_SESSION_OPTION_NAMES);
    const { now, ...session } = options;
    super(
      routingKeyAuth(routingKey),
      checkedOptions({
        ...session,
        baseUrl: session.baseUrl ?? EVENTS_BASE_URL,
        retry: session.retry ?? legacyPolicyFor(resolveCompat(session.compat)).changeEventsRetry,
      }),
    );
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
   * @param options - `source`, `customDetails`, `links`, `images`, `timestamp` (default:
   *   now); pdpyras' `custom_details` too
   * @returns the change event's `id` from the reply, or `null` when the reply has none
   * @throws TypeError for arguments in neither form (the message shows both)
   * @example
   * ```ts
   * const id = await session.submit('Build 220 deployed', {
   *   source: 'build-agent-3',
   *   links: [{ href: 'https://ci.example.com/220' }],
   * });
   * ```
   */
  submit(summary: string, options?: SessionSubmitOptions): Promise<string | null>;
  /**
   * Submits a change event with pdpyras' positional arguments (`null` or `undefined` for
   * any to leave out).
   *
   * @example
   * ```ts
   * await session.submit('Build 220 deployed', 'build-agent-3', { build: 220 }, null, '2024-05-01T12:00:00Z');
   * ```
   */
  submit(
    summary: string,
    source?: string | null,
    customDetails?: CustomDetails | null,
    links?: readonly EventLink[] | null,
    timestamp?: string | Date | null,
  ): Promise<string | null>;
  async submit(summary: string, ...rest: unknown[]): Promise<string | null> {
    if (summary === undefined) throw new TypeError('submit needs a summary: submit(summary, options)');
    const options = submitOptions(rest);
    const problems = submitOptionProblems(options);
    if (problems.length > 0) throw new PDClientError(`invalid submit arguments: ${problems.join('; ')}`);
    return this.sendChangeEvent(changeEventBody(summary, options, this.#now()));
  }

  /**
   * Sends a change event in wire format (`payload`, `links`, ...), as given: its `null`
   * fields are left out, and the API judges the rest. Goes through `post`, so a subclass
   * overriding it sees it.
   *
   * @returns the change event's `id` from the reply, or `null` when the reply has none
   * @throws PDClientError before any request when the event is not an object
   * @throws the session's HTTP error when the API rejects the event
   * @example
   * ```ts
   * await session.sendChangeEvent({ payload: { summary: 'Config reloaded', source: 'lb01' }, links: null });
   * ```
   */
  async sendChangeEvent(event: Nullable<ChangeEvent>): Promise<string | null> {
    const refusal = eventRefusal('change', pdpyrasChangeEventProblems(event));
    if (refusal !== undefined) throw new PDClientError(refusal.message);
    try {
      const reply = await sendChangeEventBody(this, withoutNullFields(event) as ChangeEvent);
      return typeof reply.id === 'string' ? reply.id : null;
    } catch (error) {
      throw this.sessionErrors.atBoundary(error, { operation: 'change-event' });
    }
  }
}
