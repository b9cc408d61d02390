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
} from '../types/endpoint-types.js';

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
