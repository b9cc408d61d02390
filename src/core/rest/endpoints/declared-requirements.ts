/**
 * What an operation's description requires of a request beyond its path and body: the
 * headers it declares (the early-access header). Looked up by `'<METHOD> <shape>'` in the
 * compiled tables.
 *
 * @module
 */
import type { HeaderMap } from '../../api-client-options.js';
import { pathShape } from './canonical-path.js';
import type { CompiledTables } from './compiled-tables.js';
import { quietCanonicalPath } from './endpoint-resolution.js';

/**
 * The `'<METHOD> <shape>'` of a request to a URL path, or `null` when the path matches no
 * canonical path of the tables.
 *
 * @example
 * ```ts
 * operationKey(compileTables(REST_API_V2_TABLES), 'get', '/ip_allow_lists/P1'); // 'GET /ip_allow_lists/{}'
 * ```
 */
export function operationKey(tables: CompiledTables, method: string, urlPath: string): string | null {
  const path = quietCanonicalPath(tables, urlPath);
  return path === null ? null : `${method.toUpperCase()} ${pathShape(path)}`;
}

/**
 * The request's headers with the declared ones added, each only when neither the client's
 * `headers` setting nor the request names it (in any case): the caller's header wins.
 * `undefined` when nothing is added.
 *
 * @example
 * ```ts
 * withDeclaredHeaders({ 'X-EARLY-ACCESS': 'ip-allow-lists' }, {}, { From: 'a@example.com' });
 * // { 'X-EARLY-ACCESS': 'ip-allow-lists', From: 'a@example.com' }
 * ```
 */
export function withDeclaredHeaders(
  declared: Readonly<Record<string, string>>,
  clientHeaders: HeaderMap | undefined,
  requestHeaders: HeaderMap | undefined,
): HeaderMap | undefined {
  const named = new Set([...Object.keys(clientHeaders ?? {}), ...Object.keys(requestHeaders ?? {})].map((name) => name.toLowerCase()));
  const missing = Object.entries(declared).filter(([name]) => !named.has(name.toLowerCase()));
  return missing.length === 0 ? undefined : { ...Object.fromEntries(missing), ...requestHeaders };
}
