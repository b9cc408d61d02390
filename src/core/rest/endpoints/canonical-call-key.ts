import { pathCallKey, type CallKey } from '../../client/call-metrics.js';
import { CanonicalPathMemo, urlPathOf } from './canonical-path.js';
import type { CompiledTables } from './compiled-tables.js';

// Keyed by canonical path so that every user's GET counts under `GET /users/{id}`.
export function canonicalCallKey(tables: CompiledTables, paths = new CanonicalPathMemo(tables.paths)): CallKey {
  return (method, url, baseUrl) => {
    const canonical = url.startsWith(baseUrl) ? paths.quiet(urlPathOf(baseUrl, url)) : null;
    return canonical === null ? pathCallKey(method, url, baseUrl) : `${method.toUpperCase()} ${canonical}`;
  };
}
