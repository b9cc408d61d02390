import { seams, instantSleep, recordingLogger } from '../../helpers/test-kit.js';
import { inspect } from 'node:util';
import { describe, expect, it, jest } from '@jest/globals';
import nock from 'nock';
import { HttpError, HttpServerError, UrlError } from '../../../src/core/errors/error-classes.js';
import { datetimeToRelativeSeconds } from '../../../src/core/oauth/token-response.js';
import { OAuthTokenClient } from '../../../src/core/oauth/oauth-token-client.js';

const IDENTITY = 'https://identity.pagerduty.com';
const SECRET = 'pdcs_clientsecret_XYZW';
const CLIENT_ID = 'client-id-123';
const NOW = Date.parse('2030-01-01T00:00:00Z');
const RFC_OCTETS = Uint8Array.from([
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214, 191, 240, 91,
  88, 5, 88, 83, 132, 141, 121,
]);
const base = { ...seams({ sleep: instantSleep }), now: () => NOW };
const tokenReply = { access_token: 'new-access', refresh_token: 'new-refresh', token_type: 'bearer', expires_in: 3600 };

/** Captures the form body and headers of the next token request. */
function expectTokenRequest(
  reply: object = tokenReply,
  status = 200,
): { form?: URLSearchParams; headers?: Record<string, unknown> } {
  const seen: { form?: URLSearchParams; headers?: Record<string, unknown> } = {};
  nock(IDENTITY)
    .post('/oauth/token')
    .reply(function (_uri, body) {
      seen.form = new URLSearchParams(String(body));
      seen.headers = this.req.headers;
      return [status, reply];
    });
  return seen;
}

describe('OAuthTokenClient construction', () => {
  it("talks to the identity service, POST only, with the specification's early refresh buffer of a day", async () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    expect(client.url).toBe(IDENTITY);
    expect(client.clientId).toBe(CLIENT_ID);
    expect(client.earlyRefreshBuffer).toBe(86400);
    expect(client.permittedMethods).toEqual(['POST']);
    await expect(client.get('/oauth/token')).rejects.toBeInstanceOf(UrlError);
    client.close();
  });

  it('takes earlyRefreshBuffer and baseUrl options, and validates the buffer', () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, {
      ...base,
      earlyRefreshBuffer: 600,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(client.earlyRefreshBuffer).toBe(600);
    expect(client.url).toBe('http://127.0.0.1:9');
    client.earlyRefreshBuffer = 7200;
    expect(client.earlyRefreshBuffer).toBe(7200);
    expect(() => (client.earlyRefreshBuffer = 0)).toThrow(RangeError);
    expect(() => (client.earlyRefreshBuffer = 1.5)).toThrow(RangeError);
    expect(() => (client.earlyRefreshBuffer = Number('x'))).toThrow(TypeError);
    expect(() => new OAuthTokenClient(SECRET, CLIENT_ID, { earlyRefreshBuffer: -1 })).toThrow(RangeError);
    expect(() => new OAuthTokenClient(SECRET, '')).toThrow(TypeError);
    expect(() => new OAuthTokenClient('', CLIENT_ID)).toThrow(TypeError);
    client.close();
  });
});

describe('OAuthTokenClient authorize URLs and PKCE', () => {
  it('builds the authorize URL from the client id, scope and redirect URI', () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const url = new URL(client.authorizeUrl('read write', 'http://127.0.0.1:8080/callback'));
    expect(`${url.origin}${url.pathname}`).toBe(`${IDENTITY}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: 'http://127.0.0.1:8080/callback',
      response_type: 'code',
      scope: 'read write',
    });
    expect(url.toString()).not.toContain(SECRET);
    client.close();
  });

  it('adds the S256 challenge to the PKCE authorize URL', () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const url = new URL(client.getPkceAuthorizeUrl('read', 'https://app.example/cb', 'CHALLENGE'));
    expect(url.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge')).toBe('CHALLENGE');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    client.close();
  });

  it('generates the PKCE pair from the injected random source (RFC 7636 appendix B)', () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, { ...base, randomBytes: () => RFC_OCTETS });
    expect(client.generateS256PkceParams()).toEqual([
      'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    ]);
    client.close();
  });

  it('generates a fresh 43-character verifier by default', () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const [verifier] = client.generateS256PkceParams();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.generateS256PkceParams()[0]).not.toBe(verifier);
    client.close();
  });
});

describe('OAuthTokenClient token requests', () => {
  it('exchanges a code: form-encoded POST with grant_type, code, scope, redirect_uri and the credentials', async () => {
    const seen = expectTokenRequest();
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const token = await client.getNewTokenFromCode('the-code', 'read', 'https://app.example/cb');
    expect(Object.fromEntries(seen.form ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      scope: 'read',
      redirect_uri: 'https://app.example/cb',
      client_id: CLIENT_ID,
      client_secret: SECRET,
    });
    expect(seen.headers?.['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen.headers?.authorization).toBeUndefined();
    expect(token).toEqual({ ...tokenReply, expiration_date: '2030-01-01T01:00:00Z' });
    client.close();
  });

  it('exchanges a code with PKCE, sending the code verifier', async () => {
    const seen = expectTokenRequest();
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const token = await client.getNewTokenFromCodeWithPkce('c0de', 'read', 'https://app.example/cb', 'verifier-43');
    expect(seen.form?.get('grant_type')).toBe('authorization_code');
    expect(seen.form?.get('code')).toBe('c0de');
    expect(seen.form?.get('code_verifier')).toBe('verifier-43');
    expect(seen.form?.get('redirect_uri')).toBe('https://app.example/cb');
    expect(token.expiration_date).toBe('2030-01-01T01:00:00Z');
    client.close();
  });

  it('refreshes with grant_type refresh_token', async () => {
    const seen = expectTokenRequest();
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const token = await client.getRefreshedToken('old-refresh');
    expect(Object.fromEntries(seen.form ?? [])).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'old-refresh',
      client_id: CLIENT_ID,
      client_secret: SECRET,
    });
    expect(token.access_token).toBe('new-access');
    client.close();
  });

  it('gets a scoped app token with the client-credentials grant', async () => {
    const seen = expectTokenRequest({
      access_token: 'app-token',
      token_type: 'bearer',
      expires_in: 86400,
      scope: 'services.read',
    });
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const token = await client.getScopedAppToken('as_account-us.acme services.read');
    expect(Object.fromEntries(seen.form ?? [])).toEqual({
      grant_type: 'client_credentials',
      scope: 'as_account-us.acme services.read',
      client_id: CLIENT_ID,
      client_secret: SECRET,
    });
    expect(token).toMatchObject({ access_token: 'app-token', expiration_date: '2030-01-02T00:00:00Z' });
    expect(token.refresh_token).toBeUndefined();
    client.close();
  });

  it('sends fields through getNewToken as given', async () => {
    const seen = expectTokenRequest();
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    await client.getNewToken({ grant_type: 'urn:custom', extra: 'x y' });
    expect(seen.form?.get('grant_type')).toBe('urn:custom');
    expect(seen.form?.get('extra')).toBe('x y');
    client.close();
  });

  it('throws HttpServerError for a response without expires_in, without quoting the token', async () => {
    expectTokenRequest({ access_token: 'leaky-access-token', token_type: 'bearer' });
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const error = (await client.getScopedAppToken('read').catch((err: unknown) => err)) as HttpServerError;
    expect(error).toBeInstanceOf(HttpServerError);
    expect(error.status).toBe(200);
    expect(error.message).toContain('"expires_in"');
    expect(error.message).not.toContain('leaky-access-token');
    expect(error.body).toContain('leaky-access-token');
    client.close();
  });

  it('throws HttpServerError for a body that is not JSON', async () => {
    nock(IDENTITY).post('/oauth/token').reply(200, 'access_token=abc');
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    await expect(client.getRefreshedToken('r')).rejects.toThrow(HttpServerError);
    client.close();
  });

  it('throws HttpError when the service refuses the grant', async () => {
    expectTokenRequest({ error: 'invalid_grant', error_description: 'bad code' }, 400);
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const error = (await client
      .getNewTokenFromCode('bad', 'read', 'https://app.example/cb')
      .catch((err: unknown) => err)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(HttpServerError);
    expect(error.status).toBe(400);
    expect(error.message).toContain('invalid_grant');
    client.close();
  });
});

describe('OAuthTokenClient keeps the client secret secret', () => {
  it('out of JSON.stringify and util.inspect of the client', () => {
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    expect(JSON.stringify(client)).not.toContain(SECRET);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(SECRET);
    expect(client.redactedSecret).toBe('*XYZW');
    client.close();
  });

  it('out of error messages and bodies, even when the service echoes it', async () => {
    nock(IDENTITY).post('/oauth/token').reply(401, `invalid client_secret=${SECRET}`);
    nock(IDENTITY).post('/oauth/token').reply(400, `invalid client_secret=${SECRET}`);
    const client = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    for (let i = 0; i < 2; i += 1) {
      const error = (await client.getScopedAppToken('read').catch((err: unknown) => err)) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.message).toContain('*XYZW');
      expect(error.message).not.toContain(SECRET);
      expect(error.body).not.toContain(SECRET);
      expect(JSON.stringify(error)).not.toContain(SECRET);
      expect(inspect(error)).not.toContain(SECRET);
    }
    client.close();
  });

  it('out of the debug output, through a logger or printed to standard error', async () => {
    const logger = recordingLogger();
    const lines = logger.lines.all;
    nock(IDENTITY).post('/oauth/token').reply(503, 'busy').post('/oauth/token').reply(200, tokenReply);
    const withLogger = new OAuthTokenClient(SECRET, CLIENT_ID, { ...base, logger, retry: { 503: 1 } });
    await withLogger.getScopedAppToken('read');
    expect(lines.length).toBe(2); // the retry, once (warn), and the last attempt (debug)
    expect(lines.join('\n')).toContain('/oauth/token');
    expect(lines.join('\n')).not.toContain(SECRET);
    withLogger.close();

    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      nock(IDENTITY).post('/oauth/token').reply(200, tokenReply);
      const printing = new OAuthTokenClient(SECRET, CLIENT_ID, { ...base, debug: true });
      await printing.getRefreshedToken('r');
      printing.close();
    } finally {
      spy.mockRestore();
    }
    expect(written.join('')).toContain(
      'DEBUG OAuthTokenClient: POST https://identity.pagerduty.com/oauth/token -> 200',
    );
    expect(written.join('')).not.toContain(SECRET);
  });
});

describe('OAuthTokenClient.refreshClient', () => {
  const DAY = 86400;
  const at = (seconds: number): string => new Date(NOW + seconds * 1000).toISOString();

  /** The Authorization header a REST client sends, and the base URL it sends it to. */
  async function authorizationOf(client: { get(url: string): Promise<unknown>; url: string }): Promise<unknown> {
    let header: unknown;
    nock(client.url)
      .get('/users/me')
      .reply(function () {
        header = this.req.headers.authorization;
        return [200, { user: { id: 'PME' } }];
      });
    await client.get('/users/me');
    return header;
  }

  it('keeps the current token when at least earlyRefreshBuffer seconds remain', async () => {
    const oauth = new OAuthTokenClient(SECRET, CLIENT_ID, { ...base, earlyRefreshBuffer: 3600 });
    // A scoped user token an hour after it was issued, with a buffer of an hour: no refresh.
    const [client, refreshed] = await oauth.refreshClient('current-access', 'refresh', at(DAY - 3600));
    expect(refreshed).toBeNull();
    expect(client.url).toBe('https://api.pagerduty.com');
    expect(await authorizationOf(client)).toBe('Bearer current-access');
    expect(nock.pendingMocks()).toEqual([]);
    client.close();
    oauth.close();
  });

  it('refreshes when fewer than earlyRefreshBuffer seconds remain, and returns the new response', async () => {
    const seen = expectTokenRequest();
    const oauth = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    const [client, refreshed] = await oauth.refreshClient('current-access', 'old-refresh', at(3599));
    expect(seen.form?.get('grant_type')).toBe('refresh_token');
    expect(seen.form?.get('refresh_token')).toBe('old-refresh');
    expect(refreshed).toEqual({ ...tokenReply, expiration_date: at(3600).replace('.000Z', 'Z') });
    expect(await authorizationOf(client)).toBe('Bearer new-access');
    client.close();
    oauth.close();
  });

  it('refreshes an expired token, honours a changed buffer, and passes options to the REST client', async () => {
    expectTokenRequest();
    const oauth = new OAuthTokenClient(SECRET, CLIENT_ID, { ...base, earlyRefreshBuffer: 60 });
    const [kept] = await oauth.refreshClient('a', 'r', at(61));
    const [client, refreshed] = await oauth.refreshClient('a', 'r', at(-5), {
      baseUrl: 'https://api.eu.pagerduty.com',
      ...seams({ sleep: instantSleep }),
    });
    expect(refreshed?.access_token).toBe('new-access');
    expect(client.url).toBe('https://api.eu.pagerduty.com');
    expect(await authorizationOf(kept)).toBe('Bearer a');
    expect(await authorizationOf(client)).toBe('Bearer new-access');
    kept.close();
    client.close();
    oauth.close();
  });

  it('refuses an expiration date that is not ISO 8601 with an offset', async () => {
    const oauth = new OAuthTokenClient(SECRET, CLIENT_ID, base);
    await expect(oauth.refreshClient('a', 'r', 'next tuesday')).rejects.toThrow(RangeError);
    oauth.close();
  });

  it('exports datetimeToRelativeSeconds, which refreshClient measures with', () => {
    expect(datetimeToRelativeSeconds(at(DAY), NOW)).toBe(DAY);
  });
});
