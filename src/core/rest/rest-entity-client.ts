import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { ApiClient, type HttpMethod, type RequestOptions } from '../client/api-client.js';
import type { AuthMethod } from '../auth/auth-methods.js';
import type { FailureFacts, RequestContext, ResponseDetails } from '../errors/failure-details.js';
import type { QueryParams } from '../request/query.js';
import type { CanonicalPath, RestApiTables } from './endpoints/tables.js';
import { withDeclaredRequestHeaders, restQueryParams } from './endpoints/declared-requirements.js';
import {
  hasBody,
  withWrappedBody,
  refuseBodyOnGet,
  unwrapBody,
  type EntityWrapperPair,
} from './endpoints/entity-wrappers.js';
import { checkRequestOptions } from '../client/request-options.js';
import { decodeJsonBody } from '../errors/json-body.js';
import { canonicalCallKey, CanonicalPathMemo, urlPathOf, READ_ONLY_POSTS } from './endpoints/canonical-path.js';
import { compileTables, EndpointLookup, withWrapperRows, type CompiledTables } from './endpoints/endpoint-lookup.js';
import { resolveRestPolicy, type RestPolicy, type ResourceObject, type ResourceTarget } from './endpoints/policy.js';
import {
  REST_API_V2_BASE_CLIENT_OPTION_NAMES,
  type DecodedResponse,
  type RestApiV2BaseClientOptions,
} from './rest-options.js';
import { checkOptionNames } from '../client/option-names.js';
import { internalOf, withInternal } from '../client/internal-options.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type { PathHint } from '../types/endpoint-types.js';
import type { EntityInit, EntityResult, JsonInit, JsonResult } from './rest-types.js';

const REST_METHODS: readonly HttpMethod[] = Object.freeze(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

// The single-request side of the REST clients (tables, endpoint lookup, the j- and r-methods);
// `RestApiV2BaseClient` adds the index methods.
export abstract class RestEntityClient<A extends ApiTypes = UntypedApi> extends ApiClient {
  /** The API's tables, as given to the constructor. @internal */
  readonly tables: RestApiTables;
  /** The behaviour at the legacy seams (frozen). @internal */
  readonly policy: RestPolicy;
  /** @internal */
  protected readonly endpointLookup: EndpointLookup;

  /**
   * @param auth - how requests are authenticated
   * @param options - engine options and the API's `tables`
   */
  constructor(auth: AuthMethod, options: RestApiV2BaseClientOptions) {
    checkOptionNames('RestApiV2BaseClient', options, REST_API_V2_BASE_CLIENT_OPTION_NAMES);
    const { tables, ...engineOptions } = options;
    const internal = internalOf(options);
    const resolved = resolveRestPolicy(internal.restPolicy);
    const compiled = withWrapperRows(compileTables(tables), resolved.wrapperOverrides);
    const paths = new CanonicalPathMemo(compiled.paths);
    const callKey = internal.callKey ?? canonicalCallKey(compiled, paths);
    super(auth, withInternal(engineOptions, { callKey, optionsChecked: true }));
    this.tables = tables;
    this.policy = resolved;
    const urlError = (message: string, facts?: FailureFacts): Error => this.makeError({ kind: 'url', message, facts });
    this.endpointLookup = new EndpointLookup(compiled, this.policy, this, urlError, paths);
  }

  /** The tables in the shapes the lookups use, built once at construction. @internal */
  protected get compiledTables(): CompiledTables {
    return this.endpointLookup.compiled;
  }

  /** GET, POST, PUT, PATCH and DELETE. */
  override get permittedMethods(): readonly HttpMethod[] {
    return REST_METHODS;
  }

  /**
   * List-valued query keys get `[]` first when the policy says so (`statuses: [...]` goes
   * out as `statuses[]=...`), on every request, the low-level ones included; a parameter
   * the operation declares in another style goes out in that style (`sort_by=a,b`).
   */
  protected override encodeParams(params: QueryParams, method?: HttpMethod, url?: string): QueryParams {
    return restQueryParams(params, this.policy, this.endpointLookup.queryStyles(method, url, params));
  }

  /** A POST to one of the API's query endpoints (`READ_ONLY_POSTS`) only reads: it is retried like a GET. */
  protected override postOnlyReads(url: string): boolean {
    if (!url.startsWith(this.url)) return false;
    const canonical = this.endpointLookup.paths.quiet(urlPathOf(this.url, url));
    return canonical !== null && READ_ONLY_POSTS.has(canonical);
  }

  /** Every request, with the headers its operation declares (early access) unless the caller sets them. */
  override request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
    const declared = this.endpointLookup.declaredHeaders(method, url);
    return super.request(
      method,
      url,
      withDeclaredRequestHeaders(declared, () => this.headers, options),
    );
  }

  /**
   * The canonical path of a URL or path: `canonicalPath('/users/PABC123')` is
   * `'/users/{id}'`, `canonicalPath('users/me')` is `'/users/me'`.
   *
   * @throws UrlError when the URL is foreign, matches no canonical path, or matches two equally well
   */
  canonicalPath(url: string): CanonicalPath {
    return this.endpointLookup.canonicalPath(url);
  }

  /**
   * The `[requestWrapper, responseWrapper]` of an endpoint (`null`: not wrapped), from the
   * wrapper table or, failing that (or under the `'convention'` policy), the convention.
   *
   * @param path - a canonical path; placeholder names do not matter
   *
   * @example
   * ```ts
   * client.entityWrappers('POST', '/schedules/{id}/overrides'); // ['overrides', null]
   * ```
   */
  entityWrappers(method: string, path: CanonicalPath): EntityWrapperPair {
    return this.endpointLookup.wrapperPair(method, path);
  }

  /**
   * GETs and returns the decoded body, whole (`null` for an empty body, as on 204).
   *
   * @param target - a path (`/users`) or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - request options: `params`, `headers`, `signal`, `timeout`, `extraParams`
   * @returns the body, typed from a literal path; `T` when given
   * @throws HttpError for a non-success status; HttpServerError for 5xx or a body that is not JSON
   * @example
   * ```ts
   * const { users, more } = await client.jget('/users', { params: { limit: 5 } });
   * ```
   */
  jget<T = never, P extends PathHint<A, 'GET'> = PathHint<A, 'GET'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'GET', P>,
  ): JsonResult<T, A, 'GET', P>;
  jget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('GET', 'jget', target, init);
  }

  /**
   * POSTs `init.json` as it is (never wrapped) and returns the decoded body, whole.
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - `json` (the body, sent as it is) and the other request options
   * @throws HttpError for a non-success status; HttpServerError for 5xx or a body that is not JSON
   * @example
   * ```ts
   * const { team } = await client.jpost('/teams', { json: { team: { type: 'team', name: 'Ops' } } });
   * ```
   */
  jpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'POST', P>,
  ): JsonResult<T, A, 'POST', P>;
  jpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('POST', 'jpost', target, init);
  }

  /**
   * PUTs `init.json` as it is (never wrapped) and returns the decoded body, whole.
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - `json` (the body, sent as it is) and the other request options
   * @throws HttpError for a non-success status; HttpServerError for 5xx or a body that is not JSON
   * @example
   * ```ts
   * const { team } = await client.jput('/teams/PTEAM1', { json: { team: { type: 'team', name: 'Ops' } } });
   * ```
   */
  jput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'PUT', P>,
  ): JsonResult<T, A, 'PUT', P>;
  jput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('PUT', 'jput', target, init);
  }

  /**
   * PATCHes `init.json` as it is (never wrapped) and returns the decoded body, whole.
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - `json` (the body, sent as it is) and the other request options
   * @throws HttpError for a non-success status; HttpServerError for 5xx or a body that is not JSON
   * @example
   * ```ts
   * await client.jpatch('/workflows/integrations/PINT1/connections/PCON1', { json: { connection: { name: 'Prod' } } });
   * ```
   */
  jpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'PATCH', P>,
  ): JsonResult<T, A, 'PATCH', P>;
  jpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('PATCH', 'jpatch', target, init);
  }

  /**
   * DELETEs and returns the decoded body, usually `null` (204).
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - request options (`headers`, `signal`, ...)
   * @throws HttpError for a non-success status
   * @example
   * ```ts
   * await client.jdelete('/users/PABC123');
   * ```
   */
  jdelete<T = never, P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'DELETE', P>,
  ): JsonResult<T, A, 'DELETE', P>;
  jdelete<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('DELETE', 'jdelete', target, init);
  }

  /**
   * GETs a resource and returns the entity inside its wrapper (`user` of `{ user: {...} }`; `null` for 204).
   *
   * @param target - a path (`/users/PABC123`) or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - request options: `params`, `headers`, `signal`, `timeout`, `extraParams`; no body
   * @returns the entity, typed from a literal path (`User` for `/users/{id}`); `T` when given
   * @throws UrlError for a URL that matches no canonical path
   * @throws TypeError before any request when `init` carries a body (`json`, `form` or `body`)
   * @throws HttpError for a non-success status; HttpServerError when the body lacks its wrapper
   * @example
   * ```ts
   * const user = await client.rget('/users/PABC123', { params: { include: ['contact_methods'] } });
   * const again = await client.rget(user); // a resource object stands for its `self` URL
   * ```
   */
  rget<T = never, P extends PathHint<A, 'GET'> = PathHint<A, 'GET'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'GET', P>,
  ): EntityResult<T, A, 'GET', P>;
  rget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#entity<T>('GET', 'rget', target, init);
  }

  /**
   * POSTs an entity, wrapped when the endpoint wants it (`{ user: json }` for `/users`) unless `json` is
   * already wrapped, and returns the entity of the response. Sent at most once unless the client has
   * `retryWrites` (a timeout or reset is not retried: the POST may have acted).
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - `json` (the entity), `headers` (`From` where the endpoint requires it), `extraFields`, ...
   * @returns the created entity, typed from a literal path
   * @throws UrlError for a URL that matches no canonical path
   * @throws HttpError for a non-success status; HttpServerError when the body lacks its wrapper
   * @example
   * ```ts
   * const user = await client.rpost('/users', { json: { type: 'user', name: 'Ann', email: 'ann@example.com' } });
   * ```
   */
  rpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'POST', P>,
  ): EntityResult<T, A, 'POST', P>;
  rpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#entity<T>('POST', 'rpost', target, init);
  }

  /**
   * PUTs an entity, wrapped when needed, and returns the entity of the response. A list on an index
   * (`rput('/incidents', { json: [refs] })`) is a multi-update and returns the list.
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - `json` (the entity, or a list of references), `headers`, `extraFields`, ...
   * @returns the updated entity (or entities), typed from a literal path
   * @throws UrlError for a URL that matches no canonical path
   * @throws HttpError for a non-success status; HttpServerError when the body lacks its wrapper
   * @example
   * ```ts
   * await client.rput('/incidents/PINC1', {
   *   json: { type: 'incident_reference', status: 'acknowledged' },
   *   headers: { From: 'oncall@example.com' },
   * });
   * ```
   */
  rput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'PUT', P>,
  ): EntityResult<T, A, 'PUT', P>;
  rput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#entity<T>('PUT', 'rput', target, init);
  }

  /**
   * PATCHes an entity, wrapped when needed, and returns the entity of the response.
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - `json` (the fields to change), `headers`, `extraFields`, ...
   * @throws HttpError for a non-success status; HttpServerError when the body lacks its wrapper
   * @example
   * ```ts
   * await client.rpatch('/workflows/integrations/PINT1/connections/PCON1', { json: { name: 'Production' } });
   * ```
   */
  rpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'PATCH', P>,
  ): EntityResult<T, A, 'PATCH', P>;
  rpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#entity<T>('PATCH', 'rpatch', target, init);
  }

  /**
   * DELETEs a resource and returns the response once its status is a success (its body left unread).
   * A `json` body (few endpoints take one) is wrapped as `rput` wraps it.
   *
   * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
   * @param init - request options (`headers`, `signal`, ...)
   * @throws HttpError for a non-success status
   * @example
   * ```ts
   * await client.rdelete('/services/PSVC1');
   * ```
   */
  rdelete<P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'DELETE', P>,
  ): Promise<Response>;
  rdelete(target: ResourceTarget, init?: RequestOptions): Promise<Response> {
    return this.#delete(target, init);
  }

  /**
   * Sends a request and decodes its JSON body, keeping the response and text for error
   * messages; subclasses use it for endpoints with their own shapes.
   *
   * @param context - what the calling method is doing, for the facts of its errors
   * @throws HttpError for a non-success status; HttpServerError for a body that is not JSON
   */
  protected async exchangeJson(
    method: string,
    url: string,
    init?: RequestOptions,
    context?: RequestContext,
  ): Promise<DecodedResponse> {
    const { response, text } = await this.sendText(method, url, init, context);
    const detail = 'API responded with a body that is not valid JSON';
    const invalid = (): Error =>
      this.unexpectedResponse(method, response, text, detail, { ...context, reason: 'not-json' });
    return { response, text, body: decodeJsonBody(text, invalid) };
  }

  /**
   * Builds (does not throw) the `HttpServerError` for a successful response the client
   * cannot use: not JSON, or without the shape the endpoint promises.
   *
   * @param facts - why, for the error factory (by default `unusable-body`)
   */
  protected unexpectedResponse(
    method: string,
    response: Response,
    text: string,
    detail: string,
    facts?: ResponseDetails,
  ): Error {
    return this.httpError({ method, url: response.url, response, body: text, detail, kind: 'http-server', facts });
  }

  async #json<T>(method: HttpMethod, name: string, target: ResourceTarget, init?: RequestOptions): Promise<T> {
    refuseBodyOnGet(method, name, init);
    return (await this.requestJson<T>(method, this.endpointLookup.target(target, name), init)) as T;
  }

  async #entity<T>(method: HttpMethod, name: string, target: ResourceTarget, init: RequestOptions = {}): Promise<T> {
    return (await this.entityExchange<T>(method, name, target, init)).data;
  }

  /** An r-method's call: the entity and the response it came from (for `withResponse`). @internal */
  protected async entityExchange<T>(
    method: HttpMethod,
    name: string,
    target: ResourceTarget,
    init: RequestOptions = {},
  ): Promise<{ readonly data: T; readonly response: Response }> {
    refuseBodyOnGet(method, name, init);
    const url = this.endpointLookup.target(target, name);
    const [requestWrapper, responseWrapper] = this.entityWrappers(method, this.endpointLookup.wrapperPath(url));
    const send = withWrappedBody(init, requestWrapper, this.policy.wrappedWhen, name);
    const { response, text, body } = await this.exchangeJson(method, url, send);
    if (text.trim() === '') {
      // 202 and 204 promise no entity; an empty success where a wrapped one was due is unusable, as HTML is.
      if (response.status === 204 || response.status === 202 || typeof responseWrapper !== 'string')
        return { data: null as T, response };
      const detail = `API responded with an empty body (status ${response.status})`;
      throw this.unexpectedResponse(method, response, text, detail, { reason: 'not-json' });
    }
    const unwrapped = unwrapBody(body, responseWrapper);
    if (unwrapped.ok) return { data: unwrapped.value as T, response };
    const detail = `API responded with a body without its wrapper: ${unwrapped.problem}`;
    const facts = { reason: 'missing-key', expected: responseWrapper ?? undefined } as const;
    throw this.unexpectedResponse(method, response, text, detail, facts);
  }

  async #delete(target: ResourceTarget, init?: RequestOptions): Promise<Response> {
    checkRequestOptions(init);
    const url = this.endpointLookup.target(target, 'rdelete');
    let send = init;
    if (hasBody(init) && this.policy.wrapDeleteBody) {
      const [wrapper] = this.entityWrappers('DELETE', this.endpointLookup.wrapperPath(url));
      send = withWrappedBody(init, wrapper, this.policy.wrappedWhen, 'rdelete');
    }
    // Through `delete`, as both predecessors did, so that an override of it sees the call.
    const response = await this.delete(url, send === undefined ? undefined : { ...send });
    if (response.status >= 200 && response.status < 300) return response;
    throw this.httpError({ method: 'DELETE', url: response.url, response, body: await response.text() });
  }
}
