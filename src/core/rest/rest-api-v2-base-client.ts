import type { FetchResponse as Response } from '../platform/fetch-types.js';
import {
  ApiClient,
  type Endpoint,
  type HttpMethod,
  type RequestOptions,
  type TextExchange,
} from '../client/api-client.js';
import type { AuthMethod } from '../auth/auth-methods.js';
import type { HttpErrorCode } from '../errors/error-classes.js';
import { Refusal } from '../errors/refusal.js';
import type { QueryParams } from '../request/query.js';
import { mergeExtraParams } from '../request/extra-options.js';
import { checkRequestOptions } from '../client/request-options.js';
import { decodeJsonBody } from '../errors/json-body.js';
import { checkOptionNames } from '../client/option-names.js';
import { internalOf, withInternal } from '../client/internal-options.js';
import { isPlainObject } from '../plain-object.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type { CanonicalPath, RestApiTables } from './endpoints/tables.js';
import { restQueryParams } from './endpoints/declared-requirements.js';
import {
  hasBody,
  withWrappedBody,
  refuseBodyOnGet,
  entityOfBody,
  type EntityCall,
  type EntityWrapperPair,
} from './endpoints/entity-wrappers.js';
import {
  compileTables,
  EndpointLookup,
  type RestEndpoint,
  withWrapperRows,
  type CompiledTables,
} from './endpoints/endpoint-lookup.js';
import { resolveRestPolicy, type RestPolicy, type ResourceTarget } from './endpoints/policy.js';
import { DEFAULT_PAGE_SIZE } from './pagination/limits.js';
import { PaginationLanes } from './pagination/lanes.js';
import { indexPages } from './pagination/index-pages.js';
import { readPage, type FetchedPage } from './pagination/pages.js';
import { iterateIndex, keyIndex, listIndex } from './pagination/index-items.js';
import {
  REST_API_V2_BASE_CLIENT_OPTION_NAMES,
  type DecodedResponse,
  type DictAllOptions,
  type IterAllOptions,
  type IterCursorOptions,
  type RestApiV2BaseClientOptions,
} from './rest-options.js';
import { restWithResponse, type RestWithResponse } from './rest-with-response.js';
import './rest-base-methods.js';

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
  // The typed signatures of the j-, r- and index methods, and their documentation, are in `rest-base-methods.ts`;
  // each implementation here hides behind a signature no call matches (`target: never`), so that callers see
  // only the typed ones.

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
    const resolved = resolveRestPolicy(internal.restPolicy as Partial<RestPolicy> | undefined);
    const compiled = withWrapperRows(compileTables(tables), resolved.wrapperOverrides);
    super(auth, withInternal(engineOptions, { optionsChecked: true }));
    this.tables = tables;
    this.policy = resolved;
    // A seam's own call key (the legacy sessions' path tokens) replaces the canonical path in the metrics.
    this.endpointLookup = new EndpointLookup(compiled, this.policy, this, internal.callKey === undefined);
  }

  /** The tables in the shapes the lookups use, built once at construction. @internal */
  protected get compiledTables(): CompiledTables {
    return this.endpointLookup.compiled;
  }

  /** GET, POST, PUT, PATCH and DELETE. */
  override get permittedMethods(): readonly HttpMethod[] {
    return REST_METHODS;
  }

  /** The endpoint with its canonical path, looked up once, and what the tables say of it. @internal */
  protected override endpoint(method: HttpMethod, url: string): RestEndpoint {
    return this.endpointLookup.describe(super.endpoint(method, url));
  }

  /**
   * List-valued query keys get `[]` first when the policy says so (`statuses: [...]` goes
   * out as `statuses[]=...`), on every request, the low-level ones included; a parameter
   * the operation declares in another style goes out in that style (`sort_by=a,b`).
   */
  protected override encodeParams(params: QueryParams, endpoint?: Endpoint): QueryParams {
    return restQueryParams(params, this.policy, (endpoint as RestEndpoint | undefined)?.queryStyles);
  }

  /**
   * The canonical path of a URL or path: `canonicalPath('/users/PABC123')` is
   * `'/users/{id}'`, `canonicalPath('users/me')` is `'/users/me'`.
   *
   * @throws UrlError when the URL is foreign, matches no canonical path, or matches two equally well
   */
  canonicalPath(url: string): CanonicalPath {
    return this.checked(this.endpointLookup.canonicalPath(url), url);
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
    return this.checked(this.endpointLookup.wrapperPair(method, path));
  }

  /**
   * A lookup's value, or its refusal thrown as this client's `UrlError` (naming `url`, the URL as the caller
   * gave it, when given). @internal
   */
  protected checked<T>(value: T | Refusal, url?: string): T {
    if (value instanceof Refusal) throw this.refused(value, url === undefined ? undefined : { url });
    return value;
  }
  #defaultPageSize = DEFAULT_PAGE_SIZE;
  #withResponse: RestWithResponse<A> | undefined;
  #lanes: PaginationLanes | undefined;

  /**
   * The r- and j-methods and the pages of an index, each giving the response with its value: status,
   * headers, `x-request-id` and the rate-limit headers, from the one request the plain method sends.
   *
   * @example
   * ```ts
   * const { data: user, requestId, rateLimit } = await client.withResponse.rget('/users/PABC123');
   * ```
   */
  get withResponse(): RestWithResponse<A> {
    return (this.#withResponse ??= restWithResponse<A>({
      entity: async (method, name, target, init) => {
        const call = this.entityCall(method, name, target as ResourceTarget, init);
        const exchange = await this.sendText(call.endpoint, call.init);
        return { data: this.entityOf(call, exchange), response: exchange.response };
      },
      json: async (method, name, target, init) => {
        refuseBodyOnGet(method, name, init);
        const url = this.#urlOf(target as ResourceTarget, name);
        const { response, body } = await this.exchangeJson(method, url, init);
        return { data: body, response };
      },
      pages: (url, params, options) => this.pagesOf(url, params, options, 'withResponse.pages'),
    }));
  }

  /** Concurrent pagination's lanes: the concurrent readers of this client share its requests in flight. @internal */
  protected get paginationLanes(): PaginationLanes {
    return (this.#lanes ??= new PaginationLanes(this.requestGate));
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
  /** @internal */
  jget(target: never): unknown;
  jget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('GET', 'jget', target, init);
  }

  /** @internal */
  jpost(target: never): unknown;
  jpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('POST', 'jpost', target, init);
  }

  /** @internal */
  jput(target: never): unknown;
  jput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('PUT', 'jput', target, init);
  }

  /** @internal */
  jpatch(target: never): unknown;
  jpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('PATCH', 'jpatch', target, init);
  }

  /** @internal */
  jdelete(target: never): unknown;
  jdelete<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    return this.#json<T>('DELETE', 'jdelete', target, init);
  }

  /** @internal */
  rget(target: never): unknown;
  async rget<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    const call = this.entityCall('GET', 'rget', target, init);
    return this.entityOf<T>(call, await this.sendText(call.endpoint, call.init));
  }

  /** @internal */
  rpost(target: never): unknown;
  async rpost<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    const call = this.entityCall('POST', 'rpost', target, init);
    return this.entityOf<T>(call, await this.sendText(call.endpoint, call.init));
  }

  /** @internal */
  rput(target: never): unknown;
  async rput<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    const call = this.entityCall('PUT', 'rput', target, init);
    return this.entityOf<T>(call, await this.sendText(call.endpoint, call.init));
  }

  /** @internal */
  rpatch(target: never): unknown;
  async rpatch<T = unknown>(target: ResourceTarget, init?: RequestOptions): Promise<T> {
    const call = this.entityCall('PATCH', 'rpatch', target, init);
    return this.entityOf<T>(call, await this.sendText(call.endpoint, call.init));
  }

  /** @internal */
  rdelete(target: never): unknown;
  rdelete(target: ResourceTarget, init?: RequestOptions): Promise<Response> {
    return this.#delete(target, init);
  }

  /** @internal */
  iterAll(target: never): unknown;
  iterAll<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterAllOptions<T> = {},
  ): AsyncIterableIterator<T> {
    return iterateIndex<T>(
      'iterAll',
      options,
      this.#indexPages('iterAll', url, params, options),
      this.policy.unknownTotal,
    );
  }

  /** @internal */
  iterCursor(target: never): unknown;
  iterCursor<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterCursorOptions<T> = {},
  ): AsyncIterableIterator<T> {
    return iterateIndex<T>(
      'iterCursor',
      options,
      this.#indexPages('iterCursor', url, params, options),
      this.policy.unknownTotal,
    );
  }

  /** @internal */
  listAll(target: never): unknown;
  listAll<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterAllOptions<T> = {},
  ): Promise<T[]> {
    return listIndex<T>(options, this.#indexPages('listAll', url, params, options), this.policy.unknownTotal);
  }

  // The pages an iterator reads, with its `extraParams` merged in, asked for only once its options pass.
  #indexPages(
    method: string,
    url: string,
    params: QueryParams,
    options: IterAllOptions<never> | IterCursorOptions<never>,
  ): () => AsyncGenerator<FetchedPage, void, undefined> {
    return () => this.pagesOf(url, mergeExtraParams(params, options.extraParams, method) ?? {}, options, method);
  }

  /** @internal */
  dictAll(target: never): unknown;
  async dictAll<T = Record<string, unknown>>(url: string, options: DictAllOptions = {}): Promise<Record<string, T>> {
    return this.checked(await keyIndex<T>(url, options, (params, opts) => this.listAll<T, string>(url, params, opts)));
  }

  /** @internal */
  getTotal(target: never): unknown;
  async getTotal(
    url: string,
    params: QueryParams = {},
    init: Pick<RequestOptions, 'signal' | 'extraParams'> = {},
  ): Promise<number> {
    const query = { ...mergeExtraParams(params, init.extraParams, 'getTotal'), total: true, limit: 1, offset: 0 };
    const { response, text, body } = await this.exchangeJson('GET', url, { params: query, signal: init.signal });
    if (isPlainObject(body) && typeof body.total === 'number') return body.total;
    const detail = 'API responded without a numeric "total" (no classic pagination?)';
    throw this.unexpectedResponse('GET', response, text, detail);
  }

  /**
   * Sends a request and decodes its JSON body, keeping the response and text for error
   * messages; subclasses use it for endpoints with their own shapes.
   *
   * @throws HttpError for a non-success status; HttpServerError for a body that is not JSON
   */
  protected async exchangeJson(method: string, url: string, init?: RequestOptions): Promise<DecodedResponse> {
    const { response, text } = await this.sendText(this.endpoint(method.toUpperCase() as HttpMethod, url), init);
    const body = decodeJsonBody(text);
    if (body.ok) return { response, text, body: body.value };
    const detail = 'API responded with a body that is not valid JSON';
    throw this.unexpectedResponse(method, response, text, detail, 'ERR_NOT_JSON');
  }

  /**
   * Builds (does not throw) the `HttpServerError` for a successful response the client
   * cannot use: not JSON, or without the shape the endpoint promises.
   *
   * @param code - why (by default `ERR_UNUSABLE_BODY`)
   */
  protected unexpectedResponse(
    method: string,
    response: Response,
    text: string,
    detail: string,
    code?: HttpErrorCode,
  ): Error {
    return this.httpError({ method, url: response.url, response, body: text, detail, code });
  }

  // A URL as given, nearly always: a resource object stands for its `self` URL when the policy lets it.
  #urlOf(target: ResourceTarget, method: string): string {
    return typeof target === 'string' ? target : this.checked(this.endpointLookup.target(target, method));
  }

  async #json<T>(method: HttpMethod, name: string, target: ResourceTarget, init?: RequestOptions): Promise<T> {
    refuseBodyOnGet(method, name, init);
    return (await this.requestJson<T>(method, this.#urlOf(target, name), init)) as T;
  }

  /**
   * What an r-method sends, worked out once: its endpoint, the options with the body wrapped, and the key of the
   * entity in the answer. @internal
   */
  protected entityCall(
    method: HttpMethod,
    name: string,
    target: ResourceTarget,
    init: RequestOptions = {},
  ): EntityCall {
    refuseBodyOnGet(method, name, init);
    const endpoint = this.endpoint(method, this.#urlOf(target, name));
    const [requestWrapper, responseWrapper] =
      endpoint.wrappers ??
      this.entityWrappers(method, this.checked(this.endpointLookup.wrapperPathOf(endpoint), endpoint.url));
    return { endpoint, init: withWrappedBody(init, requestWrapper, this.policy.wrappedWhen, name), responseWrapper };
  }

  /**
   * The entity of an r-method's answer. @internal
   *
   * @throws HttpServerError when the body is not JSON or lacks the entity's key
   */
  protected entityOf<T>(call: EntityCall, { response, text }: TextExchange): T {
    const entity = entityOfBody(response.status, text, call.responseWrapper);
    if (entity.ok) return entity.value as T;
    throw this.unexpectedResponse(call.endpoint.method, response, text, entity.detail, entity.code);
  }

  async #delete(target: ResourceTarget, init?: RequestOptions): Promise<Response> {
    checkRequestOptions(init);
    const url = this.#urlOf(target, 'rdelete');
    let send = init;
    if (hasBody(init) && this.policy.wrapDeleteBody) {
      const [wrapper] = this.entityWrappers('DELETE', this.checked(this.endpointLookup.wrapperPath(url), url));
      send = withWrappedBody(init, wrapper, this.policy.wrappedWhen, 'rdelete');
    }
    // Through `delete`, as both predecessors did, so that an override of it sees the call.
    const response = await this.delete(url, send === undefined ? undefined : { ...send });
    if (response.status >= 200 && response.status < 300) return response;
    throw this.httpError({ method: 'DELETE', url: response.url, response, body: await response.text() });
  }

  /**
   * Requests one page and returns its body and the list under `wrapper`.
   *
   * @param check - names a problem with the body that still leaves its items usable (a
   *   pagination token it cannot follow); the page then carries the error as `failure`
   * @throws HttpServerError when the body is not an object or has no list under `wrapper`
   */
  protected async fetchPage(
    method: string,
    url: string,
    init: RequestOptions,
    wrapper: string,
    check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
  ): Promise<FetchedPage> {
    const { response, text, body } = await this.exchangeJson(method, url, init);
    const read = readPage(body, wrapper, check);
    const unusable = (detail: string, code?: HttpErrorCode): Error =>
      this.unexpectedResponse(method, response, text, `API responded with a page ${detail}`, code);
    if (!read.ok) throw unusable(read.detail, read.missingKey ? 'ERR_MISSING_KEY' : undefined);
    if (read.problem === undefined) return { ...read.page, response };
    return { ...read.page, failure: unusable(`whose ${read.problem}`), response };
  }

  /**
   * The pages of an index, one at a time, for the iterators, in the index's own style (see
   * `indexPages`). The path is checked on the first `next()`.
   *
   * @param method - the public method asking, named in errors
   * @throws UrlError for a path that cannot be paged this way
   */
  protected async *pagesOf(
    url: string,
    params: QueryParams,
    options: Pick<IterAllOptions<unknown>, 'pageSize' | 'total' | 'concurrency'>,
    method: string,
  ): AsyncGenerator<FetchedPage, void, undefined> {
    const target = this.checked(this.endpointLookup.indexTarget(url, method), url);
    const paging = {
      target,
      params,
      options,
      method,
      defaultPageSize: this.#defaultPageSize,
      warn: (message: string): void => this.log.warn(message),
      openLane: (width: number) => this.paginationLanes.open(width),
    };
    yield* indexPages(paging, (query, check, signal) =>
      this.fetchPage(
        'GET',
        url,
        signal === undefined ? { params: query } : { params: query, signal },
        target.wrapper,
        check,
      ),
    );
  }

  /**
   * One page of a pageable index (for readers that plan their own requests, such as the
   * concurrent history reader). `method` is named in errors.
   *
   * @throws UrlError for a path that cannot be paged
   */
  protected indexPage(url: string, params: QueryParams, method: string, signal?: AbortSignal): Promise<FetchedPage> {
    const { wrapper } = this.checked(this.endpointLookup.indexTarget(url, method));
    return this.fetchPage('GET', url, { params, signal }, wrapper);
  }

  /**
   * Throws a `UrlError` naming the right method when `path` pages in its own style (see
   * `RestApiTables.specialisedIterators`); the generic iterators call it first.
   */
  protected refuseSpecialised(path: CanonicalPath, method: string): void {
    const refusal = this.endpointLookup.specialisedRefusal(path, method);
    if (refusal !== undefined) throw this.refused(refusal);
  }
}
