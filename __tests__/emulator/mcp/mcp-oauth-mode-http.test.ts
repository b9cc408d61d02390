/**
 * `mcpAuth: 'oauth'` over plain HTTP: the 401 challenge (RFC 9728), the two metadata documents (RFC 9728,
 * RFC 8414), `iss` in the authorization response (RFC 9207), `resource` checked (RFC 8707), and the default
 * mode unchanged.
 */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { PROTOCOL, post, request } from './mcp-wire.js';

const initialize = request(0, 'initialize', {
  protocolVersion: PROTOCOL,
  capabilities: {},
  clientInfo: { name: 'oauth-test', version: '1' },
});

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A user token through the public client, PKCE S256, as a browser would: the redirect read, not followed. */
async function userToken(emulator: Emulator, resource?: string): Promise<{ location: URL; token: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${emulator.url}/oauth/authorize`);
  const redirectUri = 'http://127.0.0.1:9/callback';
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'emulator-public-app',
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'st',
    ...(resource === undefined ? {} : { resource }),
  }).toString();
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location')!);
  const tokenResponse = await fetch(`${emulator.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'emulator-public-app',
      code: location.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      ...(resource === undefined ? {} : { resource }),
    }),
  });
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
  return { location, token };
}

describe('the emulator’s /mcp with mcpAuth: oauth', () => {
  let emulator: Emulator | undefined;
  beforeAll(() => realSockets());
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it('answers 401 without a token or with an API key, the challenge naming its resource metadata', async () => {
    emulator = await startEmulator({ mcpAuth: 'oauth' });
    expect(emulator.mcpAuth).toBe('oauth');
    const challenge = `Bearer resource_metadata="${emulator.url}/.well-known/oauth-protected-resource/mcp"`;
    const anonymous = await post(emulator, initialize);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe(challenge);
    const keyed = await post(emulator, initialize, { key: emulator.keys.users[0].key });
    expect(keyed.status).toBe(401);
    expect(keyed.headers.get('www-authenticate')).toBe(challenge);
    const bearerKey = await post(emulator, initialize, {
      headers: { Authorization: `Bearer ${emulator.keys.account}` },
    });
    expect(bearerKey.status).toBe(401);
  });

  it('serves its Protected Resource Metadata and the identity service’s Authorization Server Metadata', async () => {
    emulator = await startEmulator({ mcpAuth: 'oauth' });
    const resource = await getJson(`${emulator.url}/.well-known/oauth-protected-resource/mcp`);
    expect(resource).toEqual({
      status: 200,
      body: expect.objectContaining({ resource: `${emulator.url}/mcp`, authorization_servers: [emulator.url] }),
    });
    const server = await getJson(`${emulator.url}/.well-known/oauth-authorization-server`);
    expect(server.status).toBe(200);
    expect(server.body).toEqual(
      expect.objectContaining({
        issuer: emulator.url,
        authorization_endpoint: `${emulator.url}/oauth/authorize`,
        token_endpoint: `${emulator.url}/oauth/token`,
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        authorization_response_iss_parameter_supported: true,
      }),
    );
  });

  it('accepts a token of the identity service, asked for its resource, with iss in the redirect', async () => {
    emulator = await startEmulator({ mcpAuth: 'oauth' });
    const { location, token } = await userToken(emulator, `${emulator.url}/mcp`);
    expect(location.searchParams.get('iss')).toBe(emulator.url);
    expect(location.searchParams.get('state')).toBe('st');
    const init = await post(emulator, initialize, { headers: { Authorization: `Bearer ${token}` } });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeTruthy();
  });

  it('refuses a token for a resource elsewhere (invalid_target), and a revoked token', async () => {
    emulator = await startEmulator({ mcpAuth: 'oauth' });
    const elsewhere = await fetch(`${emulator.url}/oauth/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('emulator-app:emulator-app-secret').toString('base64')}` },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'as_account-us.emulator',
        resource: 'https://mcp.example.com/mcp',
      }),
    });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual(expect.objectContaining({ error: 'invalid_target' }));
    const { token } = await userToken(emulator);
    expect(emulator.revokeOAuthTokens()).toBe(1);
    const refused = await post(emulator, initialize, { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer resource_metadata=/);
  });

  it('keeps the default mode: API keys accepted, no resource metadata, no challenge', async () => {
    emulator = await startEmulator();
    expect(emulator.mcpAuth).toBe('key');
    expect((await post(emulator, initialize, { key: emulator.keys.users[0].key })).status).toBe(200);
    const anonymous = await post(emulator, initialize);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBeNull();
    const metadata = await fetch(`${emulator.url}/.well-known/oauth-protected-resource/mcp`, {
      headers: { Authorization: `Token token=${emulator.keys.account}` },
    });
    expect(metadata.status).toBe(404);
  });

  it('refuses an mcpAuth it does not know', async () => {
    await expect(startEmulator({ mcpAuth: 'basic' as 'oauth' })).rejects.toThrow(/mcpAuth must be 'key' or 'oauth'/);
  });
});
