// The emulator as an identity service: the three grants, PKCE checked, refresh tokens rotating, tokens that
// expire on the emulator's clock or are revoked answered 401 by the REST API.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { OAuthTokenClient } from '../../../src/core/oauth/oauth-token-client.js';
import { HttpError } from '../../../src/core/errors/error-classes.js';
import { s256CodeChallenge } from '../../../src/core/oauth/authorize-url.js';
import { call } from '../raw-http.js';
import { silentLogger } from '../../../src/core/logging.js';

const SCOPE = 'as_account-us.emulator incidents.read';
const REDIRECT = 'http://127.0.0.1:9/callback';
let emulator: Emulator;
let clock = Date.parse('2030-01-01T00:00:00Z');

function form(fields: Record<string, string>): { rawBody: string; headers: Record<string, string> } {
  return {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  };
}

async function authorize(query: Record<string, string>): Promise<Response> {
  const url = `${emulator.identityUrl}/oauth/authorize?${new URLSearchParams(query).toString()}`;
  return fetch(url, { redirect: 'manual' });
}

beforeAll(async () => {
  emulator = await startEmulator({ seedIncidents: 0, tokenLifetime: 2, now: () => new Date(clock) });
});
afterAll(() => emulator.close());

describe('the emulator identity service', () => {
  it('issues an app token that the REST API accepts until it expires on the emulator clock', async () => {
    const oauth = new OAuthTokenClient('emulator-app-secret', 'emulator-app', { baseUrl: emulator.identityUrl });
    const token = await oauth.getScopedAppToken(SCOPE);
    expect(token).toMatchObject({ expires_in: 2, token_type: 'bearer', scope: SCOPE });
    expect(token.refresh_token).toBeUndefined();
    expect((await call(emulator, 'GET', '/users', { bearer: token.access_token })).status).toBe(200);
    clock += 1999;
    expect((await call(emulator, 'GET', '/users', { bearer: token.access_token })).status).toBe(200);
    clock += 1;
    const expired = await call(emulator, 'GET', '/users', { bearer: token.access_token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: { code: 2006 } });
  });

  it('refuses a wrong secret with 401 invalid_client, and a scope without the account with invalid_scope', async () => {
    const wrong = await call(emulator, 'POST', '/oauth/token', {
      ...form({ grant_type: 'client_credentials', client_id: 'emulator-app', client_secret: 'nope', scope: SCOPE }),
    });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const scope = await call(emulator, 'POST', '/oauth/token', {
      ...form({
        grant_type: 'client_credentials',
        client_id: 'emulator-app',
        client_secret: 'emulator-app-secret',
        scope: 'incidents.read',
      }),
    });
    expect(scope).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    const publicApp = await call(emulator, 'POST', '/oauth/token', {
      ...form({ grant_type: 'client_credentials', client_id: 'emulator-public-app', scope: SCOPE }),
    });
    expect(publicApp).toMatchObject({ status: 400, body: { error: 'unauthorized_client' } });
  });

  it('runs the PKCE code grant for a public client, checking the verifier (S256)', async () => {
    const client = new OAuthTokenClient(null, 'emulator-public-app', { baseUrl: emulator.identityUrl });
    const [verifier, challenge] = client.generateS256PkceParams();
    expect(challenge).toBe(s256CodeChallenge(verifier));
    const approved = await authorize({
      client_id: 'emulator-public-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'read',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
    });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    const token = await client.getNewTokenFromCodeWithPkce(code, 'read', REDIRECT, verifier);
    expect(token.refresh_token).toEqual(expect.any(String));
    expect((await call(emulator, 'GET', '/users/me', { bearer: token.access_token })).status).not.toBe(401);
    // A code is used once.
    await expect(client.getNewTokenFromCodeWithPkce(code, 'read', REDIRECT, verifier)).rejects.toBeInstanceOf(
      HttpError,
    );
  });

  it('refuses a code whose verifier does not match its challenge, and a public client without PKCE', async () => {
    const approved = await authorize({
      client_id: 'emulator-public-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'read',
      code_challenge: s256CodeChallenge('a'.repeat(43)),
      code_challenge_method: 'S256',
    });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const refused = await call(emulator, 'POST', '/oauth/token', {
      ...form({
        grant_type: 'authorization_code',
        client_id: 'emulator-public-app',
        code,
        redirect_uri: REDIRECT,
        code_verifier: 'b'.repeat(43),
      }),
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const noPkce = await authorize({
      client_id: 'emulator-public-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'read',
    });
    expect(noPkce.status).toBe(400);
  });

  it('rotates refresh tokens: the new pair works, the old refresh token is refused', async () => {
    const client = new OAuthTokenClient(null, 'emulator-public-app', {
      baseUrl: emulator.identityUrl,
      logger: silentLogger,
    });
    const [verifier, challenge] = client.generateS256PkceParams();
    const approved = await authorize({
      client_id: 'emulator-public-app',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'read write',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const first = await client.getNewTokenFromCodeWithPkce(code, 'read write', REDIRECT, verifier);
    const second = await client.getRefreshedToken(first.refresh_token!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    await expect(client.getRefreshedToken(first.refresh_token!)).rejects.toBeInstanceOf(HttpError);
    await expect(client.getRefreshedToken(second.refresh_token!)).resolves.toMatchObject({ scope: 'read write' });
  });

  it('answers 401 for a revoked token before its expiry, one at a time or all at once', async () => {
    clock += 3000; // every earlier token expires
    const oauth = new OAuthTokenClient('emulator-app-secret', 'emulator-app', { baseUrl: emulator.identityUrl });
    const one = await oauth.getScopedAppToken(SCOPE);
    const revoked = await call(emulator, 'POST', '/oauth/revoke', {
      ...form({ client_id: 'emulator-app', client_secret: 'emulator-app-secret', token: one.access_token }),
    });
    expect(revoked.status).toBe(200);
    expect((await call(emulator, 'GET', '/users', { bearer: one.access_token })).status).toBe(401);
    const two = await oauth.getScopedAppToken(SCOPE);
    expect(emulator.revokeOAuthTokens()).toBe(1);
    expect((await call(emulator, 'GET', '/users', { bearer: two.access_token })).status).toBe(401);
  });

  it('refuses a public client asking for client_credentials before any request', async () => {
    const client = new OAuthTokenClient(null, 'emulator-public-app', { baseUrl: emulator.identityUrl });
    emulator.clearRequests();
    await expect(client.getScopedAppToken(SCOPE)).rejects.toThrow(/public client .* client_credentials/);
    expect(emulator.requests).toHaveLength(0);
    expect(() => new OAuthTokenClient('', 'emulator-app')).toThrow(/pass null for a public client/);
  });
});
