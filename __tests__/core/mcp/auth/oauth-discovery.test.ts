import { describe, expect, it } from '@jest/globals';
import {
  discoverResource,
  McpAuthorizationError,
  mayReadMetadataFrom,
} from '../../../../src/core/mcp/auth/oauth-discovery.js';

describe('where authorization metadata may be read from', () => {
  it('reads over https anywhere, over http from a loopback host only', () => {
    expect(mayReadMetadataFrom(new URL('https://mcp.pagerduty.com/.well-known/oauth-protected-resource'))).toBe(true);
    expect(mayReadMetadataFrom(new URL('http://127.0.0.1:8080/x'))).toBe(true);
    expect(mayReadMetadataFrom(new URL('http://[::1]/x'))).toBe(true);
    expect(mayReadMetadataFrom(new URL('http://mcp.example.com/x'))).toBe(false);
    expect(mayReadMetadataFrom(new URL('file:///etc/passwd'))).toBe(false);
  });

  it('refuses a resource_metadata URL over plain http from another host, before fetching it', async () => {
    const fetched: string[] = [];
    const fetch = (async (url: URL) => {
      fetched.push(String(url));
      return new Response('{}', { status: 404 });
    }) as typeof globalThis.fetch;
    const endpoint = new URL('https://mcp.example.com/mcp');
    await expect(discoverResource(fetch, endpoint, 'http://evil.example.com/prm')).rejects.toThrow(
      McpAuthorizationError,
    );
    expect(fetched).toEqual([]);
  });
});
