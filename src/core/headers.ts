/**
 * Header merging: later sources win, names compare case-insensitively, and `undefined`
 * removes a header set earlier.
 *
 * @module
 */
import type { HeaderMap } from './client-options.js';

/**
 * Merges header sources in order; the last value of a name wins and keeps the spelling
 * it was given. A value of `undefined` removes the name. The engine passes the auth
 * header last, so it always wins.
 *
 * @example
 * ```ts
 * mergeHeaders([{ Accept: 'a' }, { accept: 'b', 'X-Y': undefined }]); // { accept: 'b' }
 * ```
 */
export function mergeHeaders(sources: ReadonlyArray<HeaderMap | undefined>): Record<string, string> {
  // Runs on every request: parallel arrays rather than objects with deletes (a header list
  // is short), and names lower-cased once per spelling.
  const names: string[] = [];
  const lowers: string[] = [];
  const values: string[] = [];
  for (const source of sources) {
    if (source === undefined) continue;
    for (const name in source) {
      if (!Object.hasOwn(source, name)) continue;
      const value = source[name];
      const lower = lowerCase(name);
      const previous = lowers.indexOf(lower);
      // A later value moves the header to the end, as a fresh one would be.
      if (previous !== -1) {
        names.splice(previous, 1);
        lowers.splice(previous, 1);
        values.splice(previous, 1);
      }
      if (value === undefined) continue;
      names.push(name);
      lowers.push(lower);
      values.push(value);
    }
  }
  const merged: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i < names.length; i += 1) merged[names[i]] = values[i];
  return merged;
}

const LOWER_CASE = new Map<string, string>();
const MAX_LOWER_CASE = 256;

/** A header name in lower case, remembered for the names every request sends. */
function lowerCase(name: string): string {
  let lower = LOWER_CASE.get(name);
  if (lower === undefined) {
    lower = name.toLowerCase();
    if (LOWER_CASE.size < MAX_LOWER_CASE) LOWER_CASE.set(name, lower);
  }
  return lower;
}
