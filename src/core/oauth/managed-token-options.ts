// The options both managed token providers take, checked once, and the token client they renew through.
import type { Region } from '../client/regions.js';
import { checkRegion } from '../client/regions.js';
import { OAuthTokenClient, type OAuthTokenClientOptions } from './oauth-token-client.js';
import { checkEarlyRenewal } from './renewal-timing.js';
import { InMemoryTokenStore, type StoredToken, type TokenStore } from './token-store.js';
import type { OAuthTokenResponse } from './token-response.js';

/** Options of both managed token providers. */
export interface ManagedTokenOptions {
  /** The app's OAuth client id. */
  clientId: string;
  /**
   * The region of the identity service and of the clients that use the provider.
   * @default the region of the scope (`as_account-eu.` is `'eu'`), else `'us'`
   */
  region?: Region;
  /**
   * Where the token is kept between renewals: share one store (a `FileTokenStore`, a `RedisTokenStore`) between
   * processes to share one token among them. @default a new `InMemoryTokenStore` (this provider alone)
   */
  store?: TokenStore;
  /** The token's key in the store (not a secret). @default derived from the client id (and the scope) */
  storeKey?: string;
  /**
   * Seconds before its expiry from which the token is renewed.
   * @default 10% of the token's life, at most 300 (never more than half its life)
   */
  earlyRenewal?: number;
  /**
   * Options of the token requests' `OAuthTokenClient` (`baseUrl`, `fetch`, `proxy`, `logger`, `timeout`, ...).
   * @default the identity service of the region
   */
  oauthOptions?: OAuthTokenClientOptions;
  /** The clock, in milliseconds since the epoch. @default Date.now */
  now?: () => number;
}

export interface CheckedManagedOptions {
  readonly store: TokenStore;
  readonly earlyRenewal: number | undefined;
  readonly now: () => number;
  readonly region: Region | undefined;
  readonly oauth: OAuthTokenClient;
}

/** @throws TypeError / RangeError for a missing client id, an unknown region or a bad margin */
export function checkManagedOptions(
  what: string,
  options: ManagedTokenOptions,
  clientSecret: string | null,
  scopeRegion: Region | undefined,
): CheckedManagedOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${what} needs an options object`);
  if (typeof options.clientId !== 'string' || options.clientId === '') {
    throw new TypeError(`${what}: clientId must be a non-empty string`);
  }
  const region = options.region === undefined ? scopeRegion : checkRegion(options.region);
  const now = options.now ?? Date.now;
  const oauth = new OAuthTokenClient(clientSecret, options.clientId, { region, now, ...options.oauthOptions });
  return {
    store: options.store ?? new InMemoryTokenStore(now),
    earlyRenewal: checkEarlyRenewal(options.earlyRenewal),
    now,
    region,
    oauth,
  };
}

/** What a store keeps of a token response. */
export function storedToken(response: OAuthTokenResponse, now: number): StoredToken {
  const lifetime = response.expires_in > 0 ? response.expires_in : 1;
  return {
    accessToken: response.access_token,
    expiresAt: now + lifetime * 1000,
    lifetime,
    ...(response.refresh_token === undefined ? {} : { refreshToken: response.refresh_token }),
  };
}
