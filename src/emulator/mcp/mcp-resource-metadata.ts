/**
 * `/mcp` as an OAuth-protected resource (the emulator's `mcpAuth: 'oauth'`): its Protected Resource
 * Metadata (RFC 9728) and the `WWW-Authenticate` challenge that points a client to it.
 *
 * @module
 */
import { MCP_ENDPOINT_PATH } from './mcp-protocol.js';

/** Where the metadata of `/mcp` is: the well-known prefix, then the resource's path (RFC 9728, 3.1). */
export const RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_ENDPOINT_PATH}`;

/** What `/mcp` says of itself: its resource identifier, its authorization server (the emulator's identity service). */
export function protectedResourceMetadata(baseUrl: string): Record<string, unknown> {
  return {
    resource: `${baseUrl}${MCP_ENDPOINT_PATH}`,
    authorization_servers: [baseUrl],
    bearer_methods_supported: ['header'],
    resource_name: 'PagerDuty MCP server (emulator)',
  };
}

/** The challenge of a 401 on `/mcp`: where the client finds how to get a token (RFC 9728, 5.1). */
export function bearerChallenge(baseUrl: string): string {
  return `Bearer resource_metadata="${baseUrl}${RESOURCE_METADATA_PATH}"`;
}
