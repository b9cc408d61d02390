// An id is exactly one path segment, never a value the URL parser would rewrite into another path (`.`, `..`).

import { Refusal } from '../errors/refusal.js';
import { unsendableCharacter } from './url.js';

/** The id encoded as one path segment, or why it cannot be one. @throws TypeError when it is not a string */
export function pathSegment(what: string, value: unknown): string | Refusal {
  if (typeof value !== 'string') {
    throw new TypeError(
      `${what} must be a string, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  if (value === '' || value === '.' || value === '..') {
    return new Refusal(
      `${what} ${JSON.stringify(value)} is not a valid id: it must be a non-empty string other than "." and ".."`,
    );
  }
  const unsendable = unsendableCharacter(value);
  if (unsendable) return new Refusal(`${what} ${JSON.stringify(value)} is not a valid id: it contains ${unsendable}`);
  return encodeURIComponent(value);
}
