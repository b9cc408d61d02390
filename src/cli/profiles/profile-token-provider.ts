/**
 * The OAuth tokens of a profile (from `pagerduty login`) as the library's `TokenProvider`:
 * the access token until it is due, then a new one from the refresh token, written back to
 * the profile file at once, since the identity service may rotate the refresh token (the
 * old one then no longer works).
 *
 * @module
 */
import type { TokenProvider } from '../../core/auth/token-provider.js';
import type { OAuthTokenClient } from '../../core/oauth/oauth-token-client.js';
import type { OAuthTokenResponse } from '../../core/oauth/token-response.js';
import type { OAuthCredential } from './profile.js';

/** Seconds before its expiry at which an access token is renewed rather than sent. */
export const RENEW_BEFORE_SECONDS = 60;

/** The credential after a token response: the new tokens, the refresh token kept when none came. */
export function renewedCredential(credential: OAuthCredential, response: OAuthTokenResponse): OAuthCredential {
  return {
    ...credential,
    accessToken: response.access_token,
    expiresAt: response.expiration_date,
    ...(response.refresh_token === undefined ? {} : { refreshToken: response.refresh_token }),
    ...(response.scope === undefined ? {} : { scope: response.scope }),
  };
}

/** Whether the access token is due for renewal at `now` (milliseconds since the epoch). */
export function isDue(credential: OAuthCredential, now: number): boolean {
  if (credential.expiresAt === undefined) return false;
  return Date.parse(credential.expiresAt) - now <= RENEW_BEFORE_SECONDS * 1000;
}

/**
 * A token provider over a profile's OAuth credential.
 *
 * @param oauth - the identity service's client (public: the credential's client id, no secret)
 * @param save - writes a renewed credential to the profile file (before the token is used)
 * @param now - the clock
 */
export function profileTokenProvider(
  initial: OAuthCredential,
  oauth: Pick<OAuthTokenClient, 'getRefreshedToken'>,
  save: (credential: OAuthCredential) => Promise<void>,
  now: () => number = Date.now,
): TokenProvider {
  let credential = initial;
  let renewing: Promise<string> | undefined;
  const renew = (): Promise<string> => {
    // One renewal at a time: concurrent requests wait for the same new token.
    renewing ??= (async () => {
      try {
        const refreshToken = credential.refreshToken;
        if (refreshToken === undefined) return credential.accessToken;
        credential = renewedCredential(credential, await oauth.getRefreshedToken(refreshToken));
        await save(credential);
        return credential.accessToken;
      } finally {
        renewing = undefined;
      }
    })();
    return renewing;
  };
  return {
    getToken: () => (isDue(credential, now()) && credential.refreshToken ? renew() : credential.accessToken),
    refused: async ({ token }) => {
      if (credential.refreshToken === undefined) return false;
      // Another request may have renewed it already.
      if (token !== credential.accessToken) return true;
      await renew();
      return true;
    },
  };
}
