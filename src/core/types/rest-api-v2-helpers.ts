import type { EndpointOf, EntityBodyOf, EntityResultOf, ItemOf, QueryOf } from './endpoint-types.js';
import type { RestApiV2Types } from '../../generated/types/rest-api-v2-endpoints.js';

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
