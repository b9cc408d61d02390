/**
 * `RestApiV2BaseClient`: the REST clients' requests, driven by an API's tables (canonical
 * paths, entity wrapping, the j- and r-families), and their iterators (`iterAll`,
 * `iterCursor`, `listAll`, `dictAll`, `getTotal`). The steps are pure functions in
 * `endpoints/` and `pagination/`; this class ties them to the engine.
 *
 * @module
 */
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { ApiClient, type HttpMethod, type RequestOptions } from '../client/api-client.js';
import type { AuthMethod } from '../auth/auth-methods.js';
import type { FailureFacts, RequestContext, ResponseFacts } from '../errors/failure-facts.js';
import type { QueryParams } from '../request/query.js';
import { mergeExtraParams } from '../request/extra-options.js';
import { compileTables, withWrapperRows, type CompiledTables } from './endpoints/compiled-tables.js';
import { withDeclaredRequestHeaders } from './endpoints/declared-requirements.js';
import {
  decodeExchange,
  entityDelete,
  entityExchange,
  jsonExchange,
  type EntityExchangeHost,
} from './endpoints/entity-exchange.js';
import { canonicalCallKey } from './endpoints/canonical-call-key.js';
import { EndpointLookup } from './endpoints/endpoint-lookup.js';
import { urlPathOf } from './endpoints/canonical-path.js';
import { quietCanonicalPath } from './endpoints/endpoint-resolution.js';
import { READ_ONLY_POSTS } from './endpoints/read-only-posts.js';
import type { EntityWrapperPair } from './endpoints/entity-wrappers.js';
import { restQueryParams } from './endpoints/params.js';
import { resolveRestPolicy, type RestPolicy } from './endpoints/policy.js';
import type { ResourceObject, ResourceTarget } from './endpoints/resource-target.js';
import type { CanonicalPath, RestApiTables } from './endpoints/table-types.js';
import { indexPages, type IndexPageSource } from './pagination/index-pages.js';
import { DEFAULT_PAGE_SIZE } from './pagination/limits.js';
import { exchangePage, readTotal } from './pagination/page-exchange.js';
import { iterateIndex, keyIndex, listIndex } from './pagination/index-items.js';
import type { FetchedPage } from './pagination/pages.js';
import {
  REST_API_V2_BASE_CLIENT_OPTION_NAMES,
  type DecodedResponse,
  type DictAllOptions,
  type IterAllOptions,
  type IterCursorOptions,
  type RestApiV2BaseClientOptions,
} from './rest-method-options.js';
import { checkOptionNames } from '../client/option-names.js';
import { internalOf, withInternal } from '../client/internal-options.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type { PathHint } from '../types/endpoint-types.js';
import type { EntityInit, EntityResult, IndexItem, IndexQuery, JsonInit, JsonResult } from './rest-call-types.js';

const REST_METHODS: readonly HttpMethod[] = Object.freeze(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The base of the REST API v2 client and of the integration API clients: everything that
 * depends only on the API's tables. Subclasses pass their tables, base URL, and override
 * `permittedMethods` and `defaultHeaders()` as their API needs.
 *
 * Calls are typed from their paths by the API's generated types `A`: for a literal path
 * of the API, results, query parameters and bodies have the endpoint's types; any other
 * path (a `string` known only at run time) gives the untyped fallback, and an explicit type
 * argument (`rget<MyType>(...)`) wins. Without `A`, every call is untyped.
 *
 * @typeParam A - the API's generated types (`RestApiV2Types`, ...), or {@link UntypedApi}
 *
 * @example
 * ```ts
 * class RulesClient extends RestApiV2BaseClient {
 *   constructor(token: string) {
 *     super(bearerAuth(token), { baseUrl: 'https://app.pagerduty.com/integration-rules', tables: RULES_TABLES });
 *   }
 * }
 * ```
 */
export class RestApiV2BaseClient<A extends ApiTypes = UntypedApi> extends ApiClient {
  /** The API's tables, as given to the constructor. @internal */
  readonly tables: RestApiTables;
  /** The behaviour at the legacy seams (frozen). @internal */
  readonly policy: RestPolicy;
  /** The endpoint side: URL to path, canonical path, wrappers, index wrapper. */
  readonly #endpoints: EndpointLookup;
  /** This client as its exchanges and its index pages see it (every request through its own overridable methods). */
  readonly #parts: EntityExchangeHost & IndexPageSource;
  #defaultPageSize = DEFAULT_PAGE_SIZE;

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
    super(
      auth,
      withInternal(engineOptions, { callKey: internal.callKey ?? canonicalCallKey(compiled), optionsChecked: true }),
    );
    this.tables = tables;
    this.policy = resolved;
    const urlError = (message: string, facts?: FailureFacts): Error => this.makeError({ kind: 'url', message, facts });
    this.#endpoints = new EndpointLookup(compiled, this.policy, {
      baseUrl: () => this.url,
      normalizeUrl: (url) => this.normalizeUrl(url),
      urlError,
    });
    this.#parts = {
      client: this,
      endpoints: this.#endpoints,
      defaultPageSize: () => this.#defaultPageSize,
      warn: (message) => this.log.warn(message),
      exchangeJson: (...args) => this.exchangeJson(...args),
      unexpectedResponse: (...args) => this.unexpectedResponse(...args),
      fetchPage: (...args) => this.fetchPage(...args),
      openLane: (width) => this.requestGate.open(width),
    };
  }

  /** The tables in the shapes the lookups use, built once at construction. @internal */
  protected get compiledTables(): CompiledTables {
    return this.#endpoints.compiled;
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
    return restQueryParams(params, this.policy, this.#endpoints.queryStyles(method, url, params));
  }

  /** A POST to one of the API's query endpoints (`READ_ONLY_POSTS`) only reads: it is retried like a GET. */
  protected override postOnlyReads(url: string): boolean {
    if (!url.startsWith(this.url)) return false;
    const canonical = quietCanonicalPath(this.#endpoints.compiled, urlPathOf(this.url, url));
    return canonical !== null && READ_ONLY_POSTS.has(canonical);
  }

  /** Every request, with the headers its operation declares (early access) unless the caller sets them. */
  override request(method: string, url: string, options: RequestOptions = {}): Promise<Response> {
    const declared = this.#endpoints.declaredHeaders(method, url);
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
    return this.#endpoints.canonicalPath(url);
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
    return this.#endpoints.wrapperPair(method, path);
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
    init?: JsonInit<A, 'GET', P>,
  ): JsonResult<T, A, 'GET', P>;
  jget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return jsonExchange<T>(this.#parts, 'GET', 'jget', target, init);
  }

  /** POST `init.json` as it is and return the decoded body (see {@link jget}). */
  jpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'POST', P>,
  ): JsonResult<T, A, 'POST', P>;
  jpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return jsonExchange<T>(this.#parts, 'POST', 'jpost', target, init);
  }

  /** PUT `init.json` as it is and return the decoded body (see {@link jget}). */
  jput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'PUT', P>,
  ): JsonResult<T, A, 'PUT', P>;
  jput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return jsonExchange<T>(this.#parts, 'PUT', 'jput', target, init);
  }

  /** PATCH `init.json` as it is and return the decoded body (see {@link jget}). */
  jpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'PATCH', P>,
  ): JsonResult<T, A, 'PATCH', P>;
  jpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return jsonExchange<T>(this.#parts, 'PATCH', 'jpatch', target, init);
  }

  /** DELETE and return the decoded body, usually `null` (see {@link jget}). */
  jdelete<T = never, P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'DELETE', P>,
  ): JsonResult<T, A, 'DELETE', P>;
  jdelete<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return jsonExchange<T>(this.#parts, 'DELETE', 'jdelete', target, init);
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
    init?: EntityInit<A, 'GET', P>,
  ): EntityResult<T, A, 'GET', P>;
  rget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return entityExchange<T>(this.#parts, 'GET', 'rget', target, init);
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
    init?: EntityInit<A, 'POST', P>,
  ): EntityResult<T, A, 'POST', P>;
  rpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return entityExchange<T>(this.#parts, 'POST', 'rpost', target, init);
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
    init?: EntityInit<A, 'PUT', P>,
  ): EntityResult<T, A, 'PUT', P>;
  rput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return entityExchange<T>(this.#parts, 'PUT', 'rput', target, init);
  }

  /** PATCH an entity, wrapped when needed, and return the entity of the response (see {@link rput}). */
  rpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'PATCH', P>,
  ): EntityResult<T, A, 'PATCH', P>;
  rpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return entityExchange<T>(this.#parts, 'PATCH', 'rpatch', target, init);
  }

  /**
   * DELETE a resource and return the response once its status is a success (its body is
   * left unread). A `json` body (few endpoints take one) is wrapped as {@link rput} wraps it.
   *
   * @throws HttpError for a non-success status
   */
  rdelete<P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'DELETE', P>,
  ): Promise<Response>;
  rdelete(target: ResourceTarget, init?: RequestOptions): Promise<Response> {
    return entityDelete(this.#parts, target, init);
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
    return decodeExchange(this.#parts, method, await this.sendText(method, url, init, context), context);
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
    facts?: ResponseFacts,
  ): Error {
    return this.httpError({ method, url: response.url, response, body: text, detail, kind: 'http-server', facts });
  }

  /**
   * The `limit` the iterators send with each page when not given a `pageSize`. Settable.
   * @default 100
   */
  get defaultPageSize(): number {
    return this.#defaultPageSize;
  }

  /**
   * Sets the default page size.
   *
   * @throws RangeError for a value that is not a positive integer (the old value stays)
   */
  set defaultPageSize(value: number) {
    if (!Number.isInteger(value) || value < 1)
      throw new RangeError(`defaultPageSize must be a positive integer, got ${String(value)}`);
    this.#defaultPageSize = value;
  }

  /**
   * Iterates over every item of an index, one page in memory at a time, in the style the
   * API's tables give the index: classic pagination (`limit`/`offset`, until `more` is
   * false, or for an index without `more` until a page comes back short), cursor pagination
   * (`cursor`/`next_cursor`), or one request for a list the API returns whole. The page
   * size never exceeds the endpoint's declared maximum. Classic pagination stops before
   * `offset + limit` would pass `ITERATION_LIMIT`, logging a warning that points to
   * `iterHistory`.
   *
   * @throws UrlError for a path that is no index (a single resource, an unwrapped endpoint), or one with its own iterator
   * @throws HttpError as soon as a page fails (items already yielded stay yielded)
   * @example
   * ```ts
   * for await (const user of client.iterAll('/users', { team_ids: ['PTEAM1'] })) console.log(user.email);
   * ```
   */
  iterAll<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: IndexQuery<A, P>,
    options?: IterAllOptions<IndexItem<T, A, P>>,
  ): AsyncIterableIterator<IndexItem<T, A, P>>;
  iterAll<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterAllOptions<T> = {},
  ): AsyncIterableIterator<T> {
    return iterateIndex<T>(
      'iterAll',
      options,
      () => this.pagesOf(url, mergeExtraParams(params, options.extraParams, 'iterAll') ?? {}, options, 'iterAll'),
      this.policy.unknownTotal,
    );
  }

  /**
   * Iterates over an index that uses cursor pagination (`cursor` -> `next_cursor`).
   *
   * @throws UrlError when the path is not cursor-based
   */
  iterCursor<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: IndexQuery<A, P>,
    options?: IterCursorOptions<IndexItem<T, A, P>>,
  ): AsyncIterableIterator<IndexItem<T, A, P>>;
  iterCursor<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterCursorOptions<T> = {},
  ): AsyncIterableIterator<T> {
    return iterateIndex<T>(
      'iterCursor',
      options,
      () => this.pagesOf(url, mergeExtraParams(params, options.extraParams, 'iterCursor') ?? {}, options, 'iterCursor'),
      this.policy.unknownTotal,
    );
  }

  /**
   * Every item of an index, as {@link iterAll} yields them. Rejects on any error,
   * discarding what was read.
   *
   * @example
   * ```ts
   * const services = await client.listAll('/services', { include: ['teams'] }); // Service[]
   * ```
   */
  listAll<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: IndexQuery<A, P>,
    options?: IterAllOptions<IndexItem<T, A, P>>,
  ): Promise<IndexItem<T, A, P>[]>;
  listAll<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterAllOptions<T> = {},
  ): Promise<T[]> {
    return listIndex<T>(
      options,
      () => this.pagesOf(url, mergeExtraParams(params, options.extraParams, 'listAll') ?? {}, options, 'listAll'),
      this.policy.unknownTotal,
    );
  }

  /**
   * Every item of an index keyed by an attribute (`id` unless `by` says otherwise); a
   * later item with the same key replaces an earlier one.
   *
   * @throws UrlError when an item lacks the attribute
   */
  dictAll<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    options?: DictAllOptions<IndexQuery<A, P>>,
  ): Promise<Record<string, IndexItem<T, A, P>>>;
  dictAll<T = Record<string, unknown>>(url: string, options: DictAllOptions = {}): Promise<Record<string, T>> {
    return keyIndex<T>(
      url,
      options,
      (params, opts) => this.listAll<T, string>(url, params, opts),
      (message) => this.#endpoints.urlError(message),
    );
  }

  /**
   * The total number of records of a classic-paginated index (`total=true`, `limit=1`).
   *
   * @throws HttpServerError when the response has no numeric `total`
   */
  getTotal<P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: IndexQuery<A, P>,
    init?: Pick<RequestOptions, 'signal' | 'extraParams'>,
  ): Promise<number>;
  async getTotal(
    url: string,
    params: QueryParams = {},
    init: Pick<RequestOptions, 'signal' | 'extraParams'> = {},
  ): Promise<number> {
    return readTotal(this.#parts, url, mergeExtraParams(params, init.extraParams, 'getTotal') ?? {}, init.signal);
  }

  /**
   * Requests one page and returns its body and the list under `wrapper`.
   *
   * @param check - names a problem with the body that still leaves its items usable (a
   *   pagination token it cannot follow); the page then carries the error as `failure`
   * @param context - what the calling method is doing, for the facts of its errors
   * @throws HttpServerError when the body is not an object or has no list under `wrapper`
   */
  protected fetchPage(
    method: string,
    url: string,
    init: RequestOptions,
    wrapper: string,
    check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
    context?: RequestContext,
  ): Promise<FetchedPage> {
    return exchangePage(this.#parts, method, url, init, wrapper, check, context);
  }

  /**
   * The pages of an index, one at a time, for the iterators, in the index's own style (see
   * `indexPages`). The path is checked on the first `next()`.
   *
   * @param method - the public method asking, named in errors
   * @throws UrlError for a path that cannot be paged this way
   */
  protected pagesOf(
    url: string,
    params: QueryParams,
    options: Pick<IterAllOptions<unknown>, 'pageSize' | 'total' | 'concurrency'>,
    method: string,
  ): AsyncGenerator<FetchedPage, void, undefined> {
    return indexPages(this.#parts, url, params, options, method);
  }

  /**
   * One page of a pageable index (for readers that plan their own requests, such as the
   * concurrent history reader). `method` is named in errors.
   *
   * @throws UrlError for a path that cannot be paged
   */
  protected indexPage(url: string, params: QueryParams, method: string, signal?: AbortSignal): Promise<FetchedPage> {
    return this.fetchPage('GET', url, { params, signal }, this.#endpoints.indexWrapper(url, method));
  }

  /**
   * Throws a `UrlError` naming the right method when `path` pages in its own style (see
   * `RestApiTables.specialisedIterators`); the generic iterators call it first.
   */
  protected refuseSpecialised(path: CanonicalPath, method: string): void {
    const refusal = this.#endpoints.specialisedRefusal(path, method);
    if (refusal !== undefined) throw refusal;
  }
}
