/**
 * Query-string encoding. The engine sends list values as repeated keys, unchanged; the
 * REST layer decides (per its policy) whether list keys get `[]` first.
 *
 * @module
 */

/** One query value: scalars, `Date` (sent as ISO 8601), or a list of scalars. */
export type QueryScalar = string | number | boolean | Date;

/** A query value; `null` and `undefined` are left out of the query string. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

/** Query parameters, as an object. */
export type QueryParams = Readonly<Record<string, QueryValue>>;

function scalar(value: QueryScalar): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/**
 * Encodes params as a query string without the leading `?` (`''` for none). Lists become
 * repeated keys; keys are not renamed.
 *
 * @example
 * ```ts
 * encodeQuery({ 'statuses[]': ['triggered', 'acknowledged'], limit: 25 });
 * // 'statuses%5B%5D=triggered&statuses%5B%5D=acknowledged&limit=25'
 * ```
 */
export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryScalar[]) search.append(key, scalar(item));
    } else {
      search.append(key, scalar(value as QueryScalar));
    }
  }
  return search.toString();
}

/**
 * A copy of params where every list-valued key that does not end in `[]` gets `[]`
 * appended, as the REST API v2 expects (`statuses: [...]` -> `statuses[]`).
 */
export function withListBrackets(params: QueryParams | undefined): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    out[Array.isArray(value) && !key.endsWith('[]') ? `${key}[]` : key] = value;
  }
  return out;
}

/** Appends encoded params to a URL that may already have a query string. */
export function appendQuery(url: string, params: QueryParams | undefined): string {
  const query = encodeQuery(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
