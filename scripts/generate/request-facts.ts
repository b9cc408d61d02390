// What the REST API v2 description declares about how a request must be sent, beyond its
// path and body: the early-access header an operation requires, the query parameters
// serialised otherwise than by the `name[]` convention, and (from the reviewed rows of
// history-range-overrides.ts) the longest since/until range each historical index accepts.
// Pure: the caller reads the extract.
import { operationsOf, resolveRef } from './openapi-schema.js';
import type { JsonNode } from './openapi-schema.js';

/** The header an early-access operation must carry, as the description names it. */
export const EARLY_ACCESS_HEADER = 'X-EARLY-ACCESS';

/**
 * The early-access header of every operation that declares one, keyed by
 * `'<METHOD> <path>'`: its declared `default`, else its only `enum` value.
 *
 * @throws Error when such a header declares neither a default nor exactly one enum value
 */
export function earlyAccessHeaders(extract: JsonNode): Record<string, Record<string, string>> {
  const out: Record<string, JsonNode> = {};
  for (const entry of operationsOf(extract)) {
    for (const parameter of rawParameters(entry)) {
      const resolved = resolveRef(extract, parameter);
      if (resolved.in !== 'header' || resolved.name.toUpperCase() !== EARLY_ACCESS_HEADER) continue;
      const schema = resolveRef(extract, resolved.schema ?? {});
      const value =
        typeof schema.default === 'string' ? schema.default : schema.enum?.length === 1 ? schema.enum[0] : undefined;
      if (typeof value !== 'string')
        throw new Error(`${entry.method} ${entry.path}: ${resolved.name} declares no single value`);
      out[`${entry.method} ${entry.path}`] = { [resolved.name]: value };
    }
  }
  return out;
}

/**
 * How a list-valued query parameter goes out: `explode: false` joins the values with
 * commas under the declared name; `explode: true` repeats the declared name.
 */
export interface QueryStyle {
  readonly style: 'form';
  readonly explode: boolean;
}

/**
 * The query parameters that the `name[]` convention would send wrongly, keyed by
 * `'<METHOD> <path>'` then by the declared name: a name without `[]` whose schema is a
 * list or whose `explode` is `false` (form style, the only one the description uses for
 * the query; `explode` defaults to `true` for it).
 *
 * @throws Error for a query style other than `form`
 */
export function declaredQueryStyles(extract: JsonNode): Record<string, Record<string, QueryStyle>> {
  const out: Record<string, JsonNode> = {};
  for (const entry of operationsOf(extract)) {
    const styles: Record<string, JsonNode> = {};
    for (const parameter of rawParameters(entry)) {
      const resolved = resolveRef(extract, parameter);
      if (resolved.in !== 'query' || resolved.name.endsWith('[]')) continue;
      const schema = resolveRef(extract, resolved.schema ?? {});
      if (schema.type !== 'array' && resolved.explode !== false) continue;
      const style = resolved.style ?? 'form';
      if (style !== 'form')
        throw new Error(`${entry.method} ${entry.path}: query style ${style} of ${resolved.name} is not supported`);
      styles[resolved.name] = { style, explode: resolved.explode ?? true };
    }
    if (Object.keys(styles).length > 0) out[`${entry.method} ${entry.path}`] = styles;
  }
  return out;
}

/** A reviewed longest since/until range, with the operation and parameter that state it. */
export interface HistoryRangeRow {
  readonly id: string;
  /** `'GET <path>'`, a historical index of the description. */
  readonly operation: string;
  /** The query parameter (`since` or `until`) whose text states the maximum. */
  readonly parameter: string;
  /** The longest range, in days, as the client reads the text. */
  readonly days: number;
  /** The fact, in our words, and how it was turned into days. */
  readonly reason: string;
}

/**
 * The longest since/until range of each historical index that states one, keyed by path.
 * Every row must name a historical GET that declares its parameter; and every historical
 * index that shares that parameter's declaration (`$ref`) must have a row too, so that a
 * new path with the same limit cannot go without it.
 *
 * @param operations - the derived facts
 * @throws Error for a row that names no historical index, a parameter it does not declare,
 *   or a shared declaration without a row
 */
export function historyMaxRanges(
  extract: JsonNode,
  operations: readonly { method: string; path: string; historical: boolean }[],
  rows: readonly HistoryRangeRow[],
): Record<string, { days: number; source: string }> {
  const historical = new Set(
    operations.filter((operation) => operation.historical).map((operation) => `${operation.method} ${operation.path}`),
  );
  const entries = new Map(operationsOf(extract).map((entry) => [`${entry.method} ${entry.path}`, entry]));
  const out: Record<string, JsonNode> = {};
  const ids = new Set();
  for (const row of rows) {
    if (ids.has(row.id)) throw new Error(`history range row ${row.id} is repeated`);
    ids.add(row.id);
    if (!historical.has(row.operation))
      throw new Error(`history range row ${row.id}: ${row.operation} is not a historical index`);
    if (!(Number.isInteger(row.days) && row.days > 0) || !row.reason)
      throw new Error(`history range row ${row.id} needs whole days and a reason`);
    const declared = rawParameters(entries.get(row.operation)).find((parameter) => {
      const resolved = resolveRef(extract, parameter);
      return resolved.in === 'query' && resolved.name === row.parameter;
    });
    if (!declared) throw new Error(`history range row ${row.id}: ${row.operation} declares no ${row.parameter}`);
    const path = row.operation.slice('GET '.length);
    if (out[path]) throw new Error(`history range row ${row.id}: ${path} has two rows`);
    out[path] = { days: row.days, source: `${row.operation}, query parameter ${row.parameter}`, ref: declared.$ref };
  }
  for (const key of historical) {
    if (out[key.slice('GET '.length)]) continue;
    const shares = rawParameters(entries.get(key)).some(
      (parameter) => parameter.$ref && Object.values<JsonNode>(out).some((range) => range.ref === parameter.$ref),
    );
    if (shares) throw new Error(`${key} shares a parameter whose range is limited but has no history range row`);
  }
  return Object.fromEntries(Object.entries<JsonNode>(out).map(([path, { days, source }]) => [path, { days, source }]));
}

function rawParameters(entry: JsonNode) {
  return [...(entry.pathItem.parameters ?? []), ...(entry.operation.parameters ?? [])];
}
