import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { authorizeUrl, createPkcePair, main, type PageContext } from '../../examples/browser-pkce-login.js';
import { realSockets } from '../helpers/test-kit.js';

let emulator: Emulator;
beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({ seedUsers: 7 });
});
afterAll(async () => {
  await emulator.close();
});

// The flow runs as in a page: a window with a document makes the clients apply the browser rules.
const page = globalThis as { window?: unknown };
beforeEach(() => {
  page.window = { document: {} };
});
afterEach(() => {
  delete page.window;
});

function pageAt(
  href: string,
  stored: Map<string, string>,
  exchanges: URLSearchParams[],
): PageContext & { went: string[] } {
  const went: string[] = [];
  return {
    went,
    location: { href, assign: (url) => went.push(url) },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
    // The identity service's token endpoint: checks the verifier against the challenge of the sign-in.
    fetch: (async (_url: string, init: { body: URLSearchParams }) => {
      exchanges.push(init.body);
      return new Response(JSON.stringify({ access_token: emulator.keys.users[0].key, token_type: 'bearer' }), {
        status: 200,
      });
    }) as unknown as typeof fetch,
  };
}

describe('examples/browser-pkce-login', () => {
  const options = { clientId: 'spa-client', scope: 'read', redirectUri: 'https://app.example/callback' };

  it('makes an S256 pair: the challenge is the SHA-256 of the verifier', async () => {
    const { verifier, challenge } = await createPkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('sends the user to sign in, then trades the code (no secret) for a token that reads the users', async () => {
    const stored = new Map<string, string>();
    const exchanges: URLSearchParams[] = [];
    const first = pageAt('https://app.example/', stored, exchanges);
    expect(await main({ ...options, apiUrl: emulator.url }, first)).toBeUndefined();
    const signIn = new URL(first.went[0]);
    expect(signIn.origin + signIn.pathname).toBe('https://identity.pagerduty.com/oauth/authorize');
    const challenge = signIn.searchParams.get('code_challenge');

    const back = pageAt('https://app.example/callback?code=the-code', stored, exchanges);
    const users = await main({ ...options, apiUrl: emulator.url }, back);
    expect(users?.length).toBe(5);
    const form = Object.fromEntries(exchanges[0]);
    expect(form).toMatchObject({ grant_type: 'authorization_code', code: 'the-code', client_id: 'spa-client' });
    expect(form).not.toHaveProperty('client_secret');
    expect(createHash('sha256').update(form.code_verifier).digest('base64url')).toBe(challenge);
    expect(stored.size).toBe(0);
  });

  it('puts the challenge and its method in the sign-in URL', () => {
    const url = new URL(authorizeUrl(options, 'abc'));
    expect(url.searchParams.get('code_challenge')).toBe('abc');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('response_type')).toBe('code');
  });
});
