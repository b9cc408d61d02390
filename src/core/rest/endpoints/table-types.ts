/**
 * A path as the API reference shows it, with `{placeholders}` for identifiers, such as
 * `/users/{id}/contact_methods`.
 */
export type CanonicalPath = string;

/** The name of the key that wraps an entity in a body, or `null` for no wrapping. */
export type EntityWrapper = string | null;

/**
 * How one endpoint wraps its bodies: a name for both request and response, `null` for
 * neither (the endpoint cannot be paginated), or `[requestWrapper, responseWrapper]`.
 */
export type EntityWrapperSpec = string | null | readonly [string | null, string | null];

/**
 * Exceptions to the wrapper convention, keyed by `'<METHOD> <canonical path>'` where
 * METHOD may be `*` for every method. Keys match whatever the placeholders are named.
 */
export type EntityWrapperConfig = Readonly<Record<string, EntityWrapperSpec>>;

/**
 * How an index pages: `'classic'` (`limit`/`offset` in the query, `more` in the answer),
 * `'cursor'` (`limit`/`cursor` in the query, `next_cursor` in the answer), or `'none'` (one
 * request returns the whole list).
 */
export type IndexPaginationStyle = 'classic' | 'cursor' | 'none';

/**
 * The pagination of one index (a GET whose answer holds a list), from the API's description.
 *
 * @example
 * ```ts
 * const users: IndexPagination = {
 *   style: 'classic', listKey: 'users', maxPageSize: null, moreField: true, limitParam: true,
 * };
 * ```
 */
export interface IndexPagination {
  /** How the index pages. */
  readonly style: IndexPaginationStyle;
  /** The key of the list in each page (the response wrapper of the GET). */
  readonly listKey: string;
  /**
   * The largest `limit` the endpoint accepts; the iterators never send more (a larger
   * `pageSize` or `limit` is lowered to it). `null`: none declared.
   */
  readonly maxPageSize: number | null;
  /**
   * Classic pagination: whether the answer declares `more`. Without it the iterators read
   * pages until one comes back short (fewer items than the `limit` sent).
   */
  readonly moreField: boolean;
  /** Whether the index takes a `limit` parameter (sent as the page size, even with style `'none'`). */
  readonly limitParam: boolean;
}

/**
 * How a query parameter declared otherwise than by the `name[]` convention goes out
 * (OpenAPI's `form` style): `explode: false` joins a list with commas under the declared
 * name, `explode: true` repeats the declared name for each value.
 */
export interface QueryStyle {
  /** The only style the REST API v2 declares for the query. */
  readonly style: 'form';
  /** Whether each value gets its own `name=value`. */
  readonly explode: boolean;
}

/**
 * Everything a REST client needs to know about its API's paths. Each API (REST API v2,
 * and each integration API) has its own.
 *
 * @example
 * ```ts
 * const tables: RestApiTables = {
 *   canonicalPaths: ['/rules', '/rules/{id}'],
 *   cursorPaths: [],
 *   wrapperConfig: { 'GET /rules/{id}': null },
 * };
 * ```
 */
export interface RestApiTables {
  /** Every canonical path of the API. */
  readonly canonicalPaths: readonly CanonicalPath[];
  /** The canonical paths whose index pages by cursor (`next_cursor`). */
  readonly cursorPaths: readonly CanonicalPath[];
  /** Exceptions to the wrapper convention. */
  readonly wrapperConfig: EntityWrapperConfig;
  /** The index paths that accept `since`/`until` (for `iterHistory`). @default [] */
  readonly historicalPaths?: readonly CanonicalPath[];
  /**
   * Index paths with their own pagination style, mapped to the name of the method that
   * pages through them; the generic iterators refuse these and name that method. @default {}
   */
  readonly specialisedIterators?: Readonly<Record<CanonicalPath, string>>;
  /**
   * Every index of the API with its pagination, keyed by canonical path. When given (and
   * the client's policy uses the tables, `wrappers: 'config'`), the iterators page each index
   * in its own style with its own list key, never send a `limit` above its maximum, accept
   * an index whose path ends in a placeholder (`/standards/scores/{resource_type}`), and
   * refuse a path that is no index before any request. Without it every path is paged
   * classically (or by cursor when listed in `cursorPaths`). @default undefined
   */
  readonly indexes?: Readonly<Record<CanonicalPath, IndexPagination>>;
  /**
   * The longest since/until range, in days, of the historical indexes that limit it, keyed
   * by canonical path; `iterHistory` reads a longer range in windows of at most this
   * length. @default {}
   */
  readonly historyMaxRangeDays?: Readonly<Record<CanonicalPath, number>>;
  /**
   * Headers an operation requires, keyed by `'<METHOD> <canonical path>'` (the early-access
   * header): sent unless the caller sets a header of that name. @default {}
   */
  readonly declaredHeaders?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Query parameters not sent as `name[]`, keyed by `'<METHOD> <canonical path>'` then by
   * the declared name. @default {}
   */
  readonly queryStyles?: Readonly<Record<string, Readonly<Record<string, QueryStyle>>>>;
}
