/**
 * Converting between a token's lifetime in seconds (`expires_in`) and the absolute
 * expiration date (`expiration_date`, ISO 8601) the library stores. Pure: the current
 * time is a parameter.
 *
 * @module
 */

/** An ISO 8601 date-time that ends in its offset (`Z`, `+02:00` or `+0200`). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Seconds from `now` until an ISO 8601 date-time (negative once it has passed).
 *
 * The date-time must carry its offset (`Z` or `+hh:mm`): without one it would be read in
 * the machine's local zone, and a token could be refreshed hours early or late.
 *
 * @param iso - a date-time such as `2030-01-01T00:00:00Z` (an `expiration_date`)
 * @param now - the current time, in milliseconds since the epoch (`Date.now()` when omitted)
 * @throws RangeError when `iso` is not an ISO 8601 date-time with an offset
 *
 * @example
 * ```ts
 * datetimeToRelativeSeconds('2030-01-01T00:00:10Z', Date.parse('2030-01-01T00:00:00Z')); // 10
 * ```
 */
export function datetimeToRelativeSeconds(iso: string, now: number = Date.now()): number {
  if (typeof iso !== 'string' || !ISO_DATE_TIME.test(iso.trim())) {
    throw new RangeError(`${JSON.stringify(iso)} is not an ISO 8601 date-time with a time-zone offset`);
  }
  const at = Date.parse(iso.trim());
  if (Number.isNaN(at)) throw new RangeError(`${JSON.stringify(iso)} is not a valid date-time`);
  return (at - now) / 1000;
}

/**
 * The ISO 8601 date-time (UTC, whole seconds, `Z` suffix) `seconds` after `now`.
 *
 * @param seconds - a lifetime, such as a token response's `expires_in`
 * @param now - the current time, in milliseconds since the epoch (`Date.now()` when omitted)
 *
 * @example
 * ```ts
 * relativeSecondsToDatetime(3600, Date.parse('2030-01-01T00:00:00Z')); // '2030-01-01T01:00:00Z'
 * ```
 */
export function relativeSecondsToDatetime(seconds: number, now: number = Date.now()): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw new RangeError(`a lifetime in seconds must be a finite number, got ${String(seconds)}`);
  }
  return new Date(now + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
