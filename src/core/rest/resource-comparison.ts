import { isPlainObject } from '../plain-object.js';

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
