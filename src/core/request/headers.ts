/**
 * Header merging: later sources win, names compare case-insensitively, and `undefined`
 * removes a header set earlier.
 *
 * @module
 */
import type { HeaderMap } from '../api-client-options.js';

// Measured cheaper than `Object.hasOwn` in the header walks below (in instructions).
const hasOwnProperty = Object.prototype.hasOwnProperty;

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
  // Parallel arrays rather than objects with deletes (a header list is short), and names
  // lower-cased once per spelling.
  const names: string[] = [];
  const lowers: string[] = [];
  const values: string[] = [];
  for (const source of sources) {
    if (source === undefined) continue;
    for (const name in source) {
      if (!hasOwnProperty.call(source, name)) continue;
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
  // A plain object, not `Object.create(null)`: that one is a hash table in V8, and the
  // transport lists its keys for every request. A name that a plain object would read as
  // its prototype is defined, not assigned.
  const merged: Record<string, string> = {};
  for (let i = 0; i < names.length; i += 1) {
    if (names[i] === '__proto__') Object.defineProperty(merged, names[i], { value: values[i], enumerable: true, writable: true, configurable: true });
    else merged[names[i]] = values[i];
  }
  return merged;
}

/** Marks the end of one source in {@link MergedHeadersMemo}'s record of the last sources. */
const END_OF_SOURCE = Symbol('end of source');

/**
 * {@link mergeHeaders} for a stream of requests that mostly send the same headers: the
 * sources of the last merge are remembered, and while the next request's sources hold the
 * same names and values in the same order, the last result is handed out again. Comparing
 * costs a fraction of merging, and allocates nothing; a client's sources (`headers`,
 * changed in place or replaced, per-request headers, the credential) are still read at
 * every request.
 *
 * @example
 * ```ts
 * const memo = new MergedHeadersMemo();
 * memo.merge([{ Accept: 'a' }, client.headers]); // merged
 * memo.merge([{ Accept: 'a' }, client.headers]); // the same (frozen) headers, not merged again
 * ```
 */
export class MergedHeadersMemo {
  /** The last sources, flattened: name, value, name, value, ..., END_OF_SOURCE per source. */
  #last: FlatEntry[] = [];
  #lastLength = 0;
  /** Where the next sources are flattened to be compared; it becomes `#last` when they differ. */
  #next: FlatEntry[] = [];
  #merged: Readonly<Record<string, string>> | undefined;

  /**
   * The merged headers of `sources` (see {@link mergeHeaders}): one frozen object for as
   * long as the sources hold the same entries. Whoever may change headers (a caller's own
   * fetch) must be given a copy.
   */
  merge(sources: ReadonlyArray<HeaderMap | undefined>): Readonly<Record<string, string>> {
    const next = this.#next;
    const length = flattenInto(sources, next);
    if (this.#merged === undefined || !sameEntries(next, this.#last, length, this.#lastLength)) {
      this.#merged = Object.freeze(mergeHeaders(sources));
      this.#next = this.#last;
      this.#last = next;
      this.#lastLength = length;
    }
    return this.#merged;
  }
}

/** One entry of a flattened source list (see {@link MergedHeadersMemo}). */
type FlatEntry = string | undefined | typeof END_OF_SOURCE;

function sameEntries(a: readonly FlatEntry[], b: readonly FlatEntry[], aLength: number, bLength: number): boolean {
  if (aLength !== bLength) return false;
  for (let i = 0; i < aLength; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Writes the sources' own entries into `flat` from its start (entries past the returned
 * length are left over from earlier requests) and returns how many it wrote.
 */
function flattenInto(sources: ReadonlyArray<HeaderMap | undefined>, flat: FlatEntry[]): number {
  let length = 0;
  for (const source of sources) {
    if (source !== undefined) {
      for (const name in source) {
        if (hasOwnProperty.call(source, name)) {
          flat[length++] = name;
          flat[length++] = source[name];
        }
      }
    }
    flat[length++] = END_OF_SOURCE;
  }
  return length;
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
