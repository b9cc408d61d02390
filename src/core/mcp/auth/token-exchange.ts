/**
 * Cross-app access (MCP's enterprise-managed authorization, SEP-990): the user's ID token at the enterprise's
 * identity provider is exchanged there (RFC 8693 token exchange) for an Identity Assertion JWT Authorization
 * Grant (ID-JAG) naming the MCP server's authorization server and resource; `McpOAuth` then sends it as the
 * `assertion` of the jwt-bearer grant (RFC 7523).
 *
 * @module
 */
import { isLoopbackHost } from '../../request/url.js';
import { McpAuthorizationError } from './oauth-discovery.js';

const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';

/** Where and how to exchange the user's ID token for an ID-JAG (the `crossAppAccess` option of `McpOAuth`). */
export interface McpCrossAppAccess {
  /** The identity provider's token endpoint. */
  readonly tokenEndpoint: string | URL;
  /** This application's client at the identity provider: with a secret it authenticates by HTTP Basic. */
  readonly client: {
    /** The client id at the identity provider. */
    readonly clientId: string;
    /** Its secret, for a confidential client; absent for a public one. */
    readonly clientSecret?: string;
  };
  /** The user's ID token from the identity provider (a sign-in you did), or a function that returns a fresh one. */
  readonly idToken: string | (() => string | Promise<string>);
}

/**
 * Checks the option's shape before any request.
 *
 * @throws TypeError naming what is missing
 */
export function checkCrossAppAccess(access: McpCrossAppAccess): void {
  let endpoint: URL;
  try {
    endpoint = new URL(access.tokenEndpoint);
  } catch {
    throw new TypeError('crossAppAccess.tokenEndpoint must be a URL');
  }
  if (endpoint.protocol !== 'https:' && !(endpoint.protocol === 'http:' && isLoopbackHost(endpoint.hostname)))
    throw new TypeError('crossAppAccess.tokenEndpoint must be https (or http on a loopback host)');
  if (typeof access.client?.clientId !== 'string' || access.client.clientId === '')
    throw new TypeError('crossAppAccess.client.clientId is required');
  if (typeof access.idToken !== 'string' && typeof access.idToken !== 'function')
    throw new TypeError('crossAppAccess.idToken must be the ID token or a function that returns it');
}

/**
 * The RFC 8693 request: the ID token for an ID-JAG whose audience is `issuer`, for `resource`.
 *
 * @example
 * ```ts
 * const { url, init } = await exchangeRequest(access, { issuer: 'https://auth.example.com', resource });
 * ```
 */
export async function exchangeRequest(
  access: McpCrossAppAccess,
  target: { readonly issuer: string; readonly resource?: string },
): Promise<{ url: URL; init: RequestInit }> {
  const idToken = typeof access.idToken === 'function' ? await access.idToken() : access.idToken;
  const form = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    audience: target.issuer,
    ...(target.resource === undefined ? {} : { resource: target.resource }),
    subject_token: idToken,
    subject_token_type: ID_TOKEN,
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  const { clientId, clientSecret } = access.client;
  // RFC 6749 2.3.1: Basic with the form-encoded id and secret; a public client names itself in the form.
  if (clientSecret === undefined) form.set('client_id', clientId);
  else headers.Authorization = `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`)}`;
  return { url: new URL(access.tokenEndpoint), init: { method: 'POST', headers, body: form.toString() } };
}

/**
 * Exchanges the ID token for an ID-JAG at the identity provider.
 *
 * @throws McpAuthorizationError when the identity provider refuses, or answers with something else than an ID-JAG
 */
export async function exchangeForIdJag(
  fetch: typeof globalThis.fetch,
  access: McpCrossAppAccess,
  target: { readonly issuer: string; readonly resource?: string },
): Promise<string> {
  const { url, init } = await exchangeRequest(access, target);
  const response = await fetch(url, init);
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!response.ok) {
    const error = typeof body?.error === 'string' ? `: ${body.error}` : '';
    throw new McpAuthorizationError(`the identity provider refused the token exchange (${response.status}${error})`);
  }
  const token = body?.access_token;
  if (typeof token !== 'string' || token === '')
    throw new McpAuthorizationError('the identity provider answered the token exchange without an access_token');
  if (body?.issued_token_type !== undefined && body.issued_token_type !== ID_JAG)
    throw new McpAuthorizationError(
      `the identity provider issued ${String(body.issued_token_type)}, not an ID-JAG (${ID_JAG})`,
    );
  return token;
}
