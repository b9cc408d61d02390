/**
 * `RestApiV2RequestClient`: the single-request layer of the REST clients, driven by an
 * API's tables: canonical paths, entity wrapping, and the j- and r-families. The
 * iterators are built on it by `RestApiV2BaseClient` (`base-client.ts`); users extend that.
 *
 * @module
 */
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { ApiClient, type HttpMethod, type RequestOptions } from '../client/api-client.js';
import type { AuthMethod } from '../auth/auth-methods.js';
import { decodeJsonBody } from '../errors/json-body.js';
import type { FailureFacts, RefusalFailure, RequestContext, ResponseFacts } from '../errors/failure-facts.js';
import type { QueryParams } from '../request/query.js';
import { refuseBodyOnGet } from './endpoints/body-on-get.js';
import { unwrapBody, wrapBody } from './endpoints/body-wrapping.js';
import { matchCanonicalPath, urlPathOf } from './endpoints/canonical-path.js';
import { compileTables, type CompiledTables } from './endpoints/compiled-tables.js';
import { canonicalCallKey } from './endpoints/canonical-call-key.js';
import { wrapperPairFor, wrapperPathFor } from './endpoints/endpoint-resolution.js';
import type { EntityWrapperPair } from './endpoints/entity-wrappers.js';
import { restQueryParams } from './endpoints/params.js';
import { acceptsResourceObject, resolveRestPolicy, type RestPolicy } from './endpoints/policy.js';
import type { DecodedResponse, RestApiV2BaseClientOptions } from './rest-method-options.js';
import { targetUrl, type ResourceObject, type ResourceTarget } from './endpoints/resource-target.js';
import type { CanonicalPath, EntityWrapper, RestApiTables } from './endpoints/table-types.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type {
  EndpointOf as Ep,
  EntityBodyOf,
  EntityResultOf,
  JsonBodyOf,
  JsonResultOf,
  PathHint,
  RequestOptionsOf,
  Resolved,
} from '../types/endpoint-types.js';

const REST_METHODS: readonly HttpMethod[] = Object.freeze(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The single requests of a REST API shaped like REST API v2: everything that depends only
 * on the API's tables and sends one request. `RestApiV2BaseClient` extends it with
 * the iterators; the two are one class split in two files to keep each readable, so
 * subclass `RestApiV2BaseClient`, not this.
 *
 * @typeParam A - the API's generated types (`RestApiV2Types`, ...), or {@link UntypedApi}
 */
export class RestApiV2RequestClient<A extends ApiTypes = UntypedApi> extends ApiClient {
  /** The API's tables, as given to the constructor. @internal */
  readonly tables: RestApiTables;
  /** The behaviour at the legacy seams (frozen). @internal */
  readonly policy: RestPolicy;
  readonly #compiled: CompiledTables;

  /**
   * @param auth - how requests are authenticated
   * @param options - engine options, the API's `tables`, and an optional `policy`
   */
  constructor(auth: AuthMethod, options: RestApiV2BaseClientOptions) {
    const { tables, policy, ...engineOptions } = options;
    const compiled = compileTables(tables);
    super(auth, { ...engineOptions, callKey: engineOptions.callKey ?? canonicalCallKey(compiled) });
    this.tables = tables;
    this.policy = resolveRestPolicy(policy);
    this.#compiled = compiled;
  }

  /** The tables in the shapes the lookups use, built once at construction. @internal */
  protected get compiledTables(): CompiledTables {
    return this.#compiled;
  }

  /** GET, POST, PUT, PATCH and DELETE. */
  override get permittedMethods(): readonly HttpMethod[] {
    return REST_METHODS;
  }

  /**
   * List-valued query keys get `[]` first when the policy says so (`statuses: [...]` goes
   * out as `statuses[]=...`), on every request, the low-level ones included.
   */
  protected override encodeParams(params: QueryParams): QueryParams {
    return restQueryParams(params, this.policy);
  }

  /**
   * The canonical path of a URL or path: `canonicalPath('/users/PABC123')` is
   * `'/users/{id}'`, `canonicalPath('users/me')` is `'/users/me'`.
   *
   * @throws UrlError when the URL is foreign, matches no canonical path, or matches two equally well
   */
  canonicalPath(url: string): CanonicalPath {
    const path = urlPathOf(this.url, this.normalizeUrl(url));
    return matchCanonicalPath(this.#compiled.paths, path, this.urlRefusal(url));
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
    return wrapperPairFor(this.#compiled, this.policy, method, path, (message) => this.urlError(message));
  }

  /**
   * GET and return the decoded body (`null` for an empty body, as on 204).
   *
   * @throws HttpError for a non-success status; HttpServerError for 5xx or a body that is not JSON
   * @example
   * ```ts
   * const { users, more } = await client.jget('/users', { params: { limit: 5 } }); // users: User[]
   * ```
   */
  jget<T = never, P extends PathHint<A, 'GET'> = PathHint<A, 'GET'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'GET', P>, JsonBodyOf<Ep<A, 'GET', P>>>,
  ): Promise<Resolved<T, JsonResultOf<Ep<A, 'GET', P>>>>;
  jget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#jmethod<T>('GET', 'jget', target, init);
  }

  /** POST `init.json` as it is and return the decoded body (see {@link jget}). */
  jpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'POST', P>, JsonBodyOf<Ep<A, 'POST', P>>>,
  ): Promise<Resolved<T, JsonResultOf<Ep<A, 'POST', P>>>>;
  jpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#jmethod<T>('POST', 'jpost', target, init);
  }

  /** PUT `init.json` as it is and return the decoded body (see {@link jget}). */
  jput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'PUT', P>, JsonBodyOf<Ep<A, 'PUT', P>>>,
  ): Promise<Resolved<T, JsonResultOf<Ep<A, 'PUT', P>>>>;
  jput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#jmethod<T>('PUT', 'jput', target, init);
  }

  /** PATCH `init.json` as it is and return the decoded body (see {@link jget}). */
  jpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'PATCH', P>, JsonBodyOf<Ep<A, 'PATCH', P>>>,
  ): Promise<Resolved<T, JsonResultOf<Ep<A, 'PATCH', P>>>>;
  jpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#jmethod<T>('PATCH', 'jpatch', target, init);
  }

  /** DELETE and return the decoded body, usually `null` (see {@link jget}). */
  jdelete<T = never, P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'DELETE', P>, JsonBodyOf<Ep<A, 'DELETE', P>>>,
  ): Promise<Resolved<T, JsonResultOf<Ep<A, 'DELETE', P>>>>;
  jdelete<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#jmethod<T>('DELETE', 'jdelete', target, init);
  }

  /**
   * GET a resource and return the entity inside its wrapper (`null` for 204).
   *
   * @throws UrlError for a URL that matches no canonical path
   * @throws TypeError before any request when `init` carries a body (`json`, `form` or `body`): a GET has none
   * @throws HttpError for a non-success status
   * @throws HttpServerError when the body lacks its wrapper (the message names the keys it had)
   * @example
   * ```ts
   * const user = await client.rget('/users/PABC123'); // a User, typed from the path
   * const again = await client.rget<User>(user); // a resource object stands for its `self` URL
   * ```
   */
  rget<T = never, P extends PathHint<A, 'GET'> = PathHint<A, 'GET'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'GET', P>, EntityBodyOf<Ep<A, 'GET', P>>>,
  ): Promise<Resolved<T, EntityResultOf<Ep<A, 'GET', P>>>>;
  rget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#rmethod<T>('GET', 'rget', target, init);
  }

  /**
   * POST an entity, wrapped when the endpoint wants it (`{ user: json }` for `/users`)
   * unless `json` is already wrapped, and return the entity of the response (see {@link rget}).
   *
   * @example
   * ```ts
   * const user = await client.rpost('/users', { json: { type: 'user', name: 'Ann', email: 'ann@example.com' } });
   * ```
   */
  rpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'POST', P>, EntityBodyOf<Ep<A, 'POST', P>>>,
  ): Promise<Resolved<T, EntityResultOf<Ep<A, 'POST', P>>>>;
  rpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#rmethod<T>('POST', 'rpost', target, init);
  }

  /**
   * PUT an entity, wrapped when needed, and return the entity of the response. With a list
   * on an index (`rput('/incidents', { json: [refs] })`) it is a multi-update.
   *
   * @example
   * ```ts
   * const updated = await client.rput('/incidents', { // Incident[]
   *   json: [{ id: 'PINC1', type: 'incident_reference', status: 'acknowledged' }],
   *   headers: { From: 'oncall@example.com' },
   * });
   * ```
   */
  rput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'PUT', P>, EntityBodyOf<Ep<A, 'PUT', P>>>,
  ): Promise<Resolved<T, EntityResultOf<Ep<A, 'PUT', P>>>>;
  rput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#rmethod<T>('PUT', 'rput', target, init);
  }

  /** PATCH an entity, wrapped when needed, and return the entity of the response (see {@link rput}). */
  rpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'PATCH', P>, EntityBodyOf<Ep<A, 'PATCH', P>>>,
  ): Promise<Resolved<T, EntityResultOf<Ep<A, 'PATCH', P>>>>;
  rpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#rmethod<T>('PATCH', 'rpatch', target, init);
  }

  /**
   * DELETE a resource and return the response once its status is a success (its body is
   * left unread). A `json` body (few endpoints take one) is wrapped as {@link rput} wraps it.
   *
   * @throws HttpError for a non-success status
   */
  rdelete<P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: RequestOptionsOf<Ep<A, 'DELETE', P>, EntityBodyOf<Ep<A, 'DELETE', P>>>,
  ): Promise<Response>;
  async rdelete(target: ResourceTarget, init?: RequestOptions): Promise<Response> {
    const url = this.#target(target, 'rdelete');
    const send = init?.json === undefined ? init : { ...init, json: wrapBody(init.json, this.#wrappers('DELETE', url)[0]) };
    // Through `delete`, as both predecessors did, so that an override of it sees the call.
    const response = await this.delete(url, send === undefined ? undefined : { ...send });
    if (response.status >= 200 && response.status < 300) return response;
    throw this.httpError({ method: 'DELETE', url: response.url, response, body: await response.text() });
  }

  /**
   * Sends a request and decodes its JSON body, keeping the response and text for error
   * messages; subclasses use it for endpoints with their own shapes.
   *
   * @param context - what the calling method is doing, for the facts of its errors
   * @throws HttpError for a non-success status; HttpServerError for a body that is not JSON
   */
  protected async exchangeJson(method: string, url: string, init?: RequestOptions, context?: RequestContext): Promise<DecodedResponse> {
    const { response, text } = await this.sendText(method, url, init, context);
    const onInvalid = (): Error => this.unexpectedResponse(method, response, text, 'API responded with a body that is not valid JSON', { ...context, reason: 'not-json' });
    return { response, text, body: decodeJsonBody(text, onInvalid) };
  }

  #jmethod<T>(method: HttpMethod, name: string, target: ResourceTarget, init?: RequestOptions): Promise<T> {
    // Not async: the engine's promise is handed on as it is; a refusal still rejects.
    try {
      refuseBodyOnGet(method, name, init);
      return this.requestJson<T>(method, this.#target(target, name), init) as Promise<T>;
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  async #rmethod<T>(method: HttpMethod, name: string, target: ResourceTarget, init: RequestOptions = {}): Promise<T> {
    refuseBodyOnGet(method, name, init);
    const url = this.#target(target, name);
    const [requestWrapper, responseWrapper] = this.#wrappers(method, url);
    const send = init.json !== undefined ? { ...init, json: wrapBody(init.json, requestWrapper) } : init;
    const { response, text, body } = await this.exchangeJson(method, url, send);
    if (text.trim() === '') return null as T;
    return this.#unwrap(method, response, text, body, responseWrapper) as T;
  }

  /** The wrappers of a request to a URL under the policy (see `wrapperPathFor`). */
  #wrappers(method: HttpMethod, url: string): EntityWrapperPair {
    const path = wrapperPathFor(this.#compiled, this.policy, this.urlPath(url), this.urlRefusal(url));
    return this.entityWrappers(method, path);
  }

  #unwrap(method: string, response: Response, text: string, body: unknown, wrapper: EntityWrapper): unknown {
    const unwrapped = unwrapBody(body, wrapper);
    if (unwrapped.ok) return unwrapped.value;
    const facts: ResponseFacts = { reason: 'missing-key', expected: wrapper ?? undefined };
    throw this.unexpectedResponse(method, response, text, `API responded with a body without its wrapper: ${unwrapped.problem}`, facts);
  }

  /**
   * Builds (does not throw) the `HttpServerError` for a successful response the client
   * cannot use: not JSON, or without the shape the endpoint promises.
   *
   * @param facts - why, for the error factory (by default `unusable-body`)
   */
  protected unexpectedResponse(method: string, response: Response, text: string, detail: string, facts?: ResponseFacts): Error {
    return this.httpError({ method, url: response.url, response, body: text, detail, kind: 'http-server', facts });
  }

  #target(target: ResourceTarget, method: string): string {
    // A URL, nearly always: nothing to look up, no refusal to prepare.
    if (typeof target === 'string') return target;
    return targetUrl(target, acceptsResourceObject(this.policy, method), method, (message) => this.urlError(message));
  }

  // The three helpers below are protected, not private, only because the iterators in
  // `RestApiV2BaseClient` refuse URLs the same way; they are not an extension point.

  /** The path of a URL below the base URL (a foreign URL is refused). @internal */
  protected urlPath(url: string): string {
    return urlPathOf(this.url, this.normalizeUrl(url));
  }

  /** Builds (does not throw) the `UrlError` of a URL or path the client refuses. @internal */
  protected urlError(message: string, facts?: FailureFacts): Error {
    return this.makeError({ kind: 'url', message, facts });
  }

  /** Builds the refusals of a URL the caller gave, naming it in their facts. @internal */
  protected urlRefusal(requestedUrl: string): RefusalFailure {
    return (message, facts) => this.urlError(message, facts && { ...facts, requestedUrl });
  }
}
