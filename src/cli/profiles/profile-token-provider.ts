/**
 * The OAuth tokens of a profile (from `pagerduty login`) as the library's
 * `refreshTokenProvider`: the access token until it is due, then a new one from the
 * refresh token (also after a 401), each new pair written back to the profile at once,
 * since the identity service rotates the refresh token (the old one then no longer works).
 *
 * @module
 */
import type { TokenProvider } from '../../core/auth/token-provider.js';
import type { OAuthTokenClientOptions } from '../../core/oauth/oauth-token-client.js';
import type { OAuthTokenResponse } from '../../core/oauth/token-response.js';
import type { OAuthCredential } from './profile.js';

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

/**
 * What to send for a profile's OAuth credential: a provider that renews it (or the access
 * token alone, when the identity service gave no refresh token).
 *
 * @param oauthOptions - options of the token requests (transport, logger); the base URL is the credential's
 * @param save - writes a renewed credential to the profile file, before the new token is used
 */
export async function profileTokenProvider(
  credential: OAuthCredential,
  oauthOptions: OAuthTokenClientOptions,
  save: (credential: OAuthCredential) => Promise<void>,
): Promise<string | TokenProvider> {
  if (credential.refreshToken === undefined) return credential.accessToken;
  const { refreshTokenProvider } = await import('../../core/oauth/refresh-token-provider.js');
  let latest = credential;
  return refreshTokenProvider({
    clientId: credential.clientId,
    refreshToken: credential.refreshToken,
    // Without its expiry the access token cannot be judged: the first call renews it.
    ...(credential.expiresAt === undefined
      ? {}
      : { accessToken: credential.accessToken, expiresAt: credential.expiresAt }),
    oauthOptions: { ...oauthOptions, baseUrl: credential.identityUrl },
    onTokens: async (tokens) => {
      latest = renewedCredential(latest, tokens);
      await save(latest);
    },
  });
}
