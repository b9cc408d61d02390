/**
 * The shapes of the per-API tables that drive a REST client: canonical paths, the
 * entity-wrapper exceptions, and which paths page by cursor or hold historical records.
 *
 * @module
 */

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
}
