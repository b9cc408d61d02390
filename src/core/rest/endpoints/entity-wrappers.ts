import { isPlaceholder, pathShape } from './canonical-path.js';
import type { CanonicalPath, EntityWrapper, EntityWrapperConfig, EntityWrapperSpec } from './table-types.js';

/** The request wrapper and the response wrapper of one endpoint (`null`: not wrapped). */
export type EntityWrapperPair = readonly [EntityWrapper, EntityWrapper];

/** A wrapper table indexed by `'<METHOD> <path shape>'`, ready for {@link entityWrappersFor}. */
export interface CompiledWrapperConfig {
  /** Wrapper pairs by `'<METHOD> <path shape>'` (METHOD may be `*`). */
  readonly entries: ReadonlyMap<string, EntityWrapperPair>;
}

// The predecessor's rule (`statuses` gives `statuse`); endpoints it does not fit have table entries.
export function singularName(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s+$/, '');
}

export function inferEntityWrapper(method: string, path: CanonicalPath): string {
  const nodes = path.split('/');
  const last = nodes[nodes.length - 1];
  if (isPlaceholder(last)) return singularName(nodes[nodes.length - 2] ?? '');
  if (method.toUpperCase() === 'POST') return singularName(last);
  return last;
}

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
