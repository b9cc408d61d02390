/**
 * Signs a user in from a single-page app with the OAuth code grant and PKCE, then calls the
 * REST API as that user: no API key and no client secret in the page, only the user's own
 * OAuth token (a page that held a key would refuse it without `dangerouslyAllowBrowser`).
 *
 * Bundle it into your page (esbuild, Vite, webpack: the package's `browser` condition picks
 * the global `fetch`), register the page's URL as a redirect URI of a PagerDuty app that uses
 * PKCE, and call {@link main} when the page loads: the first visit goes to PagerDuty's sign-in,
 * the redirect back exchanges the code and lists the first users.
 *
 * The verifier waits in `sessionStorage` while the user signs in: it is useless without the
 * code, which only the redirect carries, and it is removed once used.
 *
 * @module
 */
import { RestApiV2Client, type User } from 'pagerduty-client';

const IDENTITY_URL = 'https://identity.pagerduty.com';
const VERIFIER_KEY = 'pagerduty-pkce-verifier';

/** The app and where PagerDuty sends the user back. */
export interface BrowserLoginOptions {
  /** The app's client id (not a secret). */
  clientId: string;
  /** The scopes to ask for, space-separated. */
  scope: string;
  /** The page's URL, registered as a redirect URI of the app. */
  redirectUri: string;
  /** The identity service. @default 'https://identity.pagerduty.com' */
  identityUrl?: string;
  /** The REST API. @default 'https://api.pagerduty.com' */
  apiUrl?: string;
}

/** The page's storage and navigation, passed in so that the flow runs outside a page too (its test). */
export interface PageContext {
  readonly location: { readonly href: string; assign(url: string): void };
  readonly storage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
  readonly fetch: typeof fetch;
}

/** The page this runs in (its `location` and `sessionStorage`). */
function currentPage(): PageContext {
  const page = globalThis as unknown as Pick<PageContext, 'location'> & { sessionStorage: PageContext['storage'] };
  return { location: page.location, storage: page.sessionStorage, fetch: globalThis.fetch.bind(globalThis) };
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** A PKCE pair from Web Crypto: 32 random bytes as the verifier, its SHA-256 as the challenge (RFC 7636, S256). */
export async function createPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64Url(new Uint8Array(digest)) };
}

/** The sign-in URL of the code grant with the PKCE challenge. */
export function authorizeUrl(options: BrowserLoginOptions, challenge: string): string {
  const query = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: 'code',
    scope: options.scope,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${options.identityUrl ?? IDENTITY_URL}/oauth/authorize?${query}`;
}

/** Exchanges the redirect's code (with the verifier, and no client secret) for the user's access token. */
export async function exchangeCode(
  options: BrowserLoginOptions,
  code: string,
  verifier: string,
  send: typeof fetch,
): Promise<string> {
  const response = await send(`${options.identityUrl ?? IDENTITY_URL}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: options.clientId,
      code,
      redirect_uri: options.redirectUri,
      code_verifier: verifier,
    }),
  });
  const token = (await response.json()) as { access_token?: string; error?: string };
  if (!response.ok || token.access_token === undefined)
    throw new Error(`the token exchange failed: ${token.error ?? response.status}`);
  return token.access_token;
}

/**
 * Goes to the sign-in (first visit: resolves with `undefined`), or, on the redirect back,
 * exchanges the code and returns the first users, read with the user's token.
 */
export async function main(
  options: BrowserLoginOptions,
  page: PageContext = currentPage(),
): Promise<User[] | undefined> {
  const code = new URL(page.location.href).searchParams.get('code');
  const verifier = page.storage.getItem(VERIFIER_KEY);
  if (code === null || verifier === null) {
    const pair = await createPkcePair();
    page.storage.setItem(VERIFIER_KEY, pair.verifier);
    page.location.assign(authorizeUrl(options, pair.challenge));
    return undefined;
  }
  page.storage.removeItem(VERIFIER_KEY);
  const accessToken = await exchangeCode(options, code, verifier, page.fetch);
  // A bearer token needs no opt-in in a browser; the client sends only the headers PagerDuty's CORS allows.
  const client = new RestApiV2Client(accessToken, { authType: 'bearer', baseUrl: options.apiUrl });
  const users: User[] = [];
  try {
    for await (const user of client.iterAll('/users')) {
      users.push(user);
      if (users.length === 5) break;
    }
  } finally {
    client.close();
  }
  return users;
}
