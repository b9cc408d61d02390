// Managed OAuth tokens against the emulator's identity service with 2-second tokens, on one injected clock
// (the emulator's and the providers'): nothing sleeps, and five token lifetimes pass in a few dozen calls.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { OAuthTokenClient } from '../../../src/core/oauth/oauth-token-client.js';
import { clientCredentialsTokenProvider } from '../../../src/core/oauth/client-credentials-token-provider.js';
import { refreshTokenProvider } from '../../../src/core/oauth/refresh-token-provider.js';
import { FileTokenStore } from '../../../src/core/oauth/file-token-store.js';
import { OAuthGrantError } from '../../../src/core/oauth/oauth-grant-error.js';
import type { OAuthTokenResponse } from '../../../src/core/oauth/token-response.js';
import { silentLogger } from '../../../src/core/logging.js';
import { instantRetries, realSockets } from '../../helpers/test-kit.js';

const LIFETIME = 2;
const SCOPE = 'as_account-us.emulator incidents.read';
const STEP_MS = 250;
const LIFETIMES = 5;
let emulator: Emulator;
let clock = Date.parse('2030-01-01T00:00:00Z');
const now = (): number => clock;

beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({ seedIncidents: 3, tokenLifetime: LIFETIME, now: () => new Date(clock) });
});
afterAll(() => emulator.close());
beforeEach(() => {
  // Every earlier token has expired; on a whole second, as `expiration_date` is.
  clock = Math.ceil((clock + 60_000) / 1000) * 1000;
  emulator.clearRequests();
});

const tokenRequests = (): number => emulator.requests.filter((request) => request.path === '/oauth/token').length;
const refusedCalls = (): number =>
  emulator.requests.filter((request) => request.path !== '/oauth/token' && request.status === 401).length;

function appProvider(options: Partial<Parameters<typeof clientCredentialsTokenProvider>[0]> = {}) {
  return clientCredentialsTokenProvider({
    clientId: 'emulator-app',
    clientSecret: 'emulator-app-secret',
    scope: SCOPE,
    now,
    oauthOptions: { baseUrl: emulator.identityUrl, logger: silentLogger },
    ...options,
  });
}

/** Calls `call` every 250 ms of the clock for five token lifetimes; the number of calls that failed. */
async function throughFiveLifetimes(call: () => Promise<unknown>): Promise<{ calls: number; failed: number }> {
  let calls = 0;
  let failed = 0;
  for (let elapsed = 0; elapsed < LIFETIMES * LIFETIME * 1000; elapsed += STEP_MS) {
    calls += 1;
    await call().catch(() => (failed += 1));
    clock += STEP_MS;
  }
  return { calls, failed };
}

describe('clientCredentialsTokenProvider against the emulator', () => {
  it('keeps a REST client working for five token lifetimes: 0 failed calls, one token request each', async () => {
    const client = new RestApiV2Client(appProvider(), { baseUrl: emulator.url, ...instantRetries });
    const outcome = await throughFiveLifetimes(() => client.rget('/users', { params: { limit: 1 } }));
    expect(outcome).toEqual({ calls: 40, failed: 0 });
    expect(tokenRequests()).toBe(LIFETIMES);
    expect(refusedCalls()).toBe(0);
  });

  it('keeps an MCP client working for five token lifetimes: 0 failed calls, one token request each', async () => {
    const mcp = new McpApiClient(appProvider(), { baseUrl: emulator.url, ...instantRetries });
    const outcome = await throughFiveLifetimes(() => mcp.callTool('list_incidents', { query_model: { limit: 1 } }));
    expect(outcome).toEqual({ calls: 40, failed: 0 });
    expect(tokenRequests()).toBe(LIFETIMES);
    expect(refusedCalls()).toBe(0);
    await mcp.close();
  });

  it('shares one token request among concurrent calls', async () => {
    const client = new RestApiV2Client(appProvider(), { baseUrl: emulator.url, ...instantRetries });
    const users = await Promise.all(Array.from({ length: 10 }, () => client.rget('/users', { params: { limit: 1 } })));
    expect(users).toHaveLength(10);
    expect(tokenRequests()).toBe(1);
  });

  it('renews a token revoked before its expiry once, and the call succeeds', async () => {
    const provider = appProvider();
    const client = new RestApiV2Client(provider, { baseUrl: emulator.url, ...instantRetries, logger: silentLogger });
    await client.rget('/users', { params: { limit: 1 } });
    expect(emulator.revokeOAuthTokens()).toBe(1);
    clock += 500; // well before the expiry
    await expect(client.rget('/users', { params: { limit: 1 } })).resolves.toBeDefined();
    expect(tokenRequests()).toBe(2);
    expect(refusedCalls()).toBe(1);
  });

  it('fails fast on a refused client secret with a typed error and one token request, then none', async () => {
    const provider = appProvider({ clientSecret: 'wrong-secret-1234' });
    const client = new RestApiV2Client(provider, { baseUrl: emulator.url, ...instantRetries, logger: silentLogger });
    const failure = await client.rget('/users').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OAuthGrantError);
    expect(failure).toMatchObject({ code: 'invalid_client', status: 401 });
    expect(String((failure as Error).message)).not.toContain('wrong-secret-1234');
    await expect(client.rget('/users')).rejects.toBe(failure);
    expect(tokenRequests()).toBe(1);
  });

  it('refuses a scope without the account as invalid_scope, before any REST call', async () => {
    const client = new RestApiV2Client(appProvider({ scope: 'incidents.read' }), { baseUrl: emulator.url });
    await expect(client.rget('/users')).rejects.toMatchObject({ name: 'OAuthGrantError', code: 'invalid_scope' });
    expect(emulator.requests.map((request) => request.path)).toEqual(['/oauth/token']);
  });

  describe('sharing a FileTokenStore', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'pd-tokens-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('two providers (as two processes would) make one token request per lifetime between them', async () => {
      const file = path.join(dir, 'tokens.json');
      const clients = [0, 1].map(
        () =>
          new RestApiV2Client(appProvider({ store: new FileTokenStore(file, now) }), {
            baseUrl: emulator.url,
            ...instantRetries,
          }),
      );
      let turn = 0;
      const outcome = await throughFiveLifetimes(() => clients[turn++ % 2].rget('/users', { params: { limit: 1 } }));
      expect(outcome.failed).toBe(0);
      expect(tokenRequests()).toBe(LIFETIMES);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });
  });
});

describe('refreshTokenProvider against the emulator', () => {
  async function userTokens(): Promise<OAuthTokenResponse> {
    const cli = new OAuthTokenClient(null, 'emulator-public-app', { baseUrl: emulator.identityUrl, now });
    const [verifier, challenge] = cli.generateS256PkceParams();
    const redirect = 'http://127.0.0.1:9/callback';
    const approved = await fetch(
      `${cli.getPkceAuthorizeUrl('read write', redirect, challenge)}`.replace(
        /^[^?]+/,
        `${emulator.identityUrl}/oauth/authorize`,
      ),
      { redirect: 'manual' },
    );
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    return cli.getNewTokenFromCodeWithPkce(code, 'read write', redirect, verifier);
  }

  it('renews in place for five lifetimes, each rotated refresh token handed to onTokens', async () => {
    const first = await userTokens();
    emulator.clearRequests();
    const handed: OAuthTokenResponse[] = [];
    const provider = refreshTokenProvider({
      clientId: 'emulator-public-app',
      refreshToken: first.refresh_token!,
      accessToken: first.access_token,
      expiresAt: first.expiration_date,
      onTokens: (tokens) => void handed.push(tokens),
      now,
      oauthOptions: { baseUrl: emulator.identityUrl, logger: silentLogger },
    });
    const client = new RestApiV2Client(provider, { baseUrl: emulator.url, ...instantRetries });
    const outcome = await throughFiveLifetimes(() => client.rget('/users', { params: { limit: 1 } }));
    expect(outcome.failed).toBe(0);
    // The first lifetime runs on the token handed over; each later one on a refresh.
    expect(tokenRequests()).toBe(LIFETIMES - 1);
    expect(handed).toHaveLength(LIFETIMES - 1);
    const refreshTokens = [first.refresh_token, ...handed.map((tokens) => tokens.refresh_token)];
    expect(new Set(refreshTokens).size).toBe(LIFETIMES);
  });

  it('refreshes at the first call without an access token, and fails for good on a used refresh token', async () => {
    const first = await userTokens();
    const second = await new OAuthTokenClient(null, 'emulator-public-app', {
      baseUrl: emulator.identityUrl,
    }).getRefreshedToken(first.refresh_token!);
    expect(second.access_token).toBeDefined();
    emulator.clearRequests();
    const stale = refreshTokenProvider({
      clientId: 'emulator-public-app',
      refreshToken: first.refresh_token!,
      now,
      oauthOptions: { baseUrl: emulator.identityUrl, logger: silentLogger },
    });
    await expect(stale.getToken()).rejects.toMatchObject({ name: 'OAuthGrantError', code: 'invalid_grant' });
    await expect(stale.getToken()).rejects.toMatchObject({ code: 'invalid_grant' });
    expect(tokenRequests()).toBe(1);
  });
});
