import type { AmbiguousMatch } from '../errors/error-classes.js';
import { isPlainObject } from '../plain-object.js';

/** What `find` looks for. */
export interface FindCriteria {
  /** The index searched, for the error message. */
  readonly url: string;
  /** The attribute compared. */
  readonly attribute: string;
  /** The value searched for (a number from plain JavaScript is compared as its text). */
  readonly value: string;
  /** Case-sensitive comparison. */
  readonly exact: boolean;
  /** Throw when more than one item matches. */
  readonly unique: boolean;
}

/** What `find` found: the item (`null` for none), or with `unique` the matches of an ambiguous search. */
export type FindResult = { readonly item: unknown } | { readonly ambiguous: readonly AmbiguousMatch[] };

// The first match closes the pages, as pdpyras' lazy `next(filter(...))` did; with `unique` the
// page of a second match is read to its end so that the caller's error names every match read.
export async function findInPages(
  pages: AsyncIterable<{ readonly items: readonly unknown[] }>,
  criteria: FindCriteria,
): Promise<FindResult> {
  const { attribute, value, exact, unique } = criteria;
  const found: unknown[] = [];
  for await (const page of pages) {
    for (const item of page.items) {
      if (!attributeMatches(item, attribute, value, exact)) continue;
      if (!unique) return { item };
      found.push(item);
    }
    if (found.length > 1) {
      const matches = found.map((item) => ({
        id: idOf(item),
        value: String((item as Record<string, unknown>)[attribute]),
      }));
      return { ambiguous: matches };
    }
  }
  return { item: found[0] ?? null };
}

function idOf(item: unknown): string | null {
  const id = isPlainObject(item) ? item.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

// Case-insensitive as the predecessor's `find` (the API treats names and emails so); compared as text.
export function attributeMatches(item: unknown, attribute: string, value: unknown, exact = false): boolean {
  if (!isPlainObject(item) || item[attribute] === undefined || item[attribute] === null) return false;
  const [found, wanted] = [String(item[attribute]), String(value)];
  return exact ? found === wanted : found.toLowerCase() === wanted.toLowerCase();
}

/** Deep equality of decoded JSON values (key order does not matter). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]))
  );
}

export function differsFrom(
  existing: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): boolean {
  return Object.keys(values).some((key) => !jsonEqual(existing[key], values[key]));
}

export function persistSearchValue(attribute: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  const got = value === null ? 'null' : typeof value;
  throw new TypeError(`persist: values.${attribute} must be a string, number or boolean to search for, got ${got}`);
}
