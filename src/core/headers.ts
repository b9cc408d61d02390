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
  // Plain objects rather than a Map of pairs: this runs on every request.
  const spelling: Record<string, string> = Object.create(null) as Record<string, string>;
  const merged: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const source of sources) {
    if (source === undefined) continue;
    for (const name of Object.keys(source)) {
      const value = source[name];
      const lower = name.toLowerCase();
      const previous = spelling[lower];
      if (previous !== undefined) delete merged[previous];
      if (value === undefined) {
        delete spelling[lower];
      } else {
        spelling[lower] = name;
        merged[name] = value;
      }
    }
  }
  return merged;
}
