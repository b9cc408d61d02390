// Resolving one endpoint under a client's policy: an API's tables compiled (indexed, once per table), the wrapper
// path and pair, the index to page (pure functions), and `EndpointLookup`, which holds a client's tables and
// policy. A lookup that refuses returns a `Refusal`: the client that asked throws its own error for it.
import {
  READ_ONLY_POSTS,
  compileCanonicalPaths,
  matchCanonicalPath,
  pathShape,
  quietCanonicalPath,
  type CanonicalPathIndex,
} from './canonical-path.js';
import { urlPathOf } from '../../request/url.js';
import type { CanonicalPath, EntityWrapperConfig, IndexPagination, QueryStyle, RestApiTables } from './tables.js';
import {
  compileWrapperConfig,
  entityWrappersFor,
  type CompiledWrapperConfig,
  type EntityWrapperPair,
  isIndexSegments,
  segmentWrappers,
  urlPathSegments,
} from './entity-wrappers.js';
import { pagingPlan, type PagingPlan } from '../pagination/paging-plan.js';
import { type RestPolicy, acceptsResourceObject, targetUrl, type ResourceTarget } from './policy.js';
import { Refusal } from '../../errors/refusal.js';
import type { ApiClient, Endpoint } from '../../client/api-client.js';

/** An endpoint as the REST clients work it out: its canonical path and what the API's tables say of it. */
export interface RestEndpoint extends Endpoint {
  /** The path below the base URL, without the query. */
  readonly urlPath: string;
  /** The canonical path; `null` when none matches (or two tie): `get`, ... still send such a URL. */
  readonly path: CanonicalPath | null;
  /** The query parameters the operation declares in a style other than `name[]`. */
  readonly queryStyles?: Readonly<Record<string, QueryStyle>>;
  /** The request and response wrappers, when the tables decide them (else the r-methods ask the policy). */
  readonly wrappers?: EntityWrapperPair;
}

/** The tables of one API, indexed. */
export interface CompiledTables {
  /** Canonical paths for matching URLs. */
  readonly paths: CanonicalPathIndex;
  /** The wrapper exceptions. */
  readonly wrappers: CompiledWrapperConfig;
  /** Shapes (placeholders as `{}`) of the cursor-paginated paths. */
  readonly cursorShapes: ReadonlySet<string>;
  /** Shapes of the historical-record paths. */
  readonly historicalShapes: ReadonlySet<string>;
  /** Shapes of the specialised index paths, to the name of their iterator. */
  readonly specialised: ReadonlyMap<string, string>;
  /** Shapes of the index paths, to their pagination; `null` when the tables list no indexes. */
  readonly indexes: ReadonlyMap<string, IndexPagination> | null;
  /** Shapes of the historical paths with a longest range, to that range in milliseconds. */
  readonly historyMaxRangeMs: ReadonlyMap<string, number>;
  /** `'<METHOD> <shape>'` to the headers that operation requires. */
  readonly declaredHeaders: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** `'<METHOD> <shape>'` to its query parameters not sent as `name[]`. */
  readonly queryStyles: ReadonlyMap<string, Readonly<Record<string, QueryStyle>>>;
}

const DAY_MS = 86_400_000;

export function withWrapperRows(compiled: CompiledTables, rows: EntityWrapperConfig): CompiledTables {
  if (Object.keys(rows).length === 0) return compiled;
  const entries = new Map([...compiled.wrappers.entries, ...compileWrapperConfig(rows).entries]);
  return { ...compiled, wrappers: { entries } };
}

const cache = new WeakMap<RestApiTables, CompiledTables>();

export function compileTables(tables: RestApiTables): CompiledTables {
  let compiled = cache.get(tables);
  if (!compiled) {
    compiled = {
      paths: compileCanonicalPaths(tables.canonicalPaths),
      wrappers: compileWrapperConfig(tables.wrapperConfig),
      cursorShapes: shapes(tables.cursorPaths),
      historicalShapes: shapes(tables.historicalPaths ?? []),
      specialised: new Map(
        Object.entries(tables.specialisedIterators ?? {}).map(([path, name]) => [pathShape(path), name]),
      ),
      indexes: tables.indexes
        ? new Map(Object.entries(tables.indexes).map(([path, index]) => [pathShape(path), index]))
        : null,
      historyMaxRangeMs: new Map(
        Object.entries(tables.historyMaxRangeDays ?? {}).map(([path, days]) => [pathShape(path), days * DAY_MS]),
      ),
      declaredHeaders: byOperationShape(tables.declaredHeaders ?? {}),
      queryStyles: byOperationShape(tables.queryStyles ?? {}),
    };
    cache.set(tables, compiled);
  }
  return compiled;
}

function shapes(paths: readonly CanonicalPath[]): ReadonlySet<string> {
  return new Set(paths.map(pathShape));
}

/** Keys `'<METHOD> <path>'` rewritten as `'<METHOD> <shape>'`. */
function byOperationShape<V>(table: Readonly<Record<string, V>>): ReadonlyMap<string, V> {
  return new Map(
    Object.entries(table).map(([key, value]) => {
      const space = key.indexOf(' ');
      return [`${key.slice(0, space)} ${pathShape(key.slice(space + 1))}`, value];
    }),
  );
}

// Under `'config'` the canonical path decides (an unknown path is refused); under `'convention'`
// (the predecessor before 5.0.0) the URL's own segments do, and a path outside the tables is sent.
export function wrapperPairFor(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'>,
  method: string,
  path: string,
  shape?: string,
): EntityWrapperPair | Refusal {
  if (policy.wrappers === 'config') return entityWrappersFor(tables.wrappers, method, path, shape);
  const nodes = urlPathSegments(path);
  if (nodes === null) return new Refusal(`${path} is not a path of the API: it has an empty segment or none`);
  return segmentWrappers(method, nodes);
}

export function wrapperPathFor(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'>,
  urlPath: string,
): string | Refusal {
  if (policy.wrappers === 'config') return matchCanonicalPath(tables.paths, urlPath);
  if (urlPathSegments(urlPath) === null) return new Refusal(`Invalid API resource URL: ${urlPath.slice(0, 99)}`);
  return urlPath;
}

/** The message for a path with its own iterator, or `undefined`. */
export function specialisedProblem(tables: CompiledTables, path: CanonicalPath, method: string): string | undefined {
  const own = tables.specialised.get(pathShape(path));
  return own ? `${path} has its own pagination style that ${method} cannot follow: use ${own}() instead` : undefined;
}

/** Where and how an index is paged. */
export interface IndexTarget {
  /** The path, for messages (`GET /users`): the canonical path, or under `'convention'` the URL's path. */
  readonly path: string;
  /** The key of each page's list. */
  readonly wrapper: string;
  /** The style, page-size limits and declarations of the index. */
  readonly plan: PagingPlan;
}

export function indexTarget(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'> & Partial<Pick<RestPolicy, 'cursorAnyPath'>>,
  urlPath: string,
  method: string,
): IndexTarget | Refusal {
  if (method === 'iterCursor' && policy.cursorAnyPath === true) return anyPathCursor(urlPath);
  const path = wrapperPathFor(tables, policy, urlPath);
  if (path instanceof Refusal) return path;
  const canonical = policy.wrappers === 'config' ? path : quietCanonicalPath(tables, urlPath);
  const special = canonical === null ? undefined : specialisedProblem(tables, canonical, method);
  if (special !== undefined) return new Refusal(special, 'ERR_NOT_PAGEABLE');
  if (policy.wrappers === 'config') {
    const plan = pagingPlan(tables, path, { useIndexes: true, method });
    if (plan instanceof Refusal) return plan;
    if (method === 'iterCursor' && plan.style !== 'cursor') return notCursorBased(path);
    const wrapper = plan.listKey ?? responseWrapper(tables, policy, path, method);
    return wrapper instanceof Refusal ? wrapper : { path, wrapper, plan };
  }
  const cursor = canonical !== null && tables.cursorShapes.has(pathShape(canonical));
  if (method === 'iterCursor' && !cursor) return notCursorBased(path);
  const maxPageSize = canonical === null ? null : (tables.indexes?.get(pathShape(canonical))?.maxPageSize ?? null);
  const plan: PagingPlan = {
    style: cursor ? 'cursor' : 'classic',
    listKey: null,
    sendLimit: true,
    untilShortPage: false,
    maxPageSize,
  };
  const segments = path.split('/');
  // A known cursor-based index under the convention (`/audit/records`) is paged by its
  // last node, as the predecessor's iterCursor assumed, whatever the node count.
  if (cursor) return { path, wrapper: segments[segments.length - 1], plan };
  if (!isIndexSegments(urlPathSegments(path) ?? [])) {
    const message = `${path} is a single resource, not an index: ${method} cannot page through it (use rget)`;
    return new Refusal(message, 'ERR_NOT_AN_INDEX');
  }
  const wrapper = responseWrapper(tables, policy, path, method);
  return wrapper instanceof Refusal ? wrapper : { path, wrapper, plan };
}

/** The predecessor's `iter_cursor` (4.5): any path, its last node as the key, no `limit`. */
function anyPathCursor(urlPath: string): IndexTarget {
  const segments = urlPath.split('/');
  const plan: PagingPlan = {
    style: 'cursor',
    listKey: null,
    sendLimit: false,
    untilShortPage: false,
    maxPageSize: null,
  };
  return { path: urlPath, wrapper: segments[segments.length - 1], plan };
}

function notCursorBased(path: string): Refusal {
  return new Refusal(`${path} does not use cursor-based pagination: use iterAll for it`, 'ERR_NOT_PAGEABLE');
}

/** The GET response wrapper of an index, or the refusal saying it has none. */
function responseWrapper(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'>,
  path: string,
  method: string,
): string | Refusal {
  const pair = wrapperPairFor(tables, policy, 'GET', path);
  if (pair instanceof Refusal) return pair;
  const [, wrapper] = pair;
  if (wrapper !== null) return wrapper;
  return new Refusal(
    `GET ${path} has no entity wrapper, so ${method} cannot page through it (use jget)`,
    'ERR_NOT_PAGEABLE',
  );
}

/**
 * A client's tables and policy, and the lookups its methods make. Each answers the value looked up or the
 * `Refusal` of the URL, which the client throws as its own error.
 */
export class EndpointLookup {
  /** The client's tables, compiled. */
  readonly compiled: CompiledTables;
  /** The client's policy (frozen). */
  readonly policy: RestPolicy;
  readonly paths: CanonicalPathMemo;
  // The client's base URL is settable: read at each call.
  readonly #client: Pick<ApiClient, 'url' | 'normalizeUrl'>;

  readonly #keyByPath: boolean;

  /** @param keyByPath - whether the call metrics count a call under its canonical path (unless a seam keys them) */
  constructor(
    compiled: CompiledTables,
    policy: RestPolicy,
    client: Pick<ApiClient, 'url' | 'normalizeUrl'>,
    keyByPath = true,
  ) {
    this.paths = new CanonicalPathMemo(compiled.paths);
    this.#keyByPath = keyByPath;
    this.compiled = compiled;
    this.policy = policy;
    this.#client = client;
  }

  /** The endpoint with its canonical path looked up once, and what the tables say of that path. */
  describe(endpoint: Endpoint): RestEndpoint {
    const urlPath = urlPathOf(this.#client.url, endpoint.resolved);
    const path = this.paths.match(urlPath);
    // No canonical path (or two tie): `get`, ... still send such a URL.
    if (path instanceof Refusal) return { ...endpoint, urlPath, path: null };
    const { method } = endpoint;
    const declared = this.policy.declaredRequirements;
    const shape = this.paths.shape(path);
    const key = `${method} ${shape}`;
    return {
      ...endpoint,
      urlPath,
      path,
      wrappers:
        this.policy.wrappers === 'config' ? entityWrappersFor(this.compiled.wrappers, method, path, shape) : undefined,
      operation: this.#keyByPath ? `${method} ${path}` : undefined,
      // A POST that only reads (an analytics query) is retried like a GET.
      retryMode: method === 'POST' && READ_ONLY_POSTS.has(path) ? 'idempotent' : undefined,
      headers: declared ? this.compiled.declaredHeaders.get(key) : undefined,
      queryStyles: declared ? this.compiled.queryStyles.get(key) : undefined,
    };
  }

  /** The path whose wrappers apply to an endpoint under the policy (see `wrapperPathFor`). */
  wrapperPathOf(endpoint: RestEndpoint): CanonicalPath | Refusal {
    if (this.policy.wrappers === 'config' && endpoint.path !== null) return endpoint.path;
    // No canonical path, or the convention: the lookup says why (or checks the URL's own segments).
    return wrapperPathFor(this.compiled, this.policy, endpoint.urlPath);
  }

  /** The path of a URL below the base URL. @throws UrlError for a foreign URL (the client's `normalizeUrl`) */
  urlPath(url: string): string {
    return urlPathOf(this.#client.url, this.#client.normalizeUrl(url));
  }

  /** The canonical path of a URL or path, or the refusal when none matches (or two match equally well). */
  canonicalPath(url: string): CanonicalPath | Refusal {
    return this.paths.match(this.urlPath(url));
  }

  /** The wrappers of an endpoint under the policy (see `wrapperPairFor`). */
  wrapperPair(method: string, path: CanonicalPath): EntityWrapperPair | Refusal {
    // Under the tables a canonical path's shape is worked out once per client.
    const shape = this.policy.wrappers === 'config' ? this.paths.shape(path) : undefined;
    return wrapperPairFor(this.compiled, this.policy, method, path, shape);
  }

  /** The path whose wrappers apply to a request to a URL under the policy (see `wrapperPathFor`). */
  wrapperPath(url: string): CanonicalPath | Refusal {
    const urlPath = this.urlPath(url);
    if (this.policy.wrappers === 'config') return this.paths.match(urlPath);
    return wrapperPathFor(this.compiled, this.policy, urlPath);
  }

  /** The URL of a target; a resource object stands for its `self` URL when the policy lets it. */
  target(target: ResourceTarget, method: string): string | Refusal {
    // A URL, nearly always: nothing to look up.
    if (typeof target === 'string') return target;
    return targetUrl(target, acceptsResourceObject(this.policy, method), method);
  }

  /** Where and how an index is paged (see `indexTarget`); `method` is named in refusals. */
  indexTarget(url: string, method: string): IndexTarget | Refusal {
    return indexTarget(this.compiled, this.policy, this.urlPath(url), method);
  }

  /** The refusal naming the right method when `path` pages in its own style, else `undefined`. */
  specialisedRefusal(path: CanonicalPath, method: string): Refusal | undefined {
    const problem = specialisedProblem(this.compiled, path, method);
    return problem === undefined ? undefined : new Refusal(problem, 'ERR_NOT_PAGEABLE');
  }
}

// One client's matches by URL path, so that a call's URL is matched once however many steps ask
// (wrappers, call key, read-only POSTs). Bounded: cleared when full. A refusal is never kept.
export class CanonicalPathMemo {
  readonly #index: CanonicalPathIndex;
  readonly #known = new Map<string, CanonicalPath>();
  // A canonical path's shape, asked for on every call (wrappers, declarations): the table's paths, so bounded.
  readonly #shapes = new Map<CanonicalPath, string>();
  readonly #limit: number;

  constructor(index: CanonicalPathIndex, limit = 256) {
    this.#index = index;
    this.#limit = limit;
  }

  match(urlPath: string): CanonicalPath | Refusal {
    const known = this.#known.get(urlPath);
    if (known !== undefined) return known;
    const path = matchCanonicalPath(this.#index, urlPath);
    if (path instanceof Refusal) return path;
    if (this.#known.size >= this.#limit) this.#known.clear();
    this.#known.set(urlPath, path);
    return path;
  }

  /** The shape of a canonical path (see `pathShape`). */
  shape(path: CanonicalPath): string {
    let shape = this.#shapes.get(path);
    if (shape === undefined) {
      shape = pathShape(path);
      if (this.#shapes.size >= this.#limit) this.#shapes.clear();
      this.#shapes.set(path, shape);
    }
    return shape;
  }
}
