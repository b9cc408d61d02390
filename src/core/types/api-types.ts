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

/** What a client needs to type calls from their paths, generated per API (`npm run generate`). */
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
 * The types of an API whose calls are not typed from their paths: results keep the methods' fallback
 * types and every query or body is accepted. The legacy sessions and `RestApiV2BaseClient` use it by default.
 */
export interface UntypedApi extends ApiTypes {
  routes: Record<never, never>;
  endpoints: Record<never, never>;
  tiers: [];
  hints: NoPathHints;
  basePath: '';
}

/** No path to complete for any method. */
export interface NoPathHints extends ApiPathHints {
  GET: never;
  POST: never;
  PUT: never;
  PATCH: never;
  DELETE: never;
  INDEX: never;
}
