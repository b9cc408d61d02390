// Where MCP's authorization looks for metadata (the 2025-11-25 specification's order); pure, so tested alone.

/** The Protected Resource Metadata URLs to try for a resource (RFC 9728 §3.1): path-based first, then the root. */
export function protectedResourceMetadataUrls(resource: URL): URL[] {
  const path = resource.pathname.replace(/\/$/, '');
  const root = new URL('/.well-known/oauth-protected-resource', resource.origin);
  return path === '' ? [root] : [new URL(`/.well-known/oauth-protected-resource${path}`, resource.origin), root];
}

/** One place authorization server metadata may be, and the algorithm that puts it there. */
export interface MetadataLocation {
  readonly url: URL;
  readonly algorithm: 'oauth2' | 'oidc';
}

/**
 * The authorization server metadata URLs to try for an issuer: RFC 8414, then OpenID Connect
 * discovery (path inserted after `/.well-known/`, then appended), as the specification lists them.
 */
export function authorizationServerMetadataUrls(issuer: URL): MetadataLocation[] {
  const path = issuer.pathname.replace(/\/$/, '');
  const at = (url: string, algorithm: MetadataLocation['algorithm']): MetadataLocation => ({
    url: new URL(url, issuer.origin),
    algorithm,
  });
  if (path === '')
    return [at('/.well-known/oauth-authorization-server', 'oauth2'), at('/.well-known/openid-configuration', 'oidc')];
  return [
    at(`/.well-known/oauth-authorization-server${path}`, 'oauth2'),
    at(`/.well-known/openid-configuration${path}`, 'oidc'),
    at(`${path}/.well-known/openid-configuration`, 'oidc'),
  ];
}

/**
 * Whether the resource a server's metadata names covers the endpoint the client talks to: the
 * same origin, and the endpoint's path under the resource's (RFC 8707 resource identifiers).
 */
export function resourceCovers(resource: URL, endpoint: URL): boolean {
  if (resource.origin !== endpoint.origin) return false;
  const base = resource.pathname.endsWith('/') ? resource.pathname : `${resource.pathname}/`;
  const path = endpoint.pathname.endsWith('/') ? endpoint.pathname : `${endpoint.pathname}/`;
  return path.startsWith(base);
}

/** The scopes to ask for: the challenge's, else the resource's `scopes_supported`, else none (left out). */
export function scopesToRequest(
  challengeScope: string | undefined,
  resourceScopes: readonly string[] | undefined,
): string | undefined {
  if (challengeScope !== undefined && challengeScope.trim() !== '') return challengeScope.trim();
  if (resourceScopes !== undefined && resourceScopes.length > 0) return resourceScopes.join(' ');
  return undefined;
}

/** Every scope of both lists, once, in order. */
export function unionOfScopes(...lists: readonly (string | undefined)[]): string | undefined {
  const all = new Set(lists.flatMap((list) => (list ?? '').split(' ').filter((scope) => scope !== '')));
  return all.size === 0 ? undefined : [...all].join(' ');
}
