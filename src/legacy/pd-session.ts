/**
 * `PDSession`: the base of the session classes, and the type every session is an
 * instance of.
 *
 * @module
 */
import { ApiClient, type RequestOptions } from '../core/client/api-client.js';
import type { FetchResponse as Response } from '../core/platform/fetch-types.js';
import type { SessionErrors } from './error-factory.js';
import { authSecret, type AuthMethod } from '../core/auth/auth-methods.js';
import type { LegacyPolicy } from './compat.js';
import type { PdpyrasVersion } from './pdpyras-releases.js';
import { checkedSessionProxies, type SessionProxies } from './proxies.js';
import { brandSessionClass, isBrandedSession } from './session-brand.js';
import { truncated, withCredential } from './session-credential.js';
import { withInternal } from '../core/client/internal-options.js';
import {
  PD_SESSION_OPTION_NAMES,
  requestSite,
  sessionFacts,
  sessionSetup,
  type PDSessionOptions,
} from './session-setup.js';
import { checkOptionNames } from '../core/client/option-names.js';

/**
 * The base of the session classes: the core engine (`ApiClient`: retries, timeouts,
 * logging, `retry`, `sleepTimer`, ... as attributes) with the predecessor's error classes
 * and `proxies`, behaving as the pdpyras release named by `compat`.
 *
 * `x instanceof PDSession` is true for every session: `EventsAPISession` and
 * `ChangeEventsAPISession` extend it, and `APISession`, which extends the core
 * `RestApiV2Client` instead, is marked as a session too. Subclass it, as with the
 * predecessor, to write a session for another API.
 *
 * @example
 * ```ts
 * class StatusSession extends PDSession {
 *   constructor(token: string, options?: PDSessionOptions) {
 *     super(bearerAuth(token), { baseUrl: 'https://status.example.com', ...options });
 *   }
 * }
 * const session = new StatusSession(token, { compat: '4.3.0' });
 * session instanceof PDSession; // true
 * ```
 */
export abstract class PDSession extends ApiClient {
  /**
   * Whether a value is a session. On `PDSession` itself this checks the session mark
   * (so that `APISession` counts); on a subclass it is the ordinary prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this === PDSession) return isBrandedSession(value);
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }

  /** The pdpyras release this session behaves as (the `compat` option). */
  readonly compat: PdpyrasVersion;
  /** What that release does (see `COMPAT_RANGES`). */
  protected readonly legacyPolicy: LegacyPolicy;

  readonly #proxies: { current: SessionProxies };
  /** The session's errors, which its methods word again with what they knew. @internal */
  protected readonly sessionErrors: SessionErrors;

  /**
   * The engine's headers with the `Accept` the predecessor's sessions sent: any media type
   * (they set none, so the HTTP library's default went out).
   */
  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), Accept: '*/*' };
  }

  /**
   * @param auth - how requests are authenticated
   * @param options - `compat`, `proxies` and the engine's options
   * @throws TypeError / RangeError for an invalid `compat`
   */
  protected constructor(auth: AuthMethod, options: PDSessionOptions = {}) {
    checkOptionNames(new.target.name, options, PD_SESSION_OPTION_NAMES);
    const setup = sessionSetup(options);
    super(auth, withInternal(setup.engine, { ...setup.internal, optionsChecked: true }));
    this.compat = setup.compat;
    this.legacyPolicy = setup.policy;
    this.#proxies = setup.proxies;
    this.sessionErrors = setup.errors;
    setup.errors.bind(sessionFacts(this, () => this.auth));
  }

  /**
   * The engine's `request`; a failure is worded as the release worded it, naming the URL
   * before `params` were appended, as pdpyras' network error did.
   */
  override async request(method: string, url: string, options?: RequestOptions): Promise<Response> {
    try {
      return await super.request(method, url, options);
    } catch (error) {
      throw this.sessionErrors.atBoundary(error, requestSite(this, url));
    }
  }

  /**
   * The credential (pdpyras' `api_key`; the routing key of the events sessions). Assigning
   * a new one takes effect on the next request. It is an accessor, so it never shows in
   * `JSON.stringify(session)` or `util.inspect(session)`.
   */
  get apiKey(): string {
    return authSecret(this.auth)?.reveal() ?? '';
  }

  /**
   * Replaces the credential, sent the way the old one was.
   *
   * @throws TypeError when it is not a non-empty string (the old one stays)
   */
  set apiKey(value: string) {
    this.auth = withCredential(this.auth, value);
  }

  /** `*` and the last four characters of the credential (pdpyras' `trunc_key`). */
  get truncKey(): string {
    return truncated(this.auth);
  }

  /**
   * Proxy URLs by scheme (`{ https: 'http://proxy:3128' }`), read at every request:
   * changing an entry, or assigning a new object, applies from the next request.
   */
  get proxies(): SessionProxies {
    return this.#proxies.current;
  }

  /**
   * Replaces the proxies: the object itself is kept (not copied) and read at each request.
   *
   * @throws TypeError when it is not an object of proxy URL strings
   */
  set proxies(value: SessionProxies) {
    this.#proxies.current = checkedSessionProxies(value);
  }
}

brandSessionClass(PDSession);
