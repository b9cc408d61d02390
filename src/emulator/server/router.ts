/**
 * Route matching: a method and a path pattern with `{placeholders}` per handler. Where
 * several patterns match, the one with the most literal segments wins (`/users/me` over
 * `/users/{id}`), as the REST API's own routing does.
 *
 * @module
 */
import type { Reply } from './replies.js';
import type { EmulatorStore, KeyIdentity } from '../store/store.js';

/** Everything a REST handler gets. */
export interface RestContext {
  /** The state. */
  store: EmulatorStore;
  /** Whom the request's key speaks for. */
  identity: KeyIdentity;
  /** The values of the pattern's placeholders. */
  params: Readonly<Record<string, string>>;
  /** The query string. */
  query: URLSearchParams;
  /** The decoded JSON body, `undefined` when there is none. */
  body: unknown;
  /** The `From` header, when sent. */
  from: string | undefined;
  /** The request's `x-request-id`. */
  requestId: string;
  /** The time the request is handled at. */
  now: Date;
}

/** A REST handler: answers, or throws a `ReplyError`. */
export type RestHandler = (context: RestContext) => Reply;

/** One route. */
export interface Route {
  /** The HTTP method. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path pattern, e.g. `/users/{id}`. */
  pattern: string;
  /** What answers. */
  handler: RestHandler;
}

/** The outcome of matching a request. */
export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** A path segment with its percent-escapes decoded, or `undefined` when one is malformed (`%ZZ`). */
export function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Whether every percent-escape of a path is well formed. */
export function wellEscaped(path: string): boolean {
  return segments(path).every((segment) => decodedSegment(segment) !== undefined);
}

/**
 * The placeholder values when `path` fits `pattern`, else `undefined` (also when the
 * segment a placeholder takes has a malformed percent-escape).
 *
 * @example
 * ```ts
 * matchPattern('/users/{id}', '/users/PABC123'); // { id: 'PABC123' }
 * ```
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = segments(pattern);
  const have = segments(path);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const placeholder = /^\{(\w+)\}$/.exec(want[i]);
    if (placeholder) {
      const value = decodedSegment(have[i]);
      if (value === undefined) return undefined;
      params[placeholder[1]] = value;
    } else if (want[i] !== have[i]) return undefined;
  }
  return params;
}

function literalCount(pattern: string): number {
  return segments(pattern).filter((segment) => !segment.startsWith('{')).length;
}

/** Finds the route for a request. */
export function findRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const fitting = routes
    .map((route) => ({ route, params: matchPattern(route.pattern, path) }))
    .filter(
      (candidate): candidate is { route: Route; params: Record<string, string> } => candidate.params !== undefined,
    );
  if (fitting.length === 0) return { kind: 'not-found' };
  const best = Math.max(...fitting.map((candidate) => literalCount(candidate.route.pattern)));
  const mostLiteral = fitting.filter((candidate) => literalCount(candidate.route.pattern) === best);
  const chosen = mostLiteral.find((candidate) => candidate.route.method === method.toUpperCase());
  if (chosen) return { kind: 'found', route: chosen.route, params: chosen.params };
  return { kind: 'method-not-allowed', allowed: [...new Set(mostLiteral.map((candidate) => candidate.route.method))] };
}
