import { matchCanonicalPath, pathShape } from './canonical-path.js';
import type { CompiledTables } from './compiled-tables.js';
import { entityWrappersFor, type EntityWrapperPair } from './entity-wrappers.js';
import { isIndexSegments, segmentWrappers, urlPathSegments } from './url-segment-wrappers.js';
import { pagingPlan, type PagingPlan } from '../pagination/paging-plan.js';
import type { RestPolicy } from './policy.js';
import type { CanonicalPath } from './table-types.js';
import type { RefusalFailure } from '../../errors/failure-details.js';

/** Builds the error for a path that cannot be used (a `UrlError` in the core), with its facts when known. */
export type PathFailure = RefusalFailure;

/** Thrown (never shown) by the quiet lookup: building a real error per miss would cost a stack trace. */
const NO_MATCH = new Error('no canonical path');

/** The canonical path of a URL path, or `null` when none matches (or two match equally well). */
export function quietCanonicalPath(tables: CompiledTables, urlPath: string): CanonicalPath | null {
  try {
    return matchCanonicalPath(tables.paths, urlPath, () => NO_MATCH);
  } catch {
    return null;
  }
}

// Under `'config'` the canonical path decides (an unknown path is refused); under `'convention'`
// (the predecessor before 5.0.0) the URL's own segments do, and a path outside the tables is sent.
export function wrapperPairFor(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'>,
  method: string,
  path: string,
  fail: PathFailure,
): EntityWrapperPair {
  if (policy.wrappers === 'config') return entityWrappersFor(tables.wrappers, method, path);
  const nodes = urlPathSegments(path);
  if (nodes === null) throw fail(`${path} is not a path of the API: it has an empty segment or none`);
  return segmentWrappers(method, nodes);
}

export function wrapperPathFor(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'>,
  urlPath: string,
  fail: PathFailure,
): string {
  if (policy.wrappers === 'config') return matchCanonicalPath(tables.paths, urlPath, fail);
  if (urlPathSegments(urlPath) === null) throw fail(`Invalid API resource URL: ${urlPath.slice(0, 99)}`);
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
  fail: PathFailure,
): IndexTarget {
  if (method === 'iterCursor' && policy.cursorAnyPath === true) return anyPathCursor(urlPath);
  const path = wrapperPathFor(tables, policy, urlPath, fail);
  const canonical = policy.wrappers === 'config' ? path : quietCanonicalPath(tables, urlPath);
  const special = canonical === null ? undefined : specialisedProblem(tables, canonical, method);
  if (special !== undefined) throw fail(special);
  if (policy.wrappers === 'config') {
    const plan = pagingPlan(tables, path, { useIndexes: true, method }, fail);
    if (method === 'iterCursor' && plan.style !== 'cursor') throw fail(notCursorBased(path));
    return { path, wrapper: plan.listKey ?? responseWrapper(tables, policy, path, method, fail), plan };
  }
  const cursor = canonical !== null && tables.cursorShapes.has(pathShape(canonical));
  if (method === 'iterCursor' && !cursor) throw fail(notCursorBased(path));
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
    throw fail(`${path} is a single resource, not an index: ${method} cannot page through it (use rget)`, {
      reason: 'not-an-index',
      canonicalPath: path,
    });
  }
  return { path, wrapper: responseWrapper(tables, policy, path, method, fail), plan };
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

function notCursorBased(path: string): string {
  return `${path} does not use cursor-based pagination: use iterAll for it`;
}

/** The GET response wrapper of an index, or the error saying it has none. */
function responseWrapper(
  tables: CompiledTables,
  policy: Pick<RestPolicy, 'wrappers'>,
  path: string,
  method: string,
  fail: PathFailure,
): string {
  const [, wrapper] = wrapperPairFor(tables, policy, 'GET', path, fail);
  if (wrapper === null) throw fail(`GET ${path} has no entity wrapper, so ${method} cannot page through it (use jget)`);
  return wrapper;
}
