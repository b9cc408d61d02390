// Ends in its offset (`Z`, `+02:00` or `+0200`).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * Seconds from `now` until an ISO 8601 date-time (negative once passed). The offset (`Z`, `+hh:mm`)
 * is required: read in the machine's zone, a token could be refreshed hours early or late.
 *
 * @param iso - a date-time such as `2030-01-01T00:00:00Z` (an `expiration_date`)
 * @param now - the current time in milliseconds since the epoch
 * @throws RangeError when `iso` is not an ISO 8601 date-time with an offset
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

export function relativeSecondsToDatetime(seconds: number, now: number = Date.now()): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw new RangeError(`a lifetime in seconds must be a finite number, got ${String(seconds)}`);
  }
  return new Date(now + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
