import { createHash } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_CALLBACK_PORT, pkceLogin, readRedirect } from '../../examples/oauth-pkce-login.js';
import { readFileSync } from 'node:fs';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

const CLIENT_ID = 'example-client';
const CLIENT_SECRET = 'example-secret-0000';

/**
 * A loopback stand-in for the identity service: `/oauth/authorize` redirects with a code
 * (remembering the PKCE challenge), `/oauth/token` checks the verifier against it.
 */
async function identityStandIn(): Promise<{ url: string; exchanges: Record<string, string>[]; server: http.Server }> {
  const challenges = new Map<string, { challenge: string; redirectUri: string }>();
  const exchanges: Record<string, string>[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const q = url.searchParams;
      if (
        q.get('client_id') !== CLIENT_ID ||
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256'
      ) {
        res.writeHead(400).end('bad authorize request');
        return;
      }
      const code = `code-${challenges.size + 1}`;
      challenges.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri: q.get('redirect_uri') ?? '' });
      const target = new URL(q.get('redirect_uri') ?? '');
      target.searchParams.set('code', code);
      target.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { Location: target.toString() }).end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      let body = '';
      req.on('data', (part: Buffer) => (body += part.toString()));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        exchanges.push(form);
        const issued = challenges.get(form.code);
        const verified =
          issued !== undefined &&
          form.client_secret === CLIENT_SECRET &&
          form.redirect_uri === issued.redirectUri &&
          createHash('sha256')
            .update(form.code_verifier ?? '')
            .digest('base64url') === issued.challenge;
        res.writeHead(verified ? 200 : 400, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify(
            verified
              ? { access_token: 'user-access', refresh_token: 'user-refresh', token_type: 'bearer', expires_in: 3600 }
              : { error: 'invalid_grant' },
          ),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exchanges, server };
}

/** A "browser": follows the authorize URL's redirect to the callback, returns the callback's status. */
function browse(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        res.resume();
        if (res.statusCode === 302 && res.headers.location) browse(res.headers.location).then(resolve, reject);
        else resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

const servers: http.Server[] = [];

beforeAll(realSockets);

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close();
    await once(server, 'close');
  }
});

describe('examples/oauth-pkce-login', () => {
  it('runs the whole code grant with PKCE against a loopback identity stand-in', async () => {
    const identity = await identityStandIn();
    servers.push(identity.server);
    const callbackStatuses: number[] = [];
    const token = await pkceLogin({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      scope: 'read write',
      port: 0,
      identityUrl: identity.url,
      clientOptions: instantRetries,
      openAuthorizeUrl: async (url) => {
        expect(url.startsWith(`${identity.url}/oauth/authorize?`)).toBe(true);
        callbackStatuses.push(await browse(url));
      },
    });
    expect(token).toMatchObject({ access_token: 'user-access', refresh_token: 'user-refresh', expires_in: 3600 });
    expect(token.expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(identity.exchanges).toHaveLength(1);
    expect(identity.exchanges[0]).toMatchObject({
      grant_type: 'authorization_code',
      code: 'code-1',
      scope: 'read write',
    });
    expect(identity.exchanges[0].code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callbackStatuses).toEqual([200]);
  });

  it('fails when the identity service redirects with an error', async () => {
    await expect(
      pkceLogin({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        scope: 'read',
        port: 0,
        identityUrl: 'http://127.0.0.1:1',
        openAuthorizeUrl: async (url) => {
          const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
          await browse(`${redirectUri}?error=access_denied&error_description=user+said+no`);
        },
      }),
    ).rejects.toThrow('sign-in failed: access_denied: user said no');
  });
});

describe('readRedirect', () => {
  it('gives the code when the state matches', () => {
    expect(readRedirect('/callback?code=abc&state=s1', 's1')).toEqual({ code: 'abc' });
  });

  it('refuses a state that does not match, a missing code, and reports errors', () => {
    expect(readRedirect('/callback?code=abc&state=other', 's1')).toEqual({
      error: 'the state parameter does not match this sign-in',
    });
    expect(readRedirect('/callback?state=s1', 's1')).toEqual({ error: 'the redirect carried no code' });
    expect(readRedirect('/callback?error=access_denied', 's1')).toEqual({ error: 'access_denied' });
  });
});

describe('the redirect port', () => {
  it('is not a port the examples README gives the emulator, so that both run at once', () => {
    const readme = readFileSync('examples/README.md', 'utf8');
    const emulatorPorts = [...readme.matchAll(/emulator --port (\d+)/g)].map((match) => Number(match[1]));
    expect(emulatorPorts.length).toBeGreaterThan(0);
    expect(emulatorPorts).not.toContain(DEFAULT_CALLBACK_PORT);
  });
});
