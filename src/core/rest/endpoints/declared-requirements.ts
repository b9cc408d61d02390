/**
 * What an operation's description requires of a request beyond its path and body: the
 * headers it declares (the early-access header) and its query parameters declared in
 * another style than `name[]`. Looked up by `'<METHOD> <shape>'` in the compiled tables.
 *
 * @module
 */
import type { HeaderMap } from '../../client/client-options.js';
import type { QueryParams, QueryValue } from '../../request/query.js';
import { pathShape } from './canonical-path.js';
import type { CompiledTables } from './compiled-tables.js';
import { quietCanonicalPath } from './endpoint-resolution.js';
import type { QueryStyle } from './table-types.js';

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
 * A request's options with the declared headers added (see {@link withDeclaredHeaders});
 * `options` itself when nothing is declared or added. `clientHeaders` is read only when
 * something is declared.
 *
 * @example
 * ```ts
 * withDeclaredRequestHeaders({ 'X-EARLY-ACCESS': 'ip-allow-lists' }, () => ({}), { params: { a: 1 } });
 * // { params: { a: 1 }, headers: { 'X-EARLY-ACCESS': 'ip-allow-lists' } }
 * ```
 */
export function withDeclaredRequestHeaders<O extends { readonly headers?: HeaderMap }>(
  declared: Readonly<Record<string, string>> | undefined,
  clientHeaders: () => HeaderMap | undefined,
  options: O,
): O {
  const headers = declared && withDeclaredHeaders(declared, clientHeaders(), options.headers);
  return headers ? { ...options, headers } : options;
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
  const named = new Set(
    [...Object.keys(clientHeaders ?? {}), ...Object.keys(requestHeaders ?? {})].map((name) => name.toLowerCase()),
  );
  const missing = Object.entries(declared).filter(([name]) => !named.has(name.toLowerCase()));
  return missing.length === 0 ? undefined : { ...Object.fromEntries(missing), ...requestHeaders };
}

/**
 * The parameters whose declared style differs from `name[]`, serialised as declared:
 * a list under a name declared with `explode: false` is joined with commas
 * (`sort_by=created_at:desc,urgency`); a name declared with `explode: true` keeps its
 * list, to be repeated under the bare name. `bare` lists the keys that must not get `[]`.
 * Other keys are untouched.
 *
 * @example
 * ```ts
 * styledParams({ sort_by: ['created_at:desc', 'urgency'] }, { sort_by: { style: 'form', explode: false } });
 * // { params: { sort_by: 'created_at:desc,urgency' }, bare: Set {} }
 * ```
 */
export function styledParams(
  params: QueryParams,
  styles: Readonly<Record<string, QueryStyle>>,
): { params: Record<string, QueryValue>; bare: ReadonlySet<string> } {
  const out: Record<string, QueryValue> = { ...params };
  const bare = new Set<string>();
  for (const [name, style] of Object.entries(styles)) {
    const value = out[name];
    if (!Array.isArray(value)) continue;
    if (style.explode) bare.add(name);
    // Anything but plain scalars stays a list, for the encoder to refuse as usual.
    else if ((value as readonly unknown[]).every(isPlainScalar))
      out[name] = (value as readonly (string | number | boolean | bigint)[]).map(String).join(',');
  }
  return { params: out, bare };
}

function isPlainScalar(item: unknown): item is string | number | boolean | bigint {
  return (
    typeof item === 'string' ||
    typeof item === 'boolean' ||
    typeof item === 'bigint' ||
    (typeof item === 'number' && Number.isFinite(item))
  );
}
