/**
 * CORS for browser tests (`cors: true`): a page on another origin may call the emulator,
 * send the headers the library sends, and read the headers the library reads.
 *
 * @module
 */

/**
 * The request headers a page may send: those PagerDuty's API allows, and those of MCP and SSE. The same
 * list as the library's `BROWSER_REQUEST_HEADERS` (a test keeps them equal): written out here so that the
 * emulator's bundle shares no module with the root entry's.
 */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
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
];

/** The answer headers a page may read besides the CORS-safelisted ones: those the library reads. */
export const CORS_EXPOSED_HEADERS: readonly string[] = [
  'Mcp-Session-Id',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-request-id',
  'Retry-After',
  // The challenge of /mcp in its OAuth mode, where a page's McpOAuth finds the resource metadata.
  'WWW-Authenticate',
];

export const CORS_ALLOWED_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

// The request's own origin is echoed (with Vary, so that a cache keeps one answer per origin); without one, any.
function allowOrigin(origin: string | undefined): Record<string, string> {
  return origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { 'Access-Control-Allow-Origin': '*' };
}

/** The headers added to every answer. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  return { ...allowOrigin(origin), 'Access-Control-Expose-Headers': CORS_EXPOSED_HEADERS.join(', ') };
}

/**
 * The headers of the `204` answer to a preflight. A page served from a public address that
 * calls loopback asks for private network access too (Chromium), and gets it.
 */
export function preflightHeaders(origin: string | undefined, privateNetwork: boolean): Record<string, string> {
  return {
    ...allowOrigin(origin),
    'Access-Control-Allow-Methods': CORS_ALLOWED_METHODS.join(', '),
    'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
    ...(privateNetwork ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
  };
}
