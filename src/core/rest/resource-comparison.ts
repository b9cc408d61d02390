/**
 * Comparisons behind `find` and `persist`.
 *
 * @module
 */
import { isPlainObject } from '../plain-object.js';

/**
 * Whether an item's attribute equals a search value, ignoring case, as the predecessor's
 * `find` compares (the API treats names and emails case-insensitively); with `exact`,
 * case counts too. Both sides are compared as text, so a numeric attribute matches `42`
 * or `'42'`. An item without the attribute never matches.
 */
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

/**
 * Whether updating `existing` with `values` would change it: some field of `values`
 * differs from the same field of `existing` (fields `values` does not name are ignored).
 *
 * @example
 * ```ts
 * differsFrom({ id: 'P1', name: 'Ops', description: 'x' }, { name: 'Ops' }); // false
 * differsFrom({ id: 'P1', name: 'Ops' }, { name: 'Ops', description: 'y' }); // true
 * ```
 */
export function differsFrom(
  existing: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
): boolean {
  return Object.keys(values).some((key) => !jsonEqual(existing[key], values[key]));
}

/**
 * The value `persist` searches for: `values[attribute]` as text. Only a string, number or
 * boolean can be a search term; anything else is refused before any request.
 *
 * @throws TypeError for any other value (`null`, an object, ...)
 */
export function persistSearchValue(attribute: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new TypeError(
    `persist: values.${attribute} must be a string, number or boolean to search for, got ${value === null ? 'null' : typeof value}`,
  );
}
