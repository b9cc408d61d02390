/**
 * `RestApiV2BaseClient`: the iterators of the REST clients (`iterAll`, `iterCursor`,
 * `listAll`, `dictAll`, `getTotal`) and the pages of an index in the index's own style,
 * on top of the single requests of `RestApiV2RequestClient` (`request-client.ts`).
 *
 * @module
 */
import type { RequestOptions } from '../client/api-client.js';
import type { RequestContext, ResponseFacts } from '../errors/failure-facts.js';
import type { QueryParams } from '../request/query.js';
import { isJsonObject, unwrapBody } from './endpoints/body-wrapping.js';
import { classicPages } from './pagination/classic-pagination.js';
import { concurrencyOrDefault } from './pagination/concurrency.js';
import { concurrentClassicPages } from './pagination/concurrent-pagination.js';
import { indexTarget, specialisedProblem } from './endpoints/endpoint-resolution.js';
import { DEFAULT_PAGE_SIZE, pageSizing } from './pagination/limits.js';
import { collectItems, itemsOf, type FetchedPage } from './pagination/pages.js';
import { RestApiV2RequestClient } from './rest-request-client.js';
import type { DictAllOptions, IterAllOptions, IterCursorOptions } from './rest-method-options.js';
import type { CanonicalPath } from './endpoints/table-types.js';
import { cursorProblem, nextCursor, tokenPages } from './pagination/token-pagination.js';
import { wholeListPages } from './pagination/whole-list-pagination.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type { EndpointOf as Ep, ItemOf, PathHint, QueryOf, Resolved } from '../types/endpoint-types.js';

// One class in two files: the single requests (canonical paths, wrapping, the j- and
// r-families) are in `RestApiV2RequestClient`, which no entry point exports; the docs
// site shows this class as extending ApiClient (scripts/typedoc/internal-layers.mjs).
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
export class RestApiV2BaseClient<A extends ApiTypes = UntypedApi> extends RestApiV2RequestClient<A> {
  #defaultPageSize = DEFAULT_PAGE_SIZE;

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
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`defaultPageSize must be a positive integer, got ${String(value)}`);
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
    params?: QueryOf<Ep<A, 'GET', P>>,
    options?: IterAllOptions<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>,
  ): AsyncIterableIterator<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>;
  iterAll<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterAllOptions<T> = {},
  ): AsyncIterableIterator<T> {
    return itemsOf<T>(this.pagesOf(url, params, options, 'iterAll'), options.itemHook, this.policy.unknownTotal);
  }

  /**
   * Iterates over an index that uses cursor pagination (`cursor` -> `next_cursor`).
   *
   * @throws UrlError when the path is not cursor-based
   */
  iterCursor<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: QueryOf<Ep<A, 'GET', P>>,
    options?: IterCursorOptions<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>,
  ): AsyncIterableIterator<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>;
  iterCursor<T = Record<string, unknown>>(
    url: string,
    params: QueryParams = {},
    options: IterCursorOptions<T> = {},
  ): AsyncIterableIterator<T> {
    return itemsOf<T>(this.pagesOf(url, params, options, 'iterCursor'), options.itemHook, this.policy.unknownTotal);
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
    params?: QueryOf<Ep<A, 'GET', P>>,
    options?: IterAllOptions<Resolved<T, ItemOf<Ep<A, 'GET', P>>>>,
  ): Promise<Resolved<T, ItemOf<Ep<A, 'GET', P>>>[]>;
  listAll<T = Record<string, unknown>>(url: string, params: QueryParams = {}, options: IterAllOptions<T> = {}): Promise<T[]> {
    return collectItems<T>(this.pagesOf(url, params, options, 'listAll'), options.itemHook, this.policy.unknownTotal);
  }

  /**
   * Every item of an index keyed by an attribute (`id` unless `by` says otherwise); a
   * later item with the same key replaces an earlier one.
   *
   * @throws UrlError when an item lacks the attribute
   */
  dictAll<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    options?: DictAllOptions<QueryOf<Ep<A, 'GET', P>>>,
  ): Promise<Record<string, Resolved<T, ItemOf<Ep<A, 'GET', P>>>>>;
  async dictAll<T = Record<string, unknown>>(url: string, options: DictAllOptions = {}): Promise<Record<string, T>> {
    const by = options.by ?? 'id';
    const items: Record<string, T> = {};
    for (const item of await this.listAll<T, string>(url, options.params, { concurrency: options.concurrency })) {
      const key = isJsonObject(item) ? item[by] : undefined;
      if (key === undefined || key === null) throw this.urlError(`dictAll: an item of ${url} has no "${by}" attribute`);
      items[String(key)] = item as T;
    }
    return items;
  }

  /**
   * The total number of records of a classic-paginated index (`total=true`, `limit=1`).
   *
   * @throws HttpServerError when the response has no numeric `total`
   */
  getTotal<P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: QueryOf<Ep<A, 'GET', P>>,
    init?: Pick<RequestOptions, 'signal'>,
  ): Promise<number>;
  async getTotal(url: string, params: QueryParams = {}, init: Pick<RequestOptions, 'signal'> = {}): Promise<number> {
    const { response, text, body } = await this.exchangeJson('GET', url, {
      params: { ...params, total: true, limit: 1, offset: 0 },
      signal: init.signal,
    });
    if (!isJsonObject(body) || typeof body.total !== 'number') {
      throw this.unexpectedResponse('GET', response, text, 'API responded without a numeric "total" (no classic pagination?)');
    }
    return body.total;
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
    const unwrapped = unwrapBody(body, wrapper);
    if (!unwrapped.ok) {
      const facts: ResponseFacts = { ...context, reason: 'missing-key', expected: wrapper };
      throw this.unexpectedResponse(method, response, text, `API responded with a page that ${unwrapped.problem}`, facts);
    }
    if (!Array.isArray(unwrapped.value)) {
      throw this.unexpectedResponse(method, response, text, `API responded with a page whose "${wrapper}" is not a list`, context);
    }
    const page = { body: body as Readonly<Record<string, unknown>>, items: unwrapped.value };
    const problem = check?.(page.body);
    if (problem === undefined) return page;
    return { ...page, failure: this.unexpectedResponse(method, response, text, `API responded with a page whose ${problem}`, context) };
  }

  /**
   * The pages of an index, one at a time, for the iterators, in the index's own style (see
   * `indexTarget`): classic, cursor, or one request for an index that does not page (only
   * cursor pagination when `method` is `'iterCursor'`), never with a `limit` above the
   * endpoint's maximum. The path is checked on the first `next()`.
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
    const { path, wrapper, plan } = indexTarget(this.compiledTables, this.policy, this.urlPath(url), method, this.urlRefusal(url));
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
      yield* tokenPages(getCursorPage, nextCursor);
      if (failure) throw failure;
      return;
    }
    const getPage = (query: QueryParams): Promise<FetchedPage> => this.fetchPage('GET', url, { params: query }, wrapper, undefined, context);
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
      const lane = this.requestGate.open(concurrency);
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
    const { wrapper } = indexTarget(this.compiledTables, this.policy, this.urlPath(url), method, (message) => this.urlError(message));
    return this.fetchPage('GET', url, { params, signal }, wrapper);
  }

  /**
   * Throws a `UrlError` naming the right method when `path` pages in its own style (see
   * `RestApiTables.specialisedIterators`); the generic iterators call it first.
   */
  protected refuseSpecialised(path: CanonicalPath, method: string): void {
    const problem = specialisedProblem(this.compiledTables, path, method);
    if (problem !== undefined) throw this.urlError(problem);
  }
}
