/**
 * The identity service (`/oauth/...`), as `identity.pagerduty.com` answers it: `POST /oauth/token` for the
 * `client_credentials`, `authorization_code` (PKCE, S256) and `refresh_token` grants, `GET /oauth/authorize`
 * (approved at once, as the first user: a redirect with the code and the issuer, RFC 9207), `POST /oauth/revoke`,
 * and its Authorization Server Metadata (RFC 8414) at `/.well-known/oauth-authorization-server`. A `resource`
 * (RFC 8707) must be on the emulator. Errors are the OAuth shape `{"error", "error_description"}`: 401 for
 * `invalid_client`, 400 for the rest.
 *
 * @module
 */
import type { Reply } from '../server/replies.js';
import type { EmulatorStore } from '../store/store.js';
import { GrantRefusal, type EmulatorOAuthClient, type IssuedTokens } from '../store/oauth-tokens.js';

/** The paths the identity service answers. */
export const IDENTITY_PATHS: ReadonlySet<string> = new Set([
  '/oauth/token',
  '/oauth/authorize',
  '/oauth/revoke',
  '/.well-known/oauth-authorization-server',
]);

/** The paths answered to `GET`; the others take a `POST`. */
const GET_PATHS: ReadonlySet<string> = new Set(['/oauth/authorize', '/.well-known/oauth-authorization-server']);

/**
 * What the identity service says of itself (RFC 8414): its issuer is the emulator's base URL.
 *
 * @example
 * ```ts
 * authorizationServerMetadata('http://127.0.0.1:8080').token_endpoint; // 'http://127.0.0.1:8080/oauth/token'
 * ```
 */
export function authorizationServerMetadata(issuer: string): Record<string, unknown> & { token_endpoint: string } {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    authorization_response_iss_parameter_supported: true,
  };
}

/** What the identity service reads of a request. */
export interface IdentityRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /** The `Authorization` header (HTTP Basic client authentication). */
  readonly authorization: string | undefined;
  readonly body: Buffer;
}

function refusal(error: GrantRefusal): Reply {
  const status = error.code === 'invalid_client' ? 401 : 400;
  return { status, body: { error: error.code, error_description: error.message }, headers: NO_STORE };
}

// Token responses must not be cached (RFC 6749, 5.1).
const NO_STORE = Object.freeze({ 'Cache-Control': 'no-store' });

function field(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name);
  return value === null || value === '' ? undefined : value;
}

/** `client_id` and `client_secret` from the form, or from `Authorization: Basic`. */
function clientOf(store: EmulatorStore, request: IdentityRequest, form: URLSearchParams): EmulatorOAuthClient {
  const basic = /^Basic\s+(\S+)$/i.exec(request.authorization ?? '');
  if (basic) {
    const [id, ...secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
    return store.oauth.client(decodeURIComponent(id), decodeURIComponent(secret.join(':')) || undefined);
  }
  return store.oauth.client(field(form, 'client_id'), field(form, 'client_secret'));
}

/** RFC 8707: a token may be asked for a resource on this emulator only (its `/mcp`, its REST API). */
function checkResource(store: EmulatorStore, parameters: URLSearchParams): void {
  for (const resource of parameters.getAll('resource')) {
    if (resource !== store.baseUrl && !resource.startsWith(`${store.baseUrl}/`))
      throw new GrantRefusal(
        'invalid_target',
        `resource ${resource} is not served by this emulator (${store.baseUrl})`,
      );
  }
}

function grant(store: EmulatorStore, request: IdentityRequest, form: URLSearchParams): IssuedTokens {
  const client = clientOf(store, request, form);
  checkResource(store, form);
  switch (field(form, 'grant_type')) {
    case 'client_credentials':
      return store.oauth.clientCredentials(client, field(form, 'scope'));
    case 'authorization_code':
      return store.oauth.authorizationCode(
        client,
        field(form, 'code'),
        field(form, 'redirect_uri'),
        field(form, 'code_verifier'),
      );
    case 'refresh_token':
      return store.oauth.refreshToken(client, field(form, 'refresh_token'));
    default:
      throw new GrantRefusal(
        'invalid_request',
        'grant_type must be client_credentials, authorization_code or refresh_token',
      );
  }
}

function authorizeReply(store: EmulatorStore, query: URLSearchParams): Reply {
  const redirectUri = field(query, 'redirect_uri');
  if (field(query, 'response_type') !== 'code' || redirectUri === undefined) {
    throw new GrantRefusal('invalid_request', 'response_type=code and redirect_uri are required');
  }
  const client = store.oauth.client(field(query, 'client_id'), undefined);
  checkResource(store, query);
  const user = store.users.all()[0];
  const code = store.oauth.authorize(
    client,
    {
      redirectUri,
      scope: field(query, 'scope') ?? '',
      codeChallenge: field(query, 'code_challenge'),
      method: field(query, 'code_challenge_method'),
    },
    { kind: 'user', userId: user.id },
  );
  const location = new URL(redirectUri);
  location.searchParams.set('code', code);
  const state = field(query, 'state');
  if (state !== undefined) location.searchParams.set('state', state);
  location.searchParams.set('iss', store.baseUrl);
  return { status: 302, headers: { Location: location.toString() } };
}

/** The answer of the identity service to a request on one of {@link IDENTITY_PATHS}. */
export function identityReply(store: EmulatorStore, request: IdentityRequest): Reply {
  const expected = GET_PATHS.has(request.path) ? 'GET' : 'POST';
  if (request.method !== expected) {
    return {
      status: 405,
      headers: { Allow: expected },
      body: { error: 'invalid_request', error_description: `Use ${expected}` },
    };
  }
  if (request.path === '/.well-known/oauth-authorization-server')
    return { status: 200, body: authorizationServerMetadata(store.baseUrl) };
  try {
    if (request.path === '/oauth/authorize') return authorizeReply(store, request.query);
    const form = new URLSearchParams(request.body.toString('utf8'));
    if (request.path === '/oauth/revoke') {
      // A confidential client authenticates; a public one names itself. An unknown token is not an error (RFC 7009).
      clientOf(store, request, form);
      const token = field(form, 'token');
      if (token !== undefined) store.oauth.revoke(token);
      return { status: 200, body: {} };
    }
    return { status: 200, body: grant(store, request, form), headers: NO_STORE };
  } catch (error) {
    if (error instanceof GrantRefusal) return refusal(error);
    throw error;
  }
}
