/**
 * Which key wraps the entity in a request or response body: looked up in the API's
 * exception table, or inferred from the path by the classic convention.
 *
 * @module
 */
import { isPlaceholder, pathShape } from './canonical-path.js';
import type { CanonicalPath, EntityWrapper, EntityWrapperConfig, EntityWrapperSpec } from './table-types.js';

/** The request wrapper and the response wrapper of one endpoint (`null`: not wrapped). */
export type EntityWrapperPair = readonly [EntityWrapper, EntityWrapper];

/** A wrapper table indexed by `'<METHOD> <path shape>'`, ready for {@link entityWrappersFor}. */
export interface CompiledWrapperConfig {
  /** Wrapper pairs by `'<METHOD> <path shape>'` (METHOD may be `*`). */
  readonly entries: ReadonlyMap<string, EntityWrapperPair>;
}

/**
 * The singular of a collection name, as the predecessor forms it: `ies` becomes `y`,
 * otherwise every trailing `s` is removed (`statuses` gives `statuse`, which is what the
 * convention has always produced; endpoints it does not fit have table entries).
 *
 * @example
 * ```ts
 * singularName('escalation_policies'); // 'escalation_policy'
 * singularName('users'); // 'user'
 * ```
 */
export function singularName(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s+$/, '');
}

/**
 * The wrapper the classic convention gives an endpoint: the singular of the
 * second-to-last segment when the last is a placeholder (`/users/{id}` -> `user`); the
 * singular of the last segment for POST (`POST /users` -> `user`); otherwise the last
 * segment itself (`GET /users` -> `users`, `PUT /incidents` -> `incidents`).
 */
export function inferEntityWrapper(method: string, path: CanonicalPath): string {
  const nodes = path.split('/');
  const last = nodes[nodes.length - 1];
  if (isPlaceholder(last)) return singularName(nodes[nodes.length - 2] ?? '');
  if (method.toUpperCase() === 'POST') return singularName(last);
  return last;
}

/**
 * Validates and indexes a wrapper table; done once per table.
 *
 * @throws TypeError for a malformed key or value, or two keys for the same endpoint
 */
export function compileWrapperConfig(config: EntityWrapperConfig): CompiledWrapperConfig {
  const entries = new Map<string, EntityWrapperPair>();
  for (const [key, spec] of Object.entries(config)) {
    const match = /^(\*|[A-Z]+) (\/\S*)$/.exec(key);
    if (!match) throw new TypeError(`entity wrapper key ${JSON.stringify(key)} is not '<METHOD> <path>'`);
    const indexKey = `${match[1]} ${pathShape(match[2])}`;
    if (entries.has(indexKey)) throw new TypeError(`entity wrapper key ${JSON.stringify(key)} duplicates another key`);
    entries.set(indexKey, wrapperPair(key, spec));
  }
  return { entries };
}

/**
 * The `[requestWrapper, responseWrapper]` of an endpoint. A key for the exact method wins
 * over a `*` key; with no key (or no table: `compiled` is `null`, the convention-only
 * policy) the wrappers are inferred by {@link inferEntityWrapper}.
 *
 * @example
 * ```ts
 * entityWrappersFor(compiled, 'POST', '/business_services/{id}/subscribers');
 * // ['subscribers', 'subscriptions']
 * ```
 */
export function entityWrappersFor(
  compiled: CompiledWrapperConfig | null,
  method: string,
  path: CanonicalPath,
): EntityWrapperPair {
  const verb = method.toUpperCase();
  if (compiled) {
    const shape = pathShape(path);
    const found = compiled.entries.get(`${verb} ${shape}`) ?? compiled.entries.get(`* ${shape}`);
    if (found) return found;
  }
  const inferred = inferEntityWrapper(verb, path);
  return [inferred, inferred];
}

function wrapperPair(key: string, spec: EntityWrapperSpec): EntityWrapperPair {
  const valid = (value: unknown): value is EntityWrapper =>
    value === null || (typeof value === 'string' && value !== '');
  if (valid(spec)) return Object.freeze([spec, spec] as const);
  if (Array.isArray(spec) && spec.length === 2 && valid(spec[0]) && valid(spec[1])) {
    return Object.freeze([spec[0], spec[1]] as const);
  }
  throw new TypeError(`entity wrapper of ${key} must be a name, null or a pair of them, got ${JSON.stringify(spec)}`);
}
