// The protocol revisions the client speaks: the initialize era's, which `initialize` agrees on, and the
// stateless 2026-07-28 revision (SEP-2575): no `initialize`, no session; every request says who the client is
// in `_meta` and what it asks in headers (SEP-2243). Pure, so tested alone.
import { isJsonRpcErrorObject, type JsonRpcErrorObject } from './json-rpc.js';
import type { McpImplementation } from './mcp-types.js';
import { isPlainObject } from '../plain-object.js';

/** The protocol revision the client asks for in `initialize`: the newest it speaks. */
export const MCP_PROTOCOL_VERSION = '2025-11-25';

/** The revisions the client speaks: a server may answer `initialize` with any of them (newest first). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26']);

/**
 * The error of an `initialize` result whose version the client does not speak (the specification: such a
 * client does not go on), `undefined` when it speaks it or the server named none.
 */
export function unsupportedVersion(result: unknown): JsonRpcErrorObject | undefined {
  const agreed = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
  if (typeof agreed !== 'string' || MCP_PROTOCOL_VERSIONS.includes(agreed)) return undefined;
  return {
    code: -32602,
    message: `unsupported version ${agreed} (the client speaks ${MCP_PROTOCOL_VERSIONS.join(', ')})`,
    data: { supported: MCP_PROTOCOL_VERSIONS, requested: agreed },
  };
}

// The stateless era.

/** The stateless revision a client in dual-era mode tries first. */
export const STATELESS_PROTOCOL_VERSION = '2026-07-28';

/** Error codes only a server of the stateless era answers with (header or version refused). */
const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([-32020, -32021, -32022]);

/** The `Mcp-Name` of a request: the tool's or prompt's name, the resource's URI, else none. */
export function mcpName(method: string, params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const value =
    method === 'tools/call' || method === 'prompts/get'
      ? params?.name
      : method === 'resources/read'
        ? params?.uri
        : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The headers of a stateless request: `Mcp-Method`, and `Mcp-Name` when the method has one. */
export function statelessHeaders(
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
): Record<string, string> {
  const name = mcpName(method, params);
  return name === undefined ? { 'Mcp-Method': method } : { 'Mcp-Method': method, 'Mcp-Name': name };
}

/** The params with the `_meta` every stateless request carries (the caller's own `_meta` keys kept). */
export function withStatelessMeta(
  params: Readonly<Record<string, unknown>> | undefined,
  clientInfo: McpImplementation,
  capabilities: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const meta = isPlainObject(params?._meta) ? params._meta : {};
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': STATELESS_PROTOCOL_VERSION,
      'io.modelcontextprotocol/clientInfo': clientInfo,
      'io.modelcontextprotocol/clientCapabilities': capabilities,
      ...meta,
    },
  };
}

/**
 * How a server answered the stateless probe: `stateless` (it speaks the revision), `legacy`
 * (a server of the initialize era: fall back to it), or `refused` (a stateless server that
 * refused the request: its error stands).
 */
export function probeOutcome(
  status: number,
  body: unknown,
  legacyVersions: readonly string[],
): 'stateless' | 'legacy' | 'refused' {
  const error = isPlainObject(body) && isJsonRpcErrorObject(body.error) ? body.error : undefined;
  if (status >= 200 && status < 300 && isPlainObject(body) && 'result' in body) return 'stateless';
  if (error === undefined || !MODERN_ERROR_CODES.has(error.code)) return 'legacy';
  // A server of both eras that does not speak this stateless revision: the initialize era, then.
  const supported = isPlainObject(error.data) && Array.isArray(error.data.supported) ? error.data.supported : [];
  return supported.some((version) => legacyVersions.includes(version as string)) ? 'legacy' : 'refused';
}
