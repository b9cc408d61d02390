/**
 * `sort_by` on a list: one `field`, `field:asc` or `field:desc` (the form the description's
 * `sort_by` parameters list, e.g. `sort_by_service`: `name`, `name:asc`, `name:desc`),
 * ascending unless told; a field the list cannot sort by is a 400. The sort is stable, on a
 * copy. `GET /incidents` has its own, two-key sort (`incident-sort.ts`).
 *
 * @module
 */
import { fail, invalidInput } from '../server/replies.js';

/** The fields a list sorts by, each read from an item. */
export type SortFields<T> = Readonly<Record<string, (item: T) => string | number | undefined>>;

/** A parsed `sort_by`. */
export interface SortKey {
  /** The field. */
  field: string;
  /** `asc` or `desc`. */
  direction: 'asc' | 'desc';
}

/**
 * Reads `sort_by` (`undefined` when absent and no default).
 *
 * @throws ReplyError 400 for a field not in `fields` or a direction other than asc/desc
 */
export function readSortBy(raw: string | null, fields: readonly string[], fallback?: string): SortKey | undefined {
  const value = raw === null || raw === '' ? fallback : raw;
  if (value === undefined) return undefined;
  // `field:desc`, or `field desc` as `/incident_workflows/triggers` spells it.
  const [field = '', direction = 'asc', ...rest] = value.split(/[: ]/);
  if (!fields.includes(field) || (direction !== 'asc' && direction !== 'desc') || rest.length > 0)
    fail(invalidInput(`sort_by ${value} is not one of ${fields.join(', ')}, optionally followed by :asc or :desc`));
  return { field, direction };
}

/** The items sorted by `key` (the same array when there is none). */
export function sortItems<T>(items: readonly T[], key: SortKey | undefined, fields: SortFields<T>): readonly T[] {
  if (!key) return items;
  const read = fields[key.field]!;
  const sign = key.direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const left = read(a);
    const right = read(b);
    if (left === right) return 0;
    if (left === undefined) return 1;
    if (right === undefined) return -1;
    const order =
      typeof left === 'string' && typeof right === 'string'
        ? left.localeCompare(right, 'en', { sensitivity: 'base' })
        : left < right
          ? -1
          : 1;
    return order * sign;
  });
}

/** The items sorted by the query's `sort_by` (or `fallback`). */
export function sortByParam<T>(
  items: readonly T[],
  query: URLSearchParams,
  fields: SortFields<T>,
  fallback?: string,
): readonly T[] {
  return sortItems(items, readSortBy(query.get('sort_by'), Object.keys(fields), fallback), fields);
}
