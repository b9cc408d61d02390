// The typed signatures of the REST clients' j-, r- and index methods, with their documentation, merged into
// `RestApiV2BaseClient` (whose class body holds the implementations): a literal path of the API types the
// call from its endpoint; any other string gives the untyped fallback.
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import type { RequestOptions } from '../client/api-client.js';
import type { ApiTypes, UntypedApi } from '../types/api-types.js';
import type { PathHint } from '../types/endpoint-types.js';
import type { ResourceObject } from './endpoints/policy.js';
import type { DictAllOptions, IterAllOptions, IterCursorOptions } from './rest-options.js';
import type { EntityInit, EntityResult, IndexItem, IndexQuery, JsonInit, JsonResult } from './rest-types.js';
import type { RestApiV2BaseClient } from './rest-api-v2-base-client.js';

declare module './rest-api-v2-base-client.js' {
  interface RestApiV2BaseClient<A extends ApiTypes = UntypedApi> {
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

    /**
     * PATCHes `init.json` as it is (never wrapped) and returns the decoded body, whole.
     *
     * @param target - a path or full URL under `baseUrl`, or a resource object (its `self` URL)
     * @param init - `json` (the body, sent as it is) and the other request options
     * @throws HttpError for a non-success status; HttpServerError for 5xx or a body that is not JSON
     * @example
     * ```ts
     * const json = { connection: { name: 'Prod' } };
     * await client.jpatch('/workflows/integrations/PINT1/connections/PCON1', { json });
     * ```
     */
    jpatch<T = never, P extends PathHint<A, 'PATCH'> = PathHint<A, 'PATCH'>>(
      target: P | ResourceObject,
      init?: JsonInit<A, 'PATCH', P>,
    ): JsonResult<T, A, 'PATCH', P>;

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
  }
}

export type { RestApiV2BaseClient };
