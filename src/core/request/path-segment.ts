// An id is exactly one path segment, never a value the URL parser would rewrite into another path (`.`, `..`).

import { unsendableCharacter } from './url.js';

export function pathSegment(what: string, value: unknown, fail: (message: string) => Error): string {
  if (typeof value !== 'string') {
    throw new TypeError(
      `${what} must be a string, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  if (value === '' || value === '.' || value === '..') {
    throw fail(
      `${what} ${JSON.stringify(value)} is not a valid id: it must be a non-empty string other than "." and ".."`,
    );
  }
  const unsendable = unsendableCharacter(value);
  if (unsendable) throw fail(`${what} ${JSON.stringify(value)} is not a valid id: it contains ${unsendable}`);
  return encodeURIComponent(value);
}
