import type { JsonRpcErrorObject } from './json-rpc.js';

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
