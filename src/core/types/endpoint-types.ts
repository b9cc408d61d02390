// A path that belongs to no endpoint (a `string` known only at run time, or a path the description lacks)
// gives the method's untyped fallback.
import type { RequestOptions } from '../request/outgoing-request.js';
import type { QueryParams } from '../request/query.js';
import type { ApiPathHints, ApiTypes } from './api-types.js';
import type { CanonicalPathOf } from './path-matching.js';

/** An endpoint that declares query parameters `Q`. */
export interface HasQuery<Q> {
  /** The query parameters, by name. */
  query: Q;
}

/** An endpoint with a JSON request body `B`. */
export interface HasBody<B> {
  /** The whole request body. */
  body: B;
}

/** An endpoint with a JSON success body `R` (`null`: an empty body). */
export interface HasResponse<R> {
  /** The whole success body. */
  response: R;
}

/** An endpoint whose request entity goes in the wrapper `K`. */
export interface HasRequestWrapper<K extends string> {
  /** The wrapper's name. */
  requestWrapper: K;
}

/** An endpoint whose response entity comes in the wrapper `K`. */
export interface HasResponseWrapper<K extends string> {
  /** The wrapper's name. */
  responseWrapper: K;
}

/** An index endpoint whose items come in the list `K`. */
export interface HasListKey<K extends string> {
  /** The list's name. */
  listKey: K;
}

/** The endpoint of `method` on the canonical path of `P` (`{ query?, body?, response?, ... }`), or `undefined`. */
export type EndpointOf<A extends ApiTypes, M extends string, P extends string> =
  CanonicalPathOf<A, P> extends infer C
    ? [C] extends [never]
      ? undefined
      : C extends keyof A['endpoints']
        ? M extends keyof A['endpoints'][C]
          ? A['endpoints'][C][M]
          : undefined
        : undefined
    : undefined;

/** The paths offered for completion, and any string: `/users/PABC123` is still typed by the path it matches. */
export type PathHint<A extends ApiTypes, K extends keyof ApiPathHints> =
  | A['hints'][K]
  | (string & Record<never, never>);

/**
 * An explicit type argument (`never`: none), else the type from the path. `NoInfer`: an annotation on the
 * result (`const n: number = await client.rget(...)`) is checked against the path's type, not taken as `T`.
 */
export type Resolved<T, FromPath> = [NoInfer<T>] extends [never] ? FromPath : NoInfer<T>;

/** `R[K]` for each member of `R`, as unwrapping returns it (`null` stays `null`). */
type Unwrapped<R, K extends string> = R extends unknown
  ? R extends null
    ? null
    : K extends keyof R
      ? Exclude<R[K], undefined>
      : unknown
  : never;

/** The decoded success body of an endpoint (`null` when it has none): what the j-methods return. */
export type JsonResultOf<E> = E extends HasResponse<infer R> ? R : unknown;

/** The entity of an endpoint's success body, inside its wrapper: what the r-methods return. */
export type EntityResultOf<E> =
  E extends HasResponse<infer R> ? (E extends HasResponseWrapper<infer K> ? Unwrapped<R, K> : R) : unknown;

type ListItem<L> = L extends readonly (infer Item)[] ? Item : Record<string, unknown>;

/** One item of an index endpoint's list: what the iterators yield (`Record<string, unknown>` when untyped). */
export type ItemOf<E> = E extends HasResponse<infer R> & HasListKey<infer K>
  ? ListItem<Unwrapped<R, K>>
  : Record<string, unknown>;

/** The JSON request body of an endpoint, whole: what the j-methods send. */
export type JsonBodyOf<E> = E extends HasBody<infer B> ? B : unknown;

type Wrappable<B, K extends string> = B extends unknown
  ? K extends keyof B
    ? Exclude<B[K], undefined> | { readonly [Key in K]: Exclude<B[K], undefined> }
    : B
  : never;

/** The request entity of an endpoint, or the same already in its wrapper: what the r-methods send. */
export type EntityBodyOf<E> =
  E extends HasBody<infer B> ? (E extends HasRequestWrapper<infer K> ? Wrappable<B, K> : B) : unknown;

/** A query value as the engine sends it: a `Date` goes where a string (an ISO 8601 date) is expected. */
type QueryItem<V> = V | (string extends V ? Date : never);
type QueryElement<V> = V extends readonly (infer Item)[] ? Item : V;
type QueryEntry<V> = V extends readonly (infer Item)[] ? readonly QueryItem<Item>[] : QueryItem<V>;

/**
 * The query parameters of an endpoint: each name with its type, a list-valued name (`statuses[]`) also
 * without its brackets (the client appends them); `null` leaves a parameter out.
 */
export type TypedQuery<Q> = {
  readonly [K in keyof Q as K extends `${infer Bare}[]` ? Bare : never]?:
    | readonly QueryItem<QueryElement<Q[K]>>[]
    | null;
} & {
  readonly [K in keyof Q]?: K extends `${string}[]`
    ? QueryItem<QueryElement<Q[K]>> | readonly QueryItem<QueryElement<Q[K]>>[] | null
    : QueryEntry<Q[K]> | null;
};

/** No query parameter at all (the endpoint declares none). */
export type NoQuery = Readonly<Record<string, never>>;

/** The query parameters of an endpoint (any when the path matched none). */
export type QueryOf<E> = E extends undefined ? QueryParams : E extends HasQuery<infer Q> ? TypedQuery<Q> : NoQuery;

/** Request options whose `params` and `json` are typed. */
export interface TypedRequestOptions<Q, J> extends Omit<RequestOptions, 'params' | 'json'> {
  /** Query parameters, as the endpoint declares them. */
  params?: Q;
  /** The JSON body, as the endpoint declares it. */
  json?: J;
}

/** The request options of a call to an endpoint; plain `RequestOptions` when the path matched none. */
export type RequestOptionsOf<E, J> = E extends undefined ? RequestOptions : TypedRequestOptions<QueryOf<E>, J>;
