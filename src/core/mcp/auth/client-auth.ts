import type * as oauth from 'oauth4webapi';
import type { OAuthLibrary } from './oauth-discovery.js';
import { isPlainObject } from '../../plain-object.js';
import type { McpOAuthClient } from './mcp-oauth-options.js';

/** application/x-www-form-urlencoded, as RFC 6749 §2.3.1 encodes the Basic credentials (URLSearchParams' rules). */
function formEncode(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * `client_secret_basic`. oauth4webapi's also escapes `-`, `.`, `_`, `~` and `*`, which servers that do not
 * decode the credentials (the MCP conformance suite's among them) then refuse; these characters need no escape.
 */
function clientSecretBasic(clientSecret: string): oauth.ClientAuth {
  return (_server, client, _body, headers) => {
    const credentials = `${formEncode(client.client_id)}:${formEncode(clientSecret)}`;
    headers.set('authorization', `Basic ${btoa(credentials)}`);
  };
}

/** How a client authenticates at the token endpoint: its own choice, else the best the server lists. */
export function clientAuthFor(
  lib: OAuthLibrary,
  client: McpOAuthClient,
  supported: readonly string[] | undefined,
): oauth.ClientAuth {
  const method =
    client.authMethod ??
    (client.clientSecret === undefined
      ? 'none'
      : supported?.includes('client_secret_basic') === false && supported.includes('client_secret_post')
        ? 'client_secret_post'
        : 'client_secret_basic');
  if (method === 'private_key_jwt') {
    if (client.privateKey === undefined) throw new TypeError('private_key_jwt needs client.privateKey');
    return lib.PrivateKeyJwt(client.privateKey);
  }
  if (method === 'none') return lib.None();
  if (client.clientSecret === undefined) throw new TypeError(`${method} needs client.clientSecret`);
  return method === 'client_secret_post'
    ? lib.ClientSecretPost(client.clientSecret)
    : clientSecretBasic(client.clientSecret);
}

/**
 * A dynamic registration's answer (RFC 7591 §3.2.1): what the client needs of it. Read here rather than by
 * oauth4webapi, which also requires `client_secret_expires_at` with a secret, a member servers leave out.
 */
export async function readRegistration(response: Response): Promise<McpOAuthClient> {
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok || !isPlainObject(body) || typeof body.client_id !== 'string')
    throw new Error(`dynamic client registration failed: HTTP ${response.status} ${JSON.stringify(body) ?? ''}`);
  const method = body.token_endpoint_auth_method;
  return {
    clientId: body.client_id,
    clientSecret: typeof body.client_secret === 'string' ? body.client_secret : undefined,
    authMethod: typeof method === 'string' ? (method as McpOAuthClient['authMethod']) : undefined,
  };
}
