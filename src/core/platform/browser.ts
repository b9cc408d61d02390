// An API key in a page is anyone's who opens the page's sources; an OAuth token from PKCE is the signed-in
// user's own. In a browser, then, key (`Token`) authentication needs an explicit opt-in, and the requests carry
// only the headers PagerDuty's CORS answer lets a page send.
import type { AuthMethod } from '../auth/auth-methods.js';
import type { FetchRequestInit } from './fetch-types.js';
import { isBrowser, type RuntimeGlobals } from './runtime.js';

/**
 * The request headers a page may send: the CORS allow-list of PagerDuty's REST API (as pdjs#351/#352 report it),
 * `Accept` (which every page may send), and the protocol headers of MCP, which only `McpApiClient` sends.
 */
export const BROWSER_REQUEST_HEADERS: readonly string[] = Object.freeze([
  'Accept',
  'Authorization',
  'Content-Type',
  'From',
  'X-EARLY-ACCESS',
  'X-PagerDuty-Api-Local',
  'User-Agent',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'Last-Event-ID',
]);

const ALLOWED = new Set(BROWSER_REQUEST_HEADERS.map((name) => name.toLowerCase()));

/** Where a client runs, and whether its caller allowed a key there. */
export interface BrowserPolicy {
  readonly inBrowser: boolean;
  readonly allowKey: boolean;
}

export function browserPolicy(dangerouslyAllowBrowser: boolean | undefined, globals: RuntimeGlobals): BrowserPolicy {
  return { inBrowser: isBrowser(globals), allowKey: dangerouslyAllowBrowser === true };
}

/** @throws Error for key authentication in a browser without `dangerouslyAllowBrowser: true` */
export function checkBrowserAuth(auth: AuthMethod, policy: BrowserPolicy, client: string): void {
  if (!policy.inBrowser || policy.allowKey || auth.kind !== 'token') return;
  throw new Error(
    `${client} refuses an API key in a browser: anyone who opens the page can read it. Sign the user in ` +
      'with OAuth (PKCE) and use bearer auth, call PagerDuty from a server, or pass ' +
      '`dangerouslyAllowBrowser: true` if the key is meant to be public',
  );
}

/** The request as a page sends it: only the headers of {@link BROWSER_REQUEST_HEADERS}. */
export function browserSafeInit(init: FetchRequestInit, policy: BrowserPolicy): FetchRequestInit {
  if (!policy.inBrowser || init.headers === undefined) return init;
  const headers = Object.fromEntries(Object.entries(init.headers).filter(([name]) => ALLOWED.has(name.toLowerCase())));
  return { ...init, headers };
}
