/**
 * How the REST clients key their call metrics: by canonical path (`GET /users/{id}`), so
 * that every user's GET counts under one key; a URL that matches no canonical path is
 * keyed by its own path, as the engine keys any request.
 *
 * @module
 */
import { pathCallKey, type CallKey } from '../../client/call-metrics.js';
import { urlPathOf } from './canonical-path.js';
import type { CompiledTables } from './compiled-tables.js';
import { quietCanonicalPath } from './endpoint-resolution.js';

/**
 * The call key of an API's tables: a pure function of the method, the URL sent and the
 * base URL, given to the engine when the client is made.
 *
 * @example
 * ```ts
 * canonicalCallKey(compiled)('GET', 'https://api.pagerduty.com/users/PABC?x=1', 'https://api.pagerduty.com'); // 'GET /users/{id}'
 * ```
 */
export function canonicalCallKey(tables: CompiledTables): CallKey {
  return (method, url, baseUrl) => {
    const canonical = url.startsWith(baseUrl) ? quietCanonicalPath(tables, urlPathOf(baseUrl, url)) : null;
    return canonical === null ? pathCallKey(method, url, baseUrl) : `${method.toUpperCase()} ${canonical}`;
  };
}
