/**
 * Signs a user in with the OAuth code grant and PKCE from a command-line program: a tiny
 * loopback server receives the redirect, reads `code` from its query, and the code is
 * exchanged for tokens.
 *
 * Register `http://127.0.0.1:8765/callback` as a redirect URI of your PagerDuty app, then:
 *
 * ```sh
 * PAGERDUTY_OAUTH_CLIENT_ID=... PAGERDUTY_OAUTH_CLIENT_SECRET=... PAGERDUTY_OAUTH_SCOPE='read' \
 *   npx tsx examples/oauth-pkce-login.ts
 * ```
 *
 * `PAGERDUTY_IDENTITY_URL` points it at another identity service, such as a loopback
 * stand-in (the test of this example runs one); `PAGERDUTY_CALLBACK_PORT` changes the
 * redirect port (8765 by default: not the emulator's 8080, so that both can run at once).
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  OAuthTokenClient,
  RestApiV2Client,
  type OAuthTokenClientOptions,
  type OAuthTokenResponse,
} from 'pagerduty-client';

/** The loopback port of the redirect URI: not 8080, where the examples run the emulator. */
export const DEFAULT_CALLBACK_PORT = 8765;

/** What {@link pkceLogin} (also exported as {@link main}) needs. */
export interface PkceLoginOptions {
  /** The app's client id. */
  clientId: string;
  /** The app's client secret. */
  clientSecret: string;
  /** The scopes to ask for, space-separated. */
  scope: string;
  /** Shows the authorize URL to the user (prints it, or opens a browser). */
  openAuthorizeUrl: (url: string) => void | Promise<void>;
  /** The loopback port of the redirect URI (0: any free port). @default DEFAULT_CALLBACK_PORT (8765) */
  port?: number;
  /** The path of the redirect URI. @default '/callback' */
  callbackPath?: string;
  /** The identity service. @default 'https://identity.pagerduty.com' */
  identityUrl?: string;
  /** How long to wait for the user, in seconds. @default 300 */
  timeoutSeconds?: number;
  /** Further options of the token client. */
  clientOptions?: OAuthTokenClientOptions;
}

/** What the redirect carried: the code, or why there is none. */
export type RedirectOutcome = { code: string } | { error: string };

/**
 * Reads the redirect's query: `code` when `state` matches, else the error the identity
 * service sent (`error`, `error_description`) or the mismatch.
 */
export function readRedirect(requestUrl: string, expectedState: string): RedirectOutcome {
  const query = new URL(requestUrl, 'http://127.0.0.1').searchParams;
  const error = query.get('error');
  if (error) return { error: `${error}${query.get('error_description') ? `: ${query.get('error_description')}` : ''}` };
  if (query.get('state') !== expectedState) return { error: 'the state parameter does not match this sign-in' };
  const code = query.get('code');
  return code ? { code } : { error: 'the redirect carried no code' };
}

/**
 * The whole code grant with PKCE: PKCE pair, authorize URL (with a random `state`),
 * loopback redirect handler, and the code exchange.
 *
 * @returns the token response (`access_token`, `refresh_token`, `expiration_date`, ...)
 */
export async function pkceLogin(options: PkceLoginOptions): Promise<OAuthTokenResponse> {
  const {
    clientId,
    clientSecret,
    scope,
    openAuthorizeUrl,
    port = DEFAULT_CALLBACK_PORT,
    callbackPath = '/callback',
  } = options;
  const baseUrl = options.identityUrl ?? options.clientOptions?.baseUrl;
  const oauth = new OAuthTokenClient(clientSecret, clientId, {
    ...options.clientOptions,
    ...(baseUrl ? { baseUrl } : {}),
  });
  const [codeVerifier, codeChallenge] = oauth.generateS256PkceParams();
  const state = randomBytes(16).toString('base64url');
  const server = http.createServer();
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}${callbackPath}`;
  try {
    const code = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('no sign-in within the time allowed')),
        (options.timeoutSeconds ?? 300) * 1000,
      );
      server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
        if (new URL(request.url ?? '/', 'http://127.0.0.1').pathname !== callbackPath) {
          response.writeHead(404).end();
          return;
        }
        const outcome = readRedirect(request.url ?? '/', state);
        const ok = 'code' in outcome;
        response
          .writeHead(ok ? 200 : 400, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(ok ? 'Signed in. You can close this window.' : `Sign-in failed: ${outcome.error}`);
        clearTimeout(timer);
        if ('code' in outcome) resolve(outcome.code);
        else reject(new Error(`sign-in failed: ${outcome.error}`));
      });
      const authorizeUrl = new URL(oauth.getPkceAuthorizeUrl(scope, redirectUri, codeChallenge));
      authorizeUrl.searchParams.set('state', state);
      Promise.resolve(openAuthorizeUrl(authorizeUrl.toString())).catch((error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
    return await oauth.getNewTokenFromCodeWithPkce(code, scope, redirectUri, codeVerifier);
  } finally {
    server.closeAllConnections();
    server.close();
    oauth.close();
  }
}

/** The sign-in, under the name every example exports. */
export const main = pkceLogin;

async function signInFromEnvironment(): Promise<void> {
  const clientId = process.env.PAGERDUTY_OAUTH_CLIENT_ID;
  const clientSecret = process.env.PAGERDUTY_OAUTH_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    console.error(
      'Set PAGERDUTY_OAUTH_CLIENT_ID and PAGERDUTY_OAUTH_CLIENT_SECRET ' +
        '(and optionally PAGERDUTY_OAUTH_SCOPE, PAGERDUTY_CALLBACK_PORT).',
    );
    process.exitCode = 2;
    return;
  }
  const token = await pkceLogin({
    clientId,
    clientSecret,
    scope: process.env.PAGERDUTY_OAUTH_SCOPE ?? 'read',
    port: Number(process.env.PAGERDUTY_CALLBACK_PORT ?? DEFAULT_CALLBACK_PORT),
    identityUrl: process.env.PAGERDUTY_IDENTITY_URL,
    openAuthorizeUrl: (url) => console.log(`Open this URL in your browser and authorize the app:\n\n  ${url}\n`),
  });
  // Store access_token, refresh_token and expiration_date somewhere safe; never print them.
  console.log(`Signed in; the access token expires at ${token.expiration_date}.`);
  if (!process.env.PAGERDUTY_IDENTITY_URL) {
    await using client = new RestApiV2Client(token.access_token, { authType: 'bearer' });
    const me = await client.rget('/users/me'); // a User, typed from the path
    console.log(`Hello, ${me.name} <${me.email}>.`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  signInFromEnvironment().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
