// `client.withResponse`: the r- and j-methods and the pages of an index, each resolving to its value with the
// answer it came from (status, headers, `x-request-id`, rate-limit headers), from the same one request.
import { withResponse, type WithResponse } from '../client/response-info.js';
import type { RequestOptions } from '../client/api-client.js';
import type { HttpMethod } from '../client/client-options.js';
import type { QueryParams } from '../request/query.js';
import type { ApiTypes } from '../types/api-types.js';
import type { PathHint } from '../types/endpoint-types.js';
import type { FetchResponse } from '../platform/fetch-types.js';
import type { ResourceObject } from './endpoints/policy.js';
import type { IterAllOptions } from './rest-options.js';
import type { FetchedPage } from './pagination/pages.js';
import type { EntityInit, EntityResult, IndexItem, IndexQuery, JsonInit, JsonResult } from './rest-types.js';

/**
 * The methods of a REST client that also give the response (see {@link WithResponse}).
 *
 * @example
 * ```ts
 * const { data: user, requestId, rateLimit } = await client.withResponse.rget('/users/PABC123');
 * for await (const page of client.withResponse.pages('/incidents', { 'statuses[]': ['triggered'] })) {
 *   console.log(page.data.length, page.requestId, page.rateLimit?.remaining);
 * }
 * ```
 */
export interface RestWithResponse<A extends ApiTypes> {
  /** `rget`, with the response. */
  rget<T = never, P extends PathHint<A, 'GET'> = PathHint<A, 'GET'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'GET', P>,
  ): Promise<WithResponse<Awaited<EntityResult<T, A, 'GET', P>>>>;
  /** `rpost`, with the response. */
  rpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'POST', P>,
  ): Promise<WithResponse<Awaited<EntityResult<T, A, 'POST', P>>>>;
  /** `rput`, with the response. */
  rput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'PUT', P>,
  ): Promise<WithResponse<Awaited<EntityResult<T, A, 'PUT', P>>>>;
  /** `rpatch`, with the response. */
  rpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: EntityInit<A, 'PATCH', P>,
  ): Promise<WithResponse<Awaited<EntityResult<T, A, 'PATCH', P>>>>;
  /** `jget`, with the response. */
  jget<T = never, P extends PathHint<A, 'GET'> = PathHint<A, 'GET'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'GET', P>,
  ): Promise<WithResponse<Awaited<JsonResult<T, A, 'GET', P>>>>;
  /** `jpost`, with the response. */
  jpost<T = never, P extends PathHint<A, 'POST'> = PathHint<A, 'POST'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'POST', P>,
  ): Promise<WithResponse<Awaited<JsonResult<T, A, 'POST', P>>>>;
  /** `jput`, with the response. */
  jput<T = never, P extends PathHint<A, 'PUT'> = PathHint<A, 'PUT'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'PUT', P>,
  ): Promise<WithResponse<Awaited<JsonResult<T, A, 'PUT', P>>>>;
  /** `jpatch`, with the response. */
  jpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'PATCH', P>,
  ): Promise<WithResponse<Awaited<JsonResult<T, A, 'PATCH', P>>>>;
  /** `jdelete`, with the response. */
  jdelete<T = never, P extends PathHint<A, 'DELETE'> = PathHint<A, 'DELETE'>>(
    target: P | ResourceObject,
    init?: JsonInit<A, 'DELETE', P>,
  ): Promise<WithResponse<Awaited<JsonResult<T, A, 'DELETE', P>>>>;
  /**
   * The pages of an index as `iterAll` reads them (classic or cursor), each page's items as `data` with the
   * page's response.
   */
  pages<T = never, P extends PathHint<A, 'INDEX'> = PathHint<A, 'INDEX'>>(
    url: P,
    params?: IndexQuery<A, P>,
    options?: Pick<IterAllOptions<IndexItem<T, A, P>>, 'pageSize' | 'total'>,
  ): AsyncIterableIterator<WithResponse<IndexItem<T, A, P>[]>>;
}

/** What the view is built from: the client's own calls, each giving the response with the value. */
export interface RestExchanges {
  entity(method: HttpMethod, name: string, target: unknown, init?: RequestOptions): Promise<Exchange>;
  json(method: HttpMethod, name: string, target: unknown, init?: RequestOptions): Promise<Exchange>;
  pages(url: string, params: QueryParams, options: object): AsyncIterable<FetchedPage>;
}

interface Exchange {
  readonly data: unknown;
  readonly response: FetchResponse;
}

/** The view over a client's exchanges: one function per method, each a thin adapter. */
export function restWithResponse<A extends ApiTypes>(exchanges: RestExchanges): RestWithResponse<A> {
  const entity =
    (method: HttpMethod, name: string) =>
    async (target: unknown, init?: RequestOptions): Promise<WithResponse<unknown>> => {
      const { data, response } = await exchanges.entity(method, name, target, init);
      return withResponse(data, response);
    };
  const json =
    (method: HttpMethod, name: string) =>
    async (target: unknown, init?: RequestOptions): Promise<WithResponse<unknown>> => {
      const { data, response } = await exchanges.json(method, name, target, init);
      return withResponse(data, response);
    };
  const view = {
    rget: entity('GET', 'rget'),
    rpost: entity('POST', 'rpost'),
    rput: entity('PUT', 'rput'),
    rpatch: entity('PATCH', 'rpatch'),
    jget: json('GET', 'jget'),
    jpost: json('POST', 'jpost'),
    jput: json('PUT', 'jput'),
    jpatch: json('PATCH', 'jpatch'),
    jdelete: json('DELETE', 'jdelete'),
    pages: (url: string, params: QueryParams = {}, options: object = {}) =>
      pagesWithResponse(exchanges.pages(url, params, options)),
  };
  return Object.freeze(view) as unknown as RestWithResponse<A>;
}

/** Each page's items, with the response they came in; a page read from no response has none to give. */
async function* pagesWithResponse(
  pages: AsyncIterable<FetchedPage>,
): AsyncGenerator<WithResponse<unknown[]>, void, undefined> {
  for await (const page of pages) {
    if (page.response !== undefined) yield withResponse([...page.items], page.response);
  }
}
