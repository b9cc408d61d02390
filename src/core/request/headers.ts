/**
 * Header merging: later sources win, names compare case-insensitively, and `undefined`
 * removes a header set earlier.
 *
 * @module
 */
import type { HeaderMap } from '../client/client-options.js';

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
  // By lower-case name; a later value moves the header to the end, as a fresh one would be.
  const byName = new Map<string, [name: string, value: string]>();
  for (const source of sources) {
    for (const [name, value] of Object.entries(source ?? {})) {
      const lower = name.toLowerCase();
      byName.delete(lower);
      if (value !== undefined) byName.set(lower, [name, value]);
    }
  }
  const merged: Record<string, string> = {};
  for (const [name, value] of byName.values()) {
    // A header named `__proto__` is defined: assigned, it would set the object's prototype.
    if (name === '__proto__')
      Object.defineProperty(merged, name, { value, enumerable: true, writable: true, configurable: true });
    else merged[name] = value;
  }
  return merged;
}
