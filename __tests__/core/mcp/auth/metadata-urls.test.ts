import { describe, expect, it } from '@jest/globals';
import {
  authorizationServerMetadataUrls,
  protectedResourceMetadataUrls,
  resourceCovers,
  scopesToRequest,
  unionOfScopes,
} from '../../../../src/core/mcp/auth/metadata-urls.js';

describe('where the metadata is looked for', () => {
  it('tries the path-based Protected Resource Metadata first, then the root one', () => {
    expect(protectedResourceMetadataUrls(new URL('https://mcp.example.com/mcp')).map(String)).toEqual([
      'https://mcp.example.com/.well-known/oauth-protected-resource/mcp',
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourceMetadataUrls(new URL('https://mcp.example.com/')).map(String)).toEqual([
      'https://mcp.example.com/.well-known/oauth-protected-resource',
    ]);
  });

  it('tries RFC 8414, then OpenID Connect discovery, for an issuer with a path and one without', () => {
    expect(authorizationServerMetadataUrls(new URL('https://id.example.com')).map((l) => l.url.href)).toEqual([
      'https://id.example.com/.well-known/oauth-authorization-server',
      'https://id.example.com/.well-known/openid-configuration',
    ]);
    expect(authorizationServerMetadataUrls(new URL('https://id.example.com/tenant1/')).map((l) => l.url.href)).toEqual([
      'https://id.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://id.example.com/.well-known/openid-configuration/tenant1',
      'https://id.example.com/tenant1/.well-known/openid-configuration',
    ]);
  });
});

describe('resourceCovers', () => {
  it('covers the endpoint at the same origin under the resource path, and nothing else', () => {
    const endpoint = new URL('https://mcp.example.com/mcp');
    expect(resourceCovers(new URL('https://mcp.example.com/mcp'), endpoint)).toBe(true);
    expect(resourceCovers(new URL('https://mcp.example.com'), endpoint)).toBe(true);
    expect(resourceCovers(new URL('https://mcp.example.com/other'), endpoint)).toBe(false);
    expect(resourceCovers(new URL('https://mcp.example.com/mc'), endpoint)).toBe(false);
    expect(resourceCovers(new URL('https://evil.example.com/mcp'), endpoint)).toBe(false);
  });
});

describe('the scopes asked for', () => {
  it("prefers the challenge's scope, then the resource's scopes_supported, else none", () => {
    expect(scopesToRequest('mcp:read', ['a', 'b'])).toBe('mcp:read');
    expect(scopesToRequest(undefined, ['a', 'b'])).toBe('a b');
    expect(scopesToRequest(' ', [])).toBeUndefined();
  });

  it('joins lists without repeating a scope', () => {
    expect(unionOfScopes('a b', undefined, 'b c')).toBe('a b c');
    expect(unionOfScopes(undefined, '')).toBeUndefined();
  });
});
