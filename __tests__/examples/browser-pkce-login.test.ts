import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main, type PageContext } from '../../examples/browser-pkce-login.js';
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

function pageAt(href: string, stored: Map<string, string>): PageContext & { went: string[] } {
  const went: string[] = [];
  return {
    went,
    location: { href, assign: (url) => went.push(url) },
    storage: {
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    },
  };
}

describe('examples/browser-pkce-login', () => {
  const redirectUri = 'https://app.example/callback';
  const options = () => ({
    clientId: 'emulator-public-app',
    scope: 'read',
    redirectUri,
    identityUrl: emulator.identityUrl,
    apiUrl: emulator.url,
  });

  it('signs in with an S256 challenge, then trades the code (no secret) for a token that reads users', async () => {
    const stored = new Map<string, string>();
    const first = pageAt('https://app.example/', stored);
    expect(await main(options(), first)).toBeUndefined();
    const signIn = new URL(first.went[0]);
    expect(signIn.origin + signIn.pathname).toBe(`${emulator.identityUrl}/oauth/authorize`);
    expect(signIn.searchParams.get('code_challenge_method')).toBe('S256');
    expect(signIn.searchParams.get('client_id')).toBe('emulator-public-app');
    expect(signIn.searchParams.has('client_secret')).toBe(false);
    const verifier = stored.get('pagerduty-pkce-verifier') ?? '';
    expect(signIn.searchParams.get('code_challenge')).toBe(createHash('sha256').update(verifier).digest('base64url'));

    // The browser's part: the identity service approves at once and redirects back with the code.
    const approved = await fetch(signIn, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const back = pageAt(approved.headers.get('location') ?? '', stored);
    const users = await main(options(), back);
    expect(users?.map((user) => user.type)).toEqual(['user', 'user', 'user', 'user', 'user']);
    expect(stored.size).toBe(0);
  });

  it("fails with the identity service's refusal when the verifier does not match the challenge", async () => {
    const stored = new Map<string, string>();
    const first = pageAt('https://app.example/', stored);
    await main(options(), first);
    const approved = await fetch(new URL(first.went[0]), { redirect: 'manual' });
    stored.set('pagerduty-pkce-verifier', 'x'.repeat(43));
    await expect(main(options(), pageAt(approved.headers.get('location') ?? '', stored))).rejects.toThrow(
      /invalid_grant/,
    );
  });
});
