import { ManagedTokenProvider } from './managed-token.js';
import { checkManagedOptions, storedToken, type ManagedTokenOptions } from './managed-token-options.js';
import { grantFailure, requireStrings } from './oauth-grant-error.js';
import type { StoredToken } from './token-store.js';
import type { OAuthTokenResponse } from './token-response.js';

/** Options of {@link refreshTokenProvider}. */
export interface RefreshTokenProviderOptions extends ManagedTokenOptions {
  /** The app's client secret; `null` or left out for a public client (PKCE). */
  clientSecret?: string | null;
  /** The refresh token of the user's latest token response. */
  refreshToken: string;
  /** Its access token, used until it is due; without it the first call refreshes. */
  accessToken?: string;
  /** When the access token expires: its `expiration_date` (ISO 8601) or milliseconds since the epoch. */
  expiresAt?: string | number;
  /**
   * Called with every new token response, before the token is used: the refresh token rotates, so store the
   * new pair (a file, a keychain) to start from it next time. A store shared between processes keeps it too.
   */
  onTokens?: (tokens: OAuthTokenResponse) => void | Promise<void>;
}

function initialToken(options: RefreshTokenProviderOptions, now: number): StoredToken | undefined {
  const { accessToken, expiresAt, refreshToken } = options;
  if (accessToken === undefined) return undefined;
  const at = typeof expiresAt === 'string' ? Date.parse(expiresAt) : expiresAt;
  if (typeof at !== 'number' || !Number.isFinite(at)) {
    throw new RangeError('refreshTokenProvider: accessToken needs expiresAt (an ISO 8601 date-time or milliseconds)');
  }
  // The life it was issued for is not known: a scoped user token's day, unless it has less left.
  const lifetime = Math.max(1, Math.min(86400, (at - now) / 1000));
  return { accessToken, expiresAt: at, lifetime, refreshToken };
}

/**
 * A user's tokens (the code grant) renewed in place through the refresh token: give it to any client in
 * place of a token, and store what `onTokens` receives. Renewed shortly before the access token expires (10%
 * of its life, at most 5 minutes) and once after a 401; concurrent requests share one refresh. A refresh
 * token that is revoked or expired is an `OAuthGrantError` (`invalid_grant`): the user must sign in again.
 *
 * @throws TypeError for a missing client id or refresh token (before any request)
 * @example
 * ```ts
 * const saved = JSON.parse(await readFile('tokens.json', 'utf8'));
 * const provider = refreshTokenProvider({
 *   clientId: 'my-public-client-id',
 *   refreshToken: saved.refresh_token,
 *   accessToken: saved.access_token,
 *   expiresAt: saved.expiration_date,
 *   onTokens: (tokens) => writeFile('tokens.json', JSON.stringify(tokens), { mode: 0o600 }),
 * });
 * const me = await new RestApiV2Client(provider).rget('/users/me');
 * ```
 */
export function refreshTokenProvider(options: RefreshTokenProviderOptions): ManagedTokenProvider {
  requireStrings('refreshTokenProvider', { refreshToken: options?.refreshToken });
  const { clientId, onTokens } = options;
  if (onTokens !== undefined && typeof onTokens !== 'function') {
    throw new TypeError('refreshTokenProvider: onTokens must be a function');
  }
  const checked = checkManagedOptions('refreshTokenProvider', options, options.clientSecret ?? null, undefined);
  const { oauth, now } = checked;
  const initial = initialToken(options, now());
  let latestRefresh = options.refreshToken;
  return new ManagedTokenProvider({
    ...checked,
    close: () => oauth.close(),
    initial,
    key: options.storeKey ?? `pagerduty-client/oauth/${clientId}/user`,
    fetchToken: async (previous) => {
      let response: OAuthTokenResponse;
      try {
        response = await oauth.getRefreshedToken(previous?.refreshToken ?? latestRefresh);
      } catch (error) {
        throw grantFailure(error, `the token refresh of client ${clientId}`);
      }
      // A response without a refresh token keeps the one it was refreshed with.
      const fresh = storedToken(response, now());
      const kept = fresh.refreshToken ?? previous?.refreshToken ?? latestRefresh;
      latestRefresh = kept;
      if (onTokens) await onTokens({ ...response, refresh_token: kept });
      return { ...fresh, refreshToken: kept };
    },
  });
}
