// The tables of one API: their types, and the packed form the large generated ones take. Nothing here imports
// the engine: the `tables` entry point and the generated tables load this module alone.

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

// The three large REST tables are generated packed, one row a line, and unpacked once, at their first use (the first
// client): as object literals they were a third of a page's REST client (a quoted key and five named fields a row),
// and unpacked at load they were an eighth of `import('pagerduty-client')`. The packing is
// scripts/generate/packed-tables.ts; a test unpacks what it packs.
/** A value made at the first call, then the same value at every call. */
export function lazy<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const rows = (packed: string): string[] => packed.split('\n').filter((row) => row !== '');

/**
 * Canonical paths, front-coded: each row is the length of the prefix it shares with the row before (one base-36
 * digit), then the rest of the path.
 */
export function unpackPaths(packed: string): readonly CanonicalPath[] {
  let previous = '';
  return Object.freeze(
    rows(packed).map((row) => (previous = previous.slice(0, parseInt(row.charAt(0), 36)) + row.slice(1))),
  );
}

const STYLES = Object.freeze({ c: 'classic', k: 'cursor', n: 'none' } as const);

/**
 * Index pagination, a row an index: `<path number> <style><more><limit>[<max page size>] [<list key>]`, the path
 * number (base 36) into `paths`, the style `c` (classic), `k` (cursor) or `n` (none), `more` and `limit` 1 or 0,
 * and the list key only when it is not the path's last segment.
 */
export function unpackIndexes(
  packed: string,
  paths: readonly CanonicalPath[],
): Readonly<Record<CanonicalPath, IndexPagination>> {
  const entries = rows(packed).map((row): [CanonicalPath, IndexPagination] => {
    const [number = '', flags = '', listKey] = row.split(' ');
    const path = pathAt(paths, number);
    const index: IndexPagination = {
      style: STYLES[flags.charAt(0) as keyof typeof STYLES],
      listKey: listKey ?? path.slice(path.lastIndexOf('/') + 1),
      maxPageSize: flags.length > 3 ? Number(flags.slice(3)) : null,
      moreField: flags.charAt(1) === '1',
      limitParam: flags.charAt(2) === '1',
    };
    return [path, Object.freeze(index)];
  });
  return Object.freeze(Object.fromEntries(entries));
}

const METHODS = Object.freeze({ G: 'GET', P: 'POST', U: 'PUT', A: 'PATCH', D: 'DELETE' } as const);

/**
 * Wrapper exceptions, a row an endpoint: `<method><path number> <wrapper>[ <response wrapper>]`, the method's
 * initial (`A` for PATCH, `U` for PUT), a wrapper `-` for none; one wrapper is that of both bodies.
 */
export function unpackWrappers(packed: string, paths: readonly CanonicalPath[]): EntityWrapperConfig {
  const wrapper = (name: string): string | null => (name === '-' ? null : name);
  const entries = rows(packed).map((row): [string, EntityWrapperSpec] => {
    const [head = '', request = '', response] = row.split(' ');
    const key = `${METHODS[head.charAt(0) as keyof typeof METHODS]} ${pathAt(paths, head.slice(1))}`;
    return [
      key,
      response === undefined ? wrapper(request) : Object.freeze([wrapper(request), wrapper(response)] as const),
    ];
  });
  return Object.freeze(Object.fromEntries(entries));
}

function pathAt(paths: readonly CanonicalPath[], number: string): CanonicalPath {
  const path = paths[parseInt(number, 36)];
  if (path === undefined) throw new Error(`packed REST table: no canonical path number ${number}`);
  return path;
}
