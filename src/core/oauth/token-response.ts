import { relativeSecondsToDatetime } from './token-expiry.js';

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
