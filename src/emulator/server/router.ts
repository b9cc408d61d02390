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

/** A route's pattern, read once: its segments (a placeholder's name, or the literal) and literal count. */
interface CompiledRoute {
  route: Route;
  parts: ({ literal: string } | { placeholder: string })[];
  literals: number;
}

function compile(route: Route): CompiledRoute {
  const parts = segments(route.pattern).map((segment) => {
    const placeholder = /^\{(\w+)\}$/.exec(segment);
    return placeholder ? { placeholder: placeholder[1]! } : { literal: segment };
  });
  return { route, parts, literals: parts.filter((part) => 'literal' in part).length };
}

// The routes of a table read once, by segment count: a pure memo of immutable tables (matching
// every pattern afresh per request cost most of a simple GET's time).
const compiledTables = new WeakMap<readonly Route[], Map<number, CompiledRoute[]>>();

function compiledBySize(routes: readonly Route[]): Map<number, CompiledRoute[]> {
  let table = compiledTables.get(routes);
  if (!table) {
    table = new Map();
    for (const compiled of routes.map(compile)) {
      const list = table.get(compiled.parts.length) ?? [];
      list.push(compiled);
      table.set(compiled.parts.length, list);
    }
    compiledTables.set(routes, table);
  }
  return table;
}

function matchCompiled(compiled: CompiledRoute, have: readonly string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < compiled.parts.length; i += 1) {
    const part = compiled.parts[i]!;
    if ('literal' in part) {
      if (part.literal !== have[i]) return undefined;
    } else {
      const value = decodedSegment(have[i]!);
      if (value === undefined) return undefined;
      params[part.placeholder] = value;
    }
  }
  return params;
}

/** Finds the route for a request. */
export function findRoute(routes: readonly Route[], method: string, path: string): RouteMatch {
  const have = segments(path);
  const fitting: { compiled: CompiledRoute; params: Record<string, string> }[] = [];
  for (const compiled of compiledBySize(routes).get(have.length) ?? []) {
    const params = matchCompiled(compiled, have);
    if (params) fitting.push({ compiled, params });
  }
  if (fitting.length === 0) return { kind: 'not-found' };
  const best = Math.max(...fitting.map((candidate) => candidate.compiled.literals));
  const mostLiteral = fitting.filter((candidate) => candidate.compiled.literals === best);
  const chosen = mostLiteral.find((candidate) => candidate.compiled.route.method === method.toUpperCase());
  if (chosen) return { kind: 'found', route: chosen.compiled.route, params: chosen.params };
  return {
    kind: 'method-not-allowed',
    allowed: [...new Set(mostLiteral.map((candidate) => candidate.compiled.route.method))],
  };
}
