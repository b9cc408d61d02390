/**
 * The OAuth token client and its pure helpers: authorize URLs, PKCE, token expiry.
 *
 * @module
 */
export { DEFAULT_EARLY_REFRESH_BUFFER, OAuthTokenClient } from './oauth-token-client.js';
export type { OAuthTokenClientOptions, RefreshClientOptions } from './oauth-token-client.js';
export { buildAuthorizeUrl, IDENTITY_BASE_URL } from './authorize-url.js';
export type { AuthorizeUrlParams } from './authorize-url.js';
export { base64UrlEncode, createS256PkcePair, s256CodeChallenge } from './pkce.js';
export type { PkcePair, RandomBytes } from './pkce.js';
export { datetimeToRelativeSeconds, relativeSecondsToDatetime } from './token-expiry.js';
export { amendTokenResponse } from './token-response.js';
export type { AmendedTokenResponse, OAuthTokenResponse } from './token-response.js';
