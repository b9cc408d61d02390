// Query parameters in the style an operation declares, with the `name[]` convention (the declared headers,
// the early-access header, are looked up with the endpoint and merged in `request/outgoing-request.ts`).
import { type QueryParams, type QueryValue, withListBrackets } from '../../request/query.js';
import type { QueryStyle } from './tables.js';
import type { RestPolicy } from './policy.js';

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
