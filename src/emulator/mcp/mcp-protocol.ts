/**
 * What the emulator needs of MCP's Streamable HTTP transport: protocol versions,
 * header names, JSON-RPC error codes, and reading one incoming message.
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';

/** The path of the MCP endpoint on the emulator. */
export const MCP_ENDPOINT_PATH = '/mcp';

/** The revision the emulator implements, answered to clients that ask for one it does not know. */
export const MCP_PROTOCOL_VERSION = '2025-11-25';

/** Revisions a client may negotiate or name in `MCP-Protocol-Version` (same transport rules). */
export const SUPPORTED_MCP_VERSIONS: readonly string[] = [MCP_PROTOCOL_VERSION, '2025-06-18', '2025-03-26'];

/** The session header (lower case, as Node hands headers over). */
export const SESSION_HEADER = 'mcp-session-id';

/** The protocol version header (lower case). */
export const VERSION_HEADER = 'mcp-protocol-version';

/** JSON-RPC 2.0 error codes used. */
export const RPC_ERRORS = {
  /** The body is not JSON. */
  parseError: -32700,
  /** Not a JSON-RPC message, or a batch (removed in 2025-06-18). */
  invalidRequest: -32600,
  /** No such method. */
  methodNotFound: -32601,
  /** Bad params: unknown tool, bad arguments, bad cursor. */
  invalidParams: -32602,
  /** A tool failed unexpectedly. */
  internalError: -32603,
  /** The key is missing or unknown (the server-defined range). */
  unauthorized: -32001,
} as const;

/** A JSON-RPC request id (`null` is not allowed by MCP). */
export type RpcId = string | number;

/** One message a client may send. */
export type IncomingMessage =
  | { kind: 'request'; id: RpcId; method: string; params: Readonly<Record<string, unknown>> }
  | { kind: 'notification'; method: string; params: Readonly<Record<string, unknown>> }
  | { kind: 'response' };

/** A JSON-RPC error response. */
export function rpcError(id: RpcId | null, code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** A JSON-RPC success response. */
export function rpcResult(id: RpcId, result: unknown): Record<string, unknown> {
  return { jsonrpc: '2.0', id, result };
}

/** A JSON-RPC notification from the server. */
export function rpcNotification(method: string, params: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return { jsonrpc: '2.0', method, params };
}

/**
 * Reads one decoded body as a JSON-RPC message, or says why it is not one.
 *
 * @example
 * ```ts
 * readMessage({ jsonrpc: '2.0', id: 1, method: 'ping' }); // { kind: 'request', id: 1, method: 'ping', params: {} }
 * ```
 */
export function readMessage(value: unknown): IncomingMessage | { kind: 'invalid'; reason: string } {
  if (Array.isArray(value))
    return {
      kind: 'invalid',
      reason: `JSON-RPC batches are not supported in protocol revision ${MCP_PROTOCOL_VERSION}`,
    };
  if (!isPlainObject(value) || value.jsonrpc !== '2.0')
    return { kind: 'invalid', reason: 'The body is not a JSON-RPC 2.0 message' };
  const params = value.params === undefined ? {} : value.params;
  if (!isPlainObject(params)) return { kind: 'invalid', reason: 'params must be an object' };
  const { id, method } = value;
  const hasId = id !== undefined;
  if (hasId && typeof id !== 'string' && typeof id !== 'number')
    return { kind: 'invalid', reason: 'id must be a string or a number' };
  if (typeof method === 'string') {
    return hasId ? { kind: 'request', id: id as RpcId, method, params } : { kind: 'notification', method, params };
  }
  if (hasId && ('result' in value || 'error' in value)) return { kind: 'response' };
  return { kind: 'invalid', reason: 'method must be a string' };
}

/** A key for an id, so `1` and `"1"` stay apart. */
export function idKey(id: RpcId): string {
  return JSON.stringify(id);
}
