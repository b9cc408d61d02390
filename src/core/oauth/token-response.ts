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

/** A token response from `POST /oauth/token` with its wire names, plus `expiration_date`. */
export interface OAuthTokenResponse {
  /** The access token: use it with `RestApiV2Client(token, { authType: 'bearer' })`. */
  access_token: string;
  /** The token's lifetime in seconds, as received. */
  expires_in: number;
  /** When the access token expires: ISO 8601 UTC, whole seconds (added by this library). */
  expiration_date: string;
  /** The refresh token (code grant only; the client-credentials grant has none). */
  refresh_token?: string;
  /** The token type, normally `bearer`. */
  token_type?: string;
  /** The scopes granted, space-separated. */
  scope?: string;
  /** Any other field the service sends. */
  [field: string]: unknown;
}

/** What `amendTokenResponse` found: the amended response, or why there is none. */
export type AmendedTokenResponse =
  | {
      /** The response is usable. */
      readonly ok: true;
      /** The response with `expiration_date`. */
      readonly response: OAuthTokenResponse;
    }
  | {
      /** The response is unusable. */
      readonly ok: false;
      /** Why, naming the missing key. */
      readonly problem: string;
    };

/** `expires_in` may be a number of seconds or a numeric string. */
export function amendTokenResponse(body: unknown, now: number): AmendedTokenResponse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, problem: 'token response is not a JSON object' };
  }
  const fields = body as Record<string, unknown>;
  const raw = fields.expires_in;
  const expiresIn = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn)) {
    return { ok: false, problem: 'token response did not include the expected key "expires_in"' };
  }
  if (typeof fields.access_token !== 'string') {
    return { ok: false, problem: 'token response did not include the expected key "access_token"' };
  }
  const response: OAuthTokenResponse = {
    ...fields,
    access_token: fields.access_token,
    expires_in: expiresIn,
    expiration_date: relativeSecondsToDatetime(expiresIn, now),
  };
  return { ok: true, response };
}
