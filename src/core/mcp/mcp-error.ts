/**
 * The error a JSON-RPC `error` member becomes.
 *
 * @module
 */
import { PagerDutyError } from '../errors/error-classes.js';
import type { JsonRpcErrorObject, JsonRpcId } from './json-rpc.js';

/**
 * The MCP server answered a call with a JSON-RPC error.
 *
 * @example
 * ```ts
 * try {
 *   await mcp.call('tools/call', { name: 'no_such_tool', arguments: {} });
 * } catch (err) {
 *   if (err instanceof McpError && err.code === -32602) console.error(err.rpcMessage, err.data);
 * }
 * ```
 */
export class McpError extends PagerDutyError {
  /** The JSON-RPC error code (`-32601` method not found, `-32602` invalid params, ...). */
  readonly code: number;
  /** The JSON-RPC error message, as the server sent it. */
  readonly rpcMessage: string;
  /** The error's `data` member, when it had one. */
  readonly data: unknown;
  /** The id of the failed request (`null` when the server could not read it). */
  readonly id: JsonRpcId | null;
  /** The HTTP status of the reply that carried the error (200 for most, 400 for some). */
  readonly status: number;

  /**
   * @param context - the method and URL of the call, such as `tools/call (POST https://mcp.pagerduty.com/mcp)`
   * @param error - the JSON-RPC error object
   * @param id - the id of the response
   * @param status - the HTTP status of the reply
   */
  constructor(context: string, error: JsonRpcErrorObject, id: JsonRpcId | null, status: number) {
    super(`${context}: JSON-RPC error ${error.code}: ${error.message}`);
    this.code = error.code;
    this.rpcMessage = error.message;
    this.data = error.data;
    this.id = id;
    this.status = status;
  }
}
