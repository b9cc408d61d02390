/**
 * The identity service (`/oauth/...`), as `identity.pagerduty.com` answers it: `POST /oauth/token` for the
 * `client_credentials`, `authorization_code` (PKCE, S256) and `refresh_token` grants, `GET /oauth/authorize`
 * (approved at once, as the first user: a redirect with the code), and `POST /oauth/revoke`. Errors are the
 * OAuth shape `{"error", "error_description"}`: 401 for `invalid_client`, 400 for the rest.
 *
 * @module
 */
import type { Reply } from '../server/replies.js';
import type { EmulatorStore } from '../store/store.js';
import { GrantRefusal, type EmulatorOAuthClient, type IssuedTokens } from '../store/oauth-tokens.js';

/** The paths the identity service answers. */
export const IDENTITY_PATHS: ReadonlySet<string> = new Set(['/oauth/token', '/oauth/authorize', '/oauth/revoke']);

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

function grant(store: EmulatorStore, request: IdentityRequest, form: URLSearchParams): IssuedTokens {
  const client = clientOf(store, request, form);
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
  return { status: 302, headers: { Location: location.toString() } };
}

/** The answer of the identity service to a request on one of {@link IDENTITY_PATHS}. */
export function identityReply(store: EmulatorStore, request: IdentityRequest): Reply {
  const expected = request.path === '/oauth/authorize' ? 'GET' : 'POST';
  if (request.method !== expected) {
    return {
      status: 405,
      headers: { Allow: expected },
      body: { error: 'invalid_request', error_description: `Use ${expected}` },
    };
  }
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
