/**
 * The shape of the generated per-API types that let a client type its calls from their
 * paths (`RestApiV2Types`, `ScimApiTypes`, ...), and the untyped stand-in.
 *
 * @module
 */

/** The canonical paths a client offers for completion, per method. */
export interface ApiPathHints {
  /** Paths with a GET operation. */
  GET: string;
  /** Paths with a POST operation. */
  POST: string;
  /** Paths with a PUT operation. */
  PUT: string;
  /** Paths with a PATCH operation. */
  PATCH: string;
  /** Paths with a DELETE operation. */
  DELETE: string;
  /** Paths of the lists that the iterators page through. */
  INDEX: string;
}

/**
 * What a client needs to type calls from their paths: generated for each API from its
 * description (`npm run generate`). A client class takes it as its type parameter.
 */
export interface ApiTypes {
  /** The canonical paths as a tree of segments (`'/*'`: a placeholder, `'/'`: a path ending here). */
  routes: object;
  /** By canonical path and method: `query`, `body`, `response`, `requestWrapper`, `responseWrapper`, `listKey`. */
  endpoints: object;
  /** The canonical paths grouped by their number of literal segments, most first. */
  tiers: readonly unknown[];
  /** The canonical paths offered for completion, per method. */
  hints: ApiPathHints;
  /** The path of the client's base URL without its leading slash (`''`, `'scim/v2'`). */
  basePath: string;
}

/**
 * The types of an API whose calls are not typed from their paths: results keep the
 * methods' fallback types (`unknown`, `Record<string, unknown>` items) and every query or
 * body is accepted. The legacy sessions use it, as does `RestApiV2BaseClient` by default.
 */
export interface UntypedApi extends ApiTypes {
  /** No paths. */
  routes: Record<never, never>;
  /** No endpoints. */
  endpoints: Record<never, never>;
  /** No paths. */
  tiers: [];
  /** Nothing to complete. */
  hints: NoPathHints;
  /** No base path. */
  basePath: '';
}

/** No path to complete for any method. */
export interface NoPathHints extends ApiPathHints {
  /** None. */
  GET: never;
  /** None. */
  POST: never;
  /** None. */
  PUT: never;
  /** None. */
  PATCH: never;
  /** None. */
  DELETE: never;
  /** None. */
  INDEX: never;
}
