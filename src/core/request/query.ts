// The engine sends lists as repeated keys, unchanged; the REST layer decides whether list keys get `[]` first.

/** One query scalar; a `bigint` is sent as its decimal digits, a `Date` as ISO 8601. */
export type QueryScalar = string | number | boolean | bigint | Date;

/** A query value; `null` and `undefined` are left out of the query string. */
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

/** Query parameters, as an object. */
export type QueryParams = Readonly<Record<string, QueryValue>>;

// Anything else is refused: `String()` would send `[object Object]`, a function's source or `null` as text.
function scalar(key: string, value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'number':
      if (Number.isFinite(value)) return String(value);
      throw new TypeError(`query parameter "${key}": ${value} is not a finite number`);
    default:
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new TypeError(`query parameter "${key}": the Date is invalid`);
        return value.toISOString();
      }
      throw new TypeError(
        `query parameter "${key}": ${describe(value)} is not a query value ` +
          '(strings, numbers, bigints, booleans, Dates and lists of them are; null and undefined leave the key out)',
      );
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a nested list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  if (typeof params !== 'object' || Array.isArray(params))
    throw new TypeError('params must be an object of query parameters');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly unknown[]) search.append(key, scalar(key, item));
    } else {
      search.append(key, scalar(key, value));
    }
  }
  return search.toString();
}

/** `statuses: [...]` -> `statuses[]`, as the REST API v2 expects. */
export function withListBrackets(params: QueryParams | undefined): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    out[Array.isArray(value) && !key.endsWith('[]') ? `${key}[]` : key] = value;
  }
  return out;
}

export function appendQuery(url: string, params: QueryParams | undefined): string {
  const query = encodeQuery(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
