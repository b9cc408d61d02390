import type { RestApiV2Endpoints, RestApiV2Types } from '../../generated/types/rest-api-v2-endpoints.js';
import type { CursorPagination, Incident, Override, Pagination } from '../../generated/types/rest-api-v2-schemas.js';
import type { ApiTypes } from '../types/api-types.js';
import type {
  EndpointOf as Ep,
  EntityBodyOf,
  EntityResultOf,
  ItemOf,
  JsonBodyOf,
  JsonResultOf,
  QueryOf,
  RequestOptionsOf,
  Resolved,
  EndpointOf,
} from '../types/endpoint-types.js';

/**
 * Fields every full resource has, and any other field as `unknown`.
 *
 * @deprecated Use the resource's generated type (`User`, `Service`, ...), which has all its
 * fields; `Record<string, unknown>` for a resource of unknown kind.
 */
export interface Resource {
  /** The resource's identifier. */
  id: string;
  /** The kind of resource (`user`, `service`, ...). */
  type: string;
  /** A short human-readable description. */
  summary?: string;
  /** The API URL of the resource; pass the resource itself where a URL is expected. */
  self?: string;
  /** The web URL of the resource. */
  html_url?: string | null;
  /** Any other field. */
  [field: string]: unknown;
}

/** The states of an incident (`triggered`, `acknowledged`, `resolved`). */
export type IncidentStatus = NonNullable<Incident['status']>;

/** One item of a multi-update (`rput('/incidents', { json: [...] })`): a reference and the fields to change. */
export type IncidentUpdate = NonNullable<RestApiV2Endpoints['/incidents']['PUT']['body']['incidents']>[number];

/**
 * A schedule override (`/schedules/{id}/overrides`): the description's `Override`, with the
 * `time_zone` of `start` and `end` that this package's type always had (the description
 * leaves it out).
 */
export type ScheduleOverride = Override & {
  /** The time zone of `start` and `end`. */
  time_zone?: string;
};

/**
 * One item of the bare list that `POST /schedules/{id}/overrides` answers: a failed item
 * does not fail the request, it has its own status and errors.
 */
export type BulkOverrideResult = RestApiV2Endpoints['/schedules/{id}/overrides']['POST']['response'][number];

/** The pagination fields of a classic (offset) collection response: the description's `Pagination`. */
export type ClassicPagination = Pagination;

/** A classic collection page: pagination fields plus the list under its wrapper, e.g. `ClassicPage<'users', User>`. */
export type ClassicPage<Wrapper extends string, T> = ClassicPagination & { [key in Wrapper]: T[] };

/** A cursor collection page, e.g. `CursorPage<'records', AuditRecord>`. */
export type CursorPage<Wrapper extends string, T> = CursorPagination & { [key in Wrapper]: T[] };

/** The options of a j-method call (`jget`, `jpost`, ...): the body whole, as the endpoint declares it. */
export type JsonInit<A extends ApiTypes, M extends string, P extends string> = RequestOptionsOf<
  Ep<A, M, P>,
  JsonBodyOf<Ep<A, M, P>>
>;

/** What a j-method call resolves to: the decoded body (an explicit `T` wins). */
export type JsonResult<T, A extends ApiTypes, M extends string, P extends string> = Promise<
  Resolved<T, JsonResultOf<Ep<A, M, P>>>
>;

/** The options of an r-method call (`rget`, `rpost`, ...): the entity, wrapped or not. */
export type EntityInit<A extends ApiTypes, M extends string, P extends string> = RequestOptionsOf<
  Ep<A, M, P>,
  EntityBodyOf<Ep<A, M, P>>
>;

/** What an r-method call resolves to: the entity inside its wrapper (an explicit `T` wins). */
export type EntityResult<T, A extends ApiTypes, M extends string, P extends string> = Promise<
  Resolved<T, EntityResultOf<Ep<A, M, P>>>
>;

/** One item of the index at `P`, as the iterators yield it (an explicit `T` wins). */
export type IndexItem<T, A extends ApiTypes, P extends string> = Resolved<T, ItemOf<Ep<A, 'GET', P>>>;

/** The query parameters of the index at `P`. */
export type IndexQuery<A extends ApiTypes, P extends string> = QueryOf<Ep<A, 'GET', P>>;

/** The HTTP methods of the REST API v2. */
export type RestApiV2Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The query parameters of a REST API v2 endpoint (`GET` unless `M` says otherwise): `RestApiV2Query<'/incidents'>`. */
export type RestApiV2Query<P extends string, M extends RestApiV2Method = 'GET'> = QueryOf<
  EndpointOf<RestApiV2Types, M, P>
>;

/** One item of a REST API v2 index, as the iterators yield it: `RestApiV2Item<'/users'>` is `User`. */
export type RestApiV2Item<P extends string> = ItemOf<EndpointOf<RestApiV2Types, 'GET', P>>;

/** What an r-method returns for an endpoint of the REST API v2: `RestApiV2Entity<'/users/{id}'>` is `User`. */
export type RestApiV2Entity<P extends string, M extends RestApiV2Method = 'GET'> = EntityResultOf<
  EndpointOf<RestApiV2Types, M, P>
>;

/** What an r-method sends for an endpoint of the REST API v2 (the entity, or the entity in its wrapper). */
export type RestApiV2EntityBody<P extends string, M extends RestApiV2Method> = EntityBodyOf<
  EndpointOf<RestApiV2Types, M, P>
>;
