import { regionOfScope } from '../client/regions.js';
import { ManagedTokenProvider } from './managed-token.js';
import { checkManagedOptions, storedToken, type ManagedTokenOptions } from './managed-token-options.js';
import { grantFailure, requireStrings } from './oauth-grant-error.js';

/** Options of {@link clientCredentialsTokenProvider}. */
export interface ClientCredentialsTokenProviderOptions extends ManagedTokenOptions {
  /** The app's client secret: never printed, logged or stored. */
  clientSecret: string;
  /** The scopes, space-separated, starting with the account: `as_account-us.acme incidents.read`. */
  scope: string;
}

/**
 * App tokens (the `client_credentials` grant of a Scoped OAuth app) that renew themselves: give it to any
 * client in place of a token. The token is kept until shortly before it expires (10% of its life, at most
 * 5 minutes), then renewed before the next request; concurrent requests share one token request; a request
 * refused with 401 gets a new token and is sent once more. A refused client (`invalid_client`,
 * `invalid_scope`) is an `OAuthGrantError`, thrown at once by every later call: never a loop of token requests.
 *
 * @throws TypeError for a missing client id, secret or scope (before any request)
 * @example
 * ```ts
 * const provider = clientCredentialsTokenProvider({
 *   clientId: process.env.PAGERDUTY_OAUTH_CLIENT_ID!,
 *   clientSecret: process.env.PAGERDUTY_OAUTH_CLIENT_SECRET!,
 *   scope: 'as_account-us.acme incidents.read services.read',
 * });
 * const client = new RestApiV2Client(provider); // Bearer, renewed as it expires
 * const incidents = await client.listAll('/incidents', { statuses: ['triggered'] });
 * ```
 */
export function clientCredentialsTokenProvider(options: ClientCredentialsTokenProviderOptions): ManagedTokenProvider {
  requireStrings('clientCredentialsTokenProvider', {
    clientSecret: options?.clientSecret,
    scope: options?.scope,
  });
  const { clientId, clientSecret, scope } = options;
  const checked = checkManagedOptions('clientCredentialsTokenProvider', options, clientSecret, regionOfScope(scope));
  const { oauth, now } = checked;
  return new ManagedTokenProvider({
    ...checked,
    close: () => oauth.close(),
    key: options.storeKey ?? `pagerduty-client/oauth/${clientId}/${scope}`,
    fetchToken: async () => {
      try {
        return storedToken(await oauth.getScopedAppToken(scope), now());
      } catch (error) {
        throw grantFailure(error, `the app token request of client ${clientId}`);
      }
    },
  });
}
