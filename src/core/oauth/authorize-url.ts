export const IDENTITY_BASE_URL = 'https://identity.pagerduty.com';

export interface AuthorizeUrlParams {
  clientId: string;
  scope: string;
  redirectUri: string;
  codeChallenge?: string;
  baseUrl?: string;
}

/** The parameter order matches the predecessor library's. */
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
