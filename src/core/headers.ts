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
  const merged = new Map<string, [string, string]>();
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      if (value === undefined) merged.delete(name.toLowerCase());
      else merged.set(name.toLowerCase(), [name, value]);
    }
  }
  return Object.fromEntries(merged.values());
}
