import type { HeaderMap } from '../client/client-options.js';

/** The last value of a name wins and keeps its spelling; `undefined` removes it. The engine passes auth last. */
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
