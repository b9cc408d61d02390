/**
 * Ids placed into paths. An id is exactly one path segment: encoded, and never one of
 * the values the URL parser would rewrite into another path (`''`, `.`, `..`).
 *
 * @module
 */

import { unsendableCharacter } from './url.js';

/**
 * One id as an encoded path segment.
 *
 * @param what - names the argument in the error (`'ability name'`, `'incidentId'`)
 * @param value - the caller's id
 * @param fail - builds the error for an empty, `.` or `..` id, or one with a control character or an
 *   unpaired surrogate (a `UrlError` in the core)
 * @throws TypeError when the id is not a string
 *
 * @example
 * ```ts
 * `/abilities/${pathSegment('ability name', 'teams', fail)}`; // '/abilities/teams'
 * pathSegment('incidentId', '..', fail); // throws
 * ```
 */
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
