/**
 * The OAuth token response and the amendment every response gets: an absolute
 * `expiration_date` computed from `expires_in`.
 *
 * @module
 */
import { relativeSecondsToDatetime } from './token-expiry.js';

/**
 * A token response from `POST /oauth/token`, as the identity service sends it, plus
 * `expiration_date`. Wire names are kept as the API spells them.
 */
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

/**
 * The response with `expiration_date` added (a new object), or the problem that makes it
 * unusable: not a JSON object, no usable `expires_in` (a number of seconds, or a numeric
 * string), or no string `access_token`.
 *
 * @param body - the decoded JSON body of a token response
 * @param now - the time the response arrived, in milliseconds since the epoch
 *
 * @example
 * ```ts
 * amendTokenResponse({ access_token: 'x', expires_in: 60 }, Date.parse('2030-01-01T00:00:00Z'));
 * // { ok: true, response: { access_token: 'x', expires_in: 60, expiration_date: '2030-01-01T00:01:00Z' } }
 * ```
 */
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
