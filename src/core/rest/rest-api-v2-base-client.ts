import { type RequestOptions } from '../client/api-client.js';
import type { RequestContext, ResponseDetails } from '../errors/failure-details.js';
import type { QueryParams } from '../request/query.js';
import { mergeExtraParams } from '../request/extra-options.js';
import type { CanonicalPath } from './endpoints/tables.js';
import { indexTarget } from './endpoints/endpoint-lookup.js';
import { classicPages } from './pagination/classic-pagination.js';
import { concurrentClassicPages } from './pagination/concurrent-pagination.js';
import { PaginationLanes } from './pagination/lanes.js';
import { concurrencyOrDefault } from './pagination/limits.js';
import { pageSizing, DEFAULT_PAGE_SIZE } from './pagination/limits.js';
import { cursorProblem, nextCursor, tokenPages } from './pagination/token-pagination.js';
import { wholeListPages, pageOrThrow, readPage, type FetchedPage } from './pagination/pages.js';
import { isPlainObject } from '../plain-object.js';
import { RestEntityClient } from './rest-entity-client.js';
import { iterateIndex, keyIndex, listIndex } from './pagination/index-items.js';
import { type DictAllOptions, type IterAllOptions, type IterCursorOptions } from './rest-options.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type { PathHint } from '../types/endpoint-types.js';
import type { IndexItem, IndexQuery } from './rest-types.js';
import { restWithResponse, type RestWithResponse } from './rest-with-response.js';
import { withResponse, type WithResponse } from '../client/response-info.js';
import { refuseBodyOnGet } from './endpoints/entity-wrappers.js';
import type { ResourceTarget } from './endpoints/policy.js';

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
export class RestApiV2BaseClient<A extends ApiTypes = UntypedApi> extends RestEntityClient<A> {
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
      entity: (method, name, target, init) => this.entityExchange(method, name, target as ResourceTarget, init),
      json: async (method, name, target, init) => {
        refuseBodyOnGet(method, name, init);
        const url = this.endpointLookup.target(target as ResourceTarget, name);
        const { response, body } = await this.exchangeJson(method, url, init);
        return { data: body, response };
      },
      pages: (url, params, options) => this.#pagesWithResponse(url, params, options),
    }));
  }

  /** Concurrent pagination's lanes: the concurrent readers of this client share its requests in flight. @internal */
  protected get paginationLanes(): PaginationLanes {
    return (this.#lanes ??= new PaginationLanes(this.requestGate));
  }

  async *#pagesWithResponse(
    url: string,
    params: QueryParams,
    options: Pick<IterAllOptions<unknown>, 'pageSize' | 'total'>,
  ): AsyncGenerator<WithResponse<unknown[]>, void, undefined> {
    for await (const page of this.pagesOf(url, params, options, 'withResponse.pages')) {
      if (page.response !== undefined) yield withResponse([...page.items], page.response);
    }
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
   * Iterates over every item of an index, one page in memory at a time, in the index's own style: classic
   * (`limit`/`offset` until `more` is false), cursor (`cursor`/`next_cursor`), or one request for a list the
   * API returns whole. Classic pagination stops before `offset + limit` passes `ITERATION_LIMIT` (10,000),
   * with a warning pointing to `iterHistory`.
   *
   * @param url - the index's path (`/users`) or full URL under `baseUrl`
   * @param params - its query parameters, typed from the path (`team_ids`, `statuses`, ...)
   * @param options - `pageSize` (default 100), `concurrency`, `total`, `itemHook`, `extraParams`
   * @returns the items, typed from the path (`User` for `/users`)
   * @throws UrlError for a path that is no index, or one with its own iterator
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
   * @param url - the index's path or full URL under `baseUrl`
   * @param params - its query parameters, typed from the path
   * @param options - `pageSize` (default 100), `itemHook`, `extraParams`
   * @throws UrlError when the path is not cursor-based
   * @throws HttpError as soon as a page fails
   * @example
   * ```ts
   * for await (const action of client.iterCursor('/automation_actions/actions')) console.log(action.name);
   * ```
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
   * Every item of an index, as `iterAll` yields them, in one array; rejects on any error, discarding
   * what was read.
   *
   * @param url - the index's path or full URL under `baseUrl`
   * @param params - its query parameters, typed from the path
   * @param options - `pageSize` (default 100), `concurrency` (pages read at once), `total`, `itemHook`, `extraParams`
   * @throws UrlError for a path that is no index; HttpError when a page fails
   * @example
   * ```ts
   * const services = await client.listAll('/services', { include: ['teams'] }, { concurrency: 4 });
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
   * Every item of an index keyed by an attribute (`id` unless `by` says otherwise); a later item with the
   * same key replaces an earlier one.
   *
   * @param url - the index's path or full URL under `baseUrl`
   * @param options - `by` (default `'id'`), `params`, `concurrency`, `extraParams`
   * @throws UrlError when an item lacks the attribute; HttpError when a page fails
   * @example
   * ```ts
   * const byEmail = await client.dictAll('/users', { by: 'email' });
   * ```
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
      (message) => this.endpointLookup.urlError(message),
    );
  }

  /**
   * The total number of records of a classic-paginated index (one request: `total=true`, `limit=1`).
   *
   * @param url - the index's path or full URL under `baseUrl`
   * @param params - its query parameters (filters), typed from the path
   * @param init - `signal` and `extraParams`
   * @throws HttpServerError when the response has no numeric `total`
   * @example
   * ```ts
   * const open = await client.getTotal('/incidents', { statuses: ['triggered', 'acknowledged'] });
   * ```
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
    const query = { ...mergeExtraParams(params, init.extraParams, 'getTotal'), total: true, limit: 1, offset: 0 };
    const { response, text, body } = await this.exchangeJson('GET', url, { params: query, signal: init.signal });
    if (isPlainObject(body) && typeof body.total === 'number') return body.total;
    const detail = 'API responded without a numeric "total" (no classic pagination?)';
    throw this.unexpectedResponse('GET', response, text, detail);
  }

  /**
   * Requests one page and returns its body and the list under `wrapper`.
   *
   * @param check - names a problem with the body that still leaves its items usable (a
   *   pagination token it cannot follow); the page then carries the error as `failure`
   * @param context - what the calling method is doing, for the facts of its errors
   * @throws HttpServerError when the body is not an object or has no list under `wrapper`
   */
  protected async fetchPage(
    method: string,
    url: string,
    init: RequestOptions,
    wrapper: string,
    check?: (body: Readonly<Record<string, unknown>>) => string | undefined,
    context?: RequestContext,
  ): Promise<FetchedPage> {
    const { response, text, body } = await this.exchangeJson(method, url, init, context);
    const refuse = (detail: string, facts?: ResponseDetails): Error =>
      this.unexpectedResponse(method, response, text, `API responded with a page ${detail}`, facts);
    return { ...pageOrThrow(readPage(body, wrapper, check), wrapper, refuse, context), response };
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
    const endpoints = this.endpointLookup;
    const { path, wrapper, plan } = indexTarget(
      endpoints.compiled,
      endpoints.policy,
      endpoints.urlPath(url),
      method,
      endpoints.urlRefusal(url),
    );
    const concurrency = concurrencyOrDefault(options.concurrency);
    const endpoint = `GET ${path}`;
    const operation = plan.style === 'cursor' ? 'cursor-pages' : plan.style === 'none' ? 'whole-list' : 'classic-pages';
    const context: RequestContext = { operation, caller: method, requestedUrl: url };
    const warn = (message: string): void => this.log.warn(message);
    const sizing = pageSizing(endpoint, options.pageSize, params, plan.maxPageSize, this.#defaultPageSize);
    sizing.warnings.forEach(warn);
    if (plan.style === 'cursor') {
      const base: QueryParams = plan.sendLimit ? { limit: sizing.pageSize, ...sizing.params } : sizing.params;
      // A cursor that cannot be followed ends the series with an error after its page's items, never silently.
      let failure: Error | undefined;
      const getCursorPage = async (token: string | undefined): Promise<FetchedPage> => {
        const query = token === undefined ? base : { ...base, cursor: token };
        const page = await this.fetchPage('GET', url, { params: query }, wrapper, cursorProblem, context);
        failure = page.failure;
        return page;
      };
      yield* tokenPages(getCursorPage, nextCursor, undefined, endpoint);
      if (failure) throw failure;
      return;
    }
    const getPage = (query: QueryParams): Promise<FetchedPage> =>
      this.fetchPage('GET', url, { params: query }, wrapper, undefined, context);
    if (plan.style === 'none') {
      yield* wholeListPages(getPage, { ...sizing, sendLimit: plan.sendLimit, endpoint, warn });
      return;
    }
    const classic = {
      params: sizing.params,
      pageSize: sizing.pageSize,
      total: options.total ?? false,
      endpoint,
      warn,
      untilShortPage: plan.untilShortPage,
    };
    if (concurrency > 1) {
      const lane = this.paginationLanes.open(concurrency);
      try {
        const fetch = (query: QueryParams, signal: AbortSignal): Promise<FetchedPage> =>
          this.fetchPage('GET', url, { params: query, signal }, wrapper);
        yield* concurrentClassicPages(fetch, { ...classic, lane, failFast: method === 'listAll' });
      } finally {
        lane.close();
      }
      return;
    }
    yield* classicPages(getPage, classic);
  }

  /**
   * One page of a pageable index (for readers that plan their own requests, such as the
   * concurrent history reader). `method` is named in errors.
   *
   * @throws UrlError for a path that cannot be paged
   */
  protected indexPage(url: string, params: QueryParams, method: string, signal?: AbortSignal): Promise<FetchedPage> {
    return this.fetchPage('GET', url, { params, signal }, this.endpointLookup.indexWrapper(url, method));
  }

  /**
   * Throws a `UrlError` naming the right method when `path` pages in its own style (see
   * `RestApiTables.specialisedIterators`); the generic iterators call it first.
   */
  protected refuseSpecialised(path: CanonicalPath, method: string): void {
    const refusal = this.endpointLookup.specialisedRefusal(path, method);
    if (refusal !== undefined) throw refusal;
  }
}
