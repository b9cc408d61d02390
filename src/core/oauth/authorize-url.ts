/**
 * The authorize URL the user visits first in the code-grant flow. Pure, and needs no
 * client secret.
 *
 * @module
 */

/** The identity service that issues OAuth tokens. */
export const IDENTITY_BASE_URL = 'https://identity.pagerduty.com';

/** What an authorize URL is built from. */
export interface AuthorizeUrlParams {
  /** The OAuth client id of the app. */
  clientId: string;
  /** The scopes requested, space-separated (for example `read write`). */
  scope: string;
  /** Where the identity service sends the user back, with `code` in the query. */
  redirectUri: string;
  /** The S256 PKCE challenge; adds `code_challenge` and `code_challenge_method=S256`. */
  codeChallenge?: string;
  /** The identity service's base URL. @default {@link IDENTITY_BASE_URL} */
  baseUrl?: string;
}

/**
 * `<baseUrl>/oauth/authorize?client_id=...&redirect_uri=...&response_type=code&scope=...`,
 * plus the PKCE parameters when a challenge is given. The parameter order matches the
 * predecessor library's.
 *
 * @example
 * ```ts
 * buildAuthorizeUrl({ clientId: 'my-app', scope: 'read', redirectUri: 'http://127.0.0.1:8080/callback' });
 * // 'https://identity.pagerduty.com/oauth/authorize?client_id=my-app&redirect_uri=http%3A%2F%2F127.0.0.1%3A8080%2Fcallback&response_type=code&scope=read'
 * ```
 */
export function buildAuthorizeUrl(params: AuthorizeUrlParams): string {
  const { clientId, scope, redirectUri, codeChallenge, baseUrl = IDENTITY_BASE_URL } = params;
  for (const [name, value] of [
    ['clientId', clientId],
    ['scope', scope],
    ['redirectUri', redirectUri],
  ] as const) {
    if (typeof value !== 'string' || value === '') throw new TypeError(`${name} must be a non-empty string`);
  }
  const query = new URLSearchParams([
    ['client_id', clientId],
    ['redirect_uri', redirectUri],
    ['response_type', 'code'],
    ['scope', scope],
  ]);
  if (codeChallenge !== undefined) {
    if (typeof codeChallenge !== 'string' || codeChallenge === '') {
      throw new TypeError('codeChallenge must be a non-empty string');
    }
    query.append('code_challenge', codeChallenge);
    query.append('code_challenge_method', 'S256');
  }
  return `${baseUrl.replace(/\/+$/, '')}/oauth/authorize?${query.toString()}`;
}
