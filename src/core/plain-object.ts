/**
 * The one "is this a plain object" check: what JSON calls an object (not `null`, not an
 * array). Every layer (REST, events, SCIM, legacy, emulator, CLI) uses this one.
 *
 * @module
 */

/**
 * Whether a value is an object in JSON's sense: not `null`, not an array.
 *
 * @example
 * ```ts
 * isPlainObject({ id: 'P1' }); // true
 * isPlainObject([1, 2]); // false
 * isPlainObject(null); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
