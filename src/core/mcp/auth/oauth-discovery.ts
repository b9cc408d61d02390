import type * as oauth from 'oauth4webapi';
import { isLoopbackHost } from '../../request/url.js';
import { PagerDutyError } from '../../errors/error-classes.js';
import { isPlainObject } from '../../plain-object.js';
import { authorizationServerMetadataUrls, protectedResourceMetadataUrls, resourceCovers } from './metadata-urls.js';

/** oauth4webapi, the protocol library behind `McpOAuth`. */
export type OAuthLibrary = typeof oauth;

// Loaded on the first authorization, not with the package: `import('pagerduty-client')` stays quick.
export function loadOAuthLibrary(): Promise<OAuthLibrary> {
  return import('oauth4webapi');
}

/** What the MCP server says of itself as a protected resource (RFC 9728). */
export interface ResourceMetadata {
  readonly resource: string;
  readonly authorizationServers: readonly string[];
  readonly scopesSupported?: readonly string[];
}

/** Authorization failed before a token: metadata missing or inconsistent, no way to identify the client, ... */
export class McpAuthorizationError extends PagerDutyError {}

type Fetch = typeof globalThis.fetch;

/** Metadata is read over `https`, or plain `http` from a loopback host (a local server, a test's). */
export function mayReadMetadataFrom(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

async function getJson(fetch: Fetch, url: URL): Promise<Response | undefined> {
  if (!mayReadMetadataFrom(url))
    throw new McpAuthorizationError(`refusing to read authorization metadata over ${url.protocol} from ${url.href}`);
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' } });
    if (response.ok) return response;
    await response.body?.cancel();
  } catch {
    // An unreachable location is one more that does not hold the metadata.
  }
  return undefined;
}

function readResourceMetadata(value: unknown): ResourceMetadata | undefined {
  if (!isPlainObject(value) || typeof value.resource !== 'string') return undefined;
  const servers = Array.isArray(value.authorization_servers)
    ? value.authorization_servers.filter((server): server is string => typeof server === 'string')
    : [];
  const scopes = Array.isArray(value.scopes_supported)
    ? value.scopes_supported.filter((scope): scope is string => typeof scope === 'string')
    : undefined;
  return { resource: value.resource, authorizationServers: servers, scopesSupported: scopes };
}

/**
 * The endpoint's Protected Resource Metadata: at the challenge's `resource_metadata` when given,
 * else at the well-known locations; `undefined` when the server publishes none (2025-03-26).
 * @throws McpAuthorizationError when the metadata names a resource that does not cover the endpoint
 */
export async function discoverResource(
  fetch: Fetch,
  endpoint: URL,
  resourceMetadataUrl: string | undefined,
): Promise<ResourceMetadata | undefined> {
  const given = resourceMetadataUrl === undefined ? [] : [new URL(resourceMetadataUrl, endpoint)];
  for (const url of [...given, ...protectedResourceMetadataUrls(endpoint)]) {
    const response = await getJson(fetch, url);
    const metadata = readResourceMetadata(await response?.json().catch(() => undefined));
    if (metadata === undefined) continue;
    if (!resourceCovers(new URL(metadata.resource), endpoint))
      throw new McpAuthorizationError(
        `the protected resource metadata at ${url.href} names resource ${metadata.resource}, ` +
          `which does not cover ${endpoint.href}: not authorizing against it`,
      );
    return metadata;
  }
  return undefined;
}

async function issuerOf(response: Response): Promise<URL | undefined> {
  const body: unknown = await response.json().catch(() => undefined);
  return isPlainObject(body) && typeof body.issuer === 'string' && URL.canParse(body.issuer)
    ? new URL(body.issuer)
    : undefined;
}

/**
 * The authorization server's metadata (RFC 8414, then OpenID Connect discovery), its `issuer`
 * checked; a server of the 2025-03-26 revision without metadata gets the default endpoints.
 */
export async function discoverAuthorizationServer(
  lib: OAuthLibrary,
  fetch: Fetch,
  issuer: URL,
  fallbackToDefaults: boolean,
): Promise<oauth.AuthorizationServer> {
  for (const { url } of authorizationServerMetadataUrls(issuer)) {
    const response = await getJson(fetch, url);
    if (response === undefined) continue;
    // Without resource metadata (2025-03-26) the issuer is not known beforehand: the metadata's own stands.
    const expected = fallbackToDefaults ? await issuerOf(response.clone()) : issuer;
    return lib.processDiscoveryResponse(expected ?? issuer, response);
  }
  if (!fallbackToDefaults) throw new McpAuthorizationError(`no authorization server metadata found for ${issuer.href}`);
  // The 2025-03-26 revision: without metadata, the endpoints are at fixed paths of the server's origin.
  return {
    issuer: issuer.origin,
    authorization_endpoint: new URL('/authorize', issuer.origin).href,
    token_endpoint: new URL('/token', issuer.origin).href,
    registration_endpoint: new URL('/register', issuer.origin).href,
  };
}
