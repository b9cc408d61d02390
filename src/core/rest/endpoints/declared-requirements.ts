// What an operation's description requires beyond paths and wrappers: declared headers (the
// early-access header) and query parameters in their declared style, with the `name[]` convention.
import type { HeaderMap } from '../../client/client-options.js';
import { type QueryParams, type QueryValue, withListBrackets } from '../../request/query.js';
import { pathShape, quietCanonicalPath } from './canonical-path.js';
import type { QueryStyle } from './tables.js';
import type { CompiledTables } from './endpoint-lookup.js';
import type { RestPolicy } from './policy.js';

export function operationKey(tables: CompiledTables, method: string, urlPath: string): string | null {
  const path = quietCanonicalPath(tables, urlPath);
  return path === null ? null : `${method.toUpperCase()} ${pathShape(path)}`;
}

export function withDeclaredRequestHeaders<O extends { readonly headers?: HeaderMap }>(
  declared: Readonly<Record<string, string>> | undefined,
  clientHeaders: () => HeaderMap | undefined,
  options: O,
): O {
  const headers = declared && withDeclaredHeaders(declared, clientHeaders(), options.headers);
  return headers ? { ...options, headers } : options;
}

// A declared header is added only when neither the client's headers nor the request name it.
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

export function restQueryParams(
  params: QueryParams,
  policy: Pick<RestPolicy, 'appendListBrackets'>,
  styles?: Readonly<Record<string, QueryStyle>>,
): QueryParams {
  if (styles === undefined) return policy.appendListBrackets ? withListBrackets(params) : { ...params };
  const { params: styled, bare } = styledParams(params, styles);
  if (!policy.appendListBrackets) return styled;
  const out: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(styled)) {
    out[Array.isArray(value) && !key.endsWith('[]') && !bare.has(key) ? `${key}[]` : key] = value;
  }
  return out;
}
