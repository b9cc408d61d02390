/**
 * `APISession`: the predecessor's REST API v2 session, which is the core
 * `RestApiV2Client` built with the policy and error classes of its `compat` release.
 *
 * @module
 */
import { authSecret, type AuthType } from '../core/auth/auth-methods.js';
import type { HttpMethod, RequestOptions } from '../core/client/client-options.js';
import { urlPathOf } from '../core/request/url.js';
import { RestApiV2Client } from '../core/rest/rest-api-v2-client.js';
import type { UntypedApi } from '../core/types/api-types.js';
import { pathTokens, urlPathSegments } from '../core/rest/endpoints/entity-wrappers.js';
import type { ResourceTarget } from '../core/rest/endpoints/policy.js';
import type { LegacyPolicy } from './compat.js';
import type { PdpyrasVersion } from './pdpyras-releases.js';
import { checkedSessionProxies, type SessionProxies } from './proxies.js';
import { brandSessionClass } from './session-brand.js';
import { sessionAuth, truncated } from './session-credential.js';
import { withInternal } from '../core/client/internal-options.js';
import {
  PD_SESSION_OPTION_NAMES,
  requestSite,
  sessionFacts,
  sessionSetup,
  type PDSessionOptions,
} from './session-setup.js';
import type { SessionErrors } from './error-factory.js';
import type { CallSite } from './legacy-failure.js';
import type { QueryParams } from '../core/request/query.js';
import type { FetchedPage } from '../core/rest/pagination/pages.js';
import type { IterAllOptions } from '../core/rest/rest-options.js';
import { concurrencyOrDefault } from '../core/rest/pagination/limits.js';
import { Refusal } from '../core/errors/refusal.js';
import { checkOptionNames, type OptionNames } from '../core/client/option-names.js';

/** Options of {@link APISession} (all optional): the session's, plus these. */
export interface APISessionOptions extends PDSessionOptions {
  /**
   * The email of a valid user, sent as `From` on every request (what an account-level
   * key needs on endpoints that act on incidents). Settable later as `session.defaultFrom`.
   */
  defaultFrom?: string;
  /** How the credential is sent: `'token'` (API key), `'oauth2'`/`'bearer'` (OAuth token). @default 'token' */
  authType?: AuthType;
}

// The response types are named through the core so that the legacy layer never imports node-fetch.
type DeleteResponse = Awaited<ReturnType<RestApiV2Client['rdelete']>>;
type Response = Awaited<ReturnType<RestApiV2Client['request']>>;

const SESSION_METHODS: readonly HttpMethod[] = Object.freeze(['GET', 'POST', 'PUT', 'DELETE']);

/** The names of {@link APISessionOptions}, checked at construction. */
export const API_SESSION_OPTION_NAMES: OptionNames<APISessionOptions> = Object.freeze({
  ...PD_SESSION_OPTION_NAMES,
  defaultFrom: true,
  authType: true,
});

/** pdpyras 4.x's call metrics key: `'get:users/{id}'`, from the URL's own segments. */
function pdpyras4CallKey(method: string, url: string, baseUrl: string): string {
  const nodes = url.startsWith(baseUrl) ? urlPathSegments(urlPathOf(baseUrl, url)) : null;
  return `${method.toLowerCase()}:${nodes === null ? url : pathTokens(nodes).join('/')}`;
}

/**
 * An item hook as a session calls it: the third argument is the total the API reported,
 * else `'?'` from `compat` 5.0.0 (`null` before), as pdpyras passed it. Annotate a hook
 * with this type to handle both.
 */
export type SessionItemHook<T = Record<string, unknown>> = (item: T, count: number, total: number | '?' | null) => void;

/**
 * A REST API v2 session: a core `RestApiV2Client` (so `rget`, `rput`, `iterAll`,
 * `listAll`, `find`, `persist`, ... work exactly as there) that behaves as the pdpyras
 * release named by `compat` (see `COMPAT_RANGES` for every gate):
 *
 * - every error is worded, and of the class, that release raised (see `release-wording.ts`);
 * - before 4.4.0, list-valued query keys are sent without `[]` and every error is a plain
 *   {@link PDClientError}; from 4.4.0 HTTP failures are {@link PDHTTPError}; from 5.0.0 a
 *   500 and an unusable body are a {@link PDServerError} (502 to 504 stay `PDHTTPError`, as
 *   pdpyras 5.x's `status / 100 == 5` left them);
 * - before 5.0.0, `rdelete` resolves to `null` (pdpyras 4.x returned nothing);
 * - before 5.0.0, wrappers follow pdpyras 4.x's rule on the URL's own segments (no
 *   canonical path table: `rget('/users/me')` returns the user, a path outside the table
 *   is sent), `rget`/`rput`/`rdelete` take a resource object from 4.1.0, and refused input
 *   is a `PDClientError`; from 5.0.0 the wrapper table applies, the j-methods take
 *   resource objects too, item hooks get `'?'` for an unknown total, and a refused URL or
 *   path is a {@link URLError}. `rpost` never takes a resource object;
 * - a method it does not permit (PATCH) is a `PDClientError` at every release.
 *
 * It keeps pdpyras' attributes (`apiCallCounts`, `apiTime`, `totalCallCount`,
 * `totalCallTime`, `defaultPageSize`, `apiKey`, `authType`, `truncToken`) and its
 * extension points: every higher-level method reaches the network through the session's
 * own `get`/`post`/`put`/`delete`, which call `request`, so a subclass that overrides one
 * sees every call. `retry`, `headers` and `proxies` are plain objects read at every request.
 *
 * The methods pdpyras' session did not have are the core client's, under the session's
 * policy and error classes: `getTotal`, `iterHistory`, `jdelete` and the iterators of
 * endpoints with their own pagination work; `jpatch` and `rpatch` are refused as `patch`
 * is (a `PDClientError`: PATCH is not permitted).
 *
 * Like the predecessor, the session is untyped ({@link UntypedApi}): results are `unknown`
 * (iterator items `Record<string, unknown>`) unless a type argument says otherwise, and any
 * query or body is accepted, whatever the path.
 *
 * @example
 * ```ts
 * const session = new APISession(process.env.PAGERDUTY_API_KEY!, {
 *   defaultFrom: 'oncall@example.com',
 *   compat: '5.4.1',
 * });
 * session.retry[404] = 2;
 * const user = await session.rget('/users/PABC123');
 * for await (const incident of session.iterAll('/incidents', { statuses: ['triggered'] })) console.log(incident.id);
 * session.proxies.https = 'proxy.internal:3128'; // applies from the next request
 * console.log(session.apiCallCounts); // { 'GET /users/{id}': 1, 'GET /incidents': 1 }
 * ```
 */
export class APISession extends RestApiV2Client<UntypedApi> {
  /** The pdpyras release this session behaves as (the `compat` option). */
  readonly compat: PdpyrasVersion;

  readonly #proxies: { current: SessionProxies };
  readonly #legacyPolicy: LegacyPolicy;
  readonly #errors: SessionErrors;
  #authType: AuthType;

  /**
   * @param apiKey - the API key, or an OAuth access token with `authType: 'oauth2'`
   * @param options - `defaultFrom`, `authType`, `debug`, `compat`, `proxies` and the engine's options
   * @throws TypeError / RangeError for an invalid `compat` or `authType`
   */
  constructor(apiKey: string, options: APISessionOptions = {}) {
    checkOptionNames('APISession', options, API_SESSION_OPTION_NAMES);
    const setup = sessionSetup(options);
    // Call metrics are keyed as the `compat` release keyed them: 'GET /users/{id}' from 5.0.0.
    const callKey = setup.policy.callKeys === 'tokens' ? pdpyras4CallKey : undefined;
    super(
      apiKey,
      withInternal(setup.engine, { ...setup.internal, restPolicy: setup.policy.rest, callKey, optionsChecked: true }),
    );
    this.compat = setup.compat;
    this.#proxies = setup.proxies;
    this.#legacyPolicy = setup.policy;
    this.#authType = options.authType ?? 'token';
    this.#errors = setup.errors;
    setup.errors.bind(
      sessionFacts(this, () => this.auth, {
        canonicalPathOf: (url) =>
          this.#quietly(() => {
            const path = this.endpointLookup.canonicalPath(url);
            return path instanceof Refusal ? null : path;
          }),
        responseWrapperOf: (method, url) => this.#quietly(() => this.#responseWrapper(method, url)),
      }),
    );
  }

  /**
   * The engine's `request`; a failure is worded as the release worded it, naming the URL
   * before `params` were appended, as pdpyras' network error did.
   */
  override async request(method: string, url: string, options?: RequestOptions): Promise<Response> {
    try {
      return await super.request(method, url, options);
    } catch (error) {
      throw this.#errors.atBoundary(error, requestSite(this, url));
    }
  }

  /** The pages of an index; a failure is worded as the release worded it for the method paging. @internal */
  protected override async *pagesOf(
    url: string,
    params: QueryParams,
    options: Pick<IterAllOptions<unknown>, 'pageSize' | 'total' | 'concurrency'>,
    method: string,
  ): AsyncGenerator<FetchedPage, void, undefined> {
    try {
      yield* super.pagesOf(url, params, options, method);
    } catch (error) {
      throw this.#errors.atBoundary(error, this.#pagingSite(url, options.concurrency, method));
    }
  }

  // What the paging method knew: its name, the URL it was given, the index's style and the key of its lists.
  // A concurrent read words its pages' failures without them, as the sessions always have.
  #pagingSite(url: string, concurrency: number | undefined, method: string): CallSite {
    const target = this.#quietly(() => this.endpointLookup.indexTarget(url, method));
    if (target === undefined || target instanceof Refusal) return {};
    if (concurrencyOrDefault(concurrency) > 1) return { expected: target.wrapper };
    const { style } = target.plan;
    const operation = style === 'cursor' ? 'cursor-pages' : style === 'none' ? 'whole-list' : 'classic-pages';
    return { operation, caller: method, requestedUrl: url, expected: target.wrapper };
  }

  #responseWrapper(method: string, url: string): string | undefined {
    const path = this.endpointLookup.wrapperPath(url);
    if (path instanceof Refusal) return undefined;
    const pair = this.endpointLookup.wrapperPair(method, path);
    return pair instanceof Refusal ? undefined : (pair[1] ?? undefined);
  }

  // A lookup made while wording an error never throws one of its own.
  #quietly<T>(lookup: () => T | null): T | undefined {
    try {
      return lookup() ?? undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The API key or OAuth token (pdpyras' `api_key`). Assigning a new one takes effect on
   * the next request. An accessor: it never shows in `JSON.stringify(session)` or
   * `util.inspect(session)`.
   */
  get apiKey(): string {
    return authSecret(this.auth)?.reveal() ?? '';
  }

  /**
   * Replaces the key, sent as {@link APISession.authType} says.
   *
   * @throws TypeError when it is not a non-empty string (the old one stays)
   */
  set apiKey(value: string) {
    this.auth = sessionAuth(value, this.#authType);
  }

  /** How the key is sent: `'token'`, `'oauth2'`/`'bearer'` (an OAuth token), `'header_passthru'`. */
  get authType(): AuthType {
    return this.#authType;
  }

  /**
   * Changes how the key is sent, from the next request.
   *
   * @throws TypeError for an unknown auth type (the old one stays)
   */
  set authType(value: AuthType) {
    this.auth = sessionAuth(this.apiKey, value);
    this.#authType = value;
  }

  /** `*` and the last four characters of the key (pdpyras' `trunc_token`). */
  get truncToken(): string {
    return truncated(this.auth);
  }

  /** The same as {@link APISession.truncToken} (pdpyras' `trunc_key`). */
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

  /**
   * DELETEs a resource and checks that the status is a success, as the core's `rdelete`.
   * From `compat` 5.0.0 it resolves to the response; before, to `null`, as pdpyras 4.x
   * returned nothing. (The declared type stays the core's `Response`: code written for
   * pdpyras 4.x never used the result; do not read it below 5.0.0.)
   *
   * @throws PDClientError / PDHTTPError for a non-success status, as the release raised it
   * @example
   * ```ts
   * await session.rdelete('/users/PABC123');
   * ```
   */
  override async rdelete(target: ResourceTarget, init?: RequestOptions): Promise<DeleteResponse> {
    const response = await super.rdelete(target, init);
    // pdpyras 4.x returned None: null is its faithful counterpart, whatever the declared type.
    return this.#legacyPolicy.rdeleteResult === 'response' ? response : (null as unknown as DeleteResponse);
  }

  /** GET, POST, PUT and DELETE, as the predecessor's `permitted_methods`. */
  override get permittedMethods(): readonly HttpMethod[] {
    return SESSION_METHODS;
  }
}

brandSessionClass(APISession);
