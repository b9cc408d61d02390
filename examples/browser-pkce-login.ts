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
import { OAuthTokenClient, RestApiV2Client, type User } from 'pagerduty-client';

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

/** The page's address and storage, passed in so that the flow runs outside a page too (its test). */
export interface PageContext {
  readonly location: { readonly href: string; assign(url: string): void };
  readonly storage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
}

/** The page this runs in (its `location` and `sessionStorage`). */
function currentPage(): PageContext {
  const page = globalThis as unknown as Pick<PageContext, 'location'> & { sessionStorage: PageContext['storage'] };
  return { location: page.location, storage: page.sessionStorage };
}

/**
 * Goes to the sign-in (first visit: resolves with `undefined`), or, on the redirect back,
 * exchanges the code and returns the first users, read with the user's token.
 */
export async function main(
  options: BrowserLoginOptions,
  page: PageContext = currentPage(),
): Promise<User[] | undefined> {
  // A public client: `null` for the secret, which a page must never hold.
  await using oauth = new OAuthTokenClient(null, options.clientId, { baseUrl: options.identityUrl });
  const code = new URL(page.location.href).searchParams.get('code');
  const verifier = page.storage.getItem(VERIFIER_KEY);
  if (code === null || verifier === null) {
    const [codeVerifier, codeChallenge] = oauth.generateS256PkceParams();
    page.storage.setItem(VERIFIER_KEY, codeVerifier);
    page.location.assign(oauth.getPkceAuthorizeUrl(options.scope, options.redirectUri, codeChallenge));
    return undefined;
  }
  page.storage.removeItem(VERIFIER_KEY);
  const token = await oauth.getNewTokenFromCodeWithPkce(code, options.scope, options.redirectUri, verifier);
  // A bearer token needs no opt-in in a browser; the client sends only the headers PagerDuty's CORS allows.
  await using client = new RestApiV2Client(token.access_token, { authType: 'bearer', baseUrl: options.apiUrl });
  const users: User[] = [];
  for await (const user of client.iterAll('/users')) {
    users.push(user);
    if (users.length === 5) break;
  }
  return users;
}
