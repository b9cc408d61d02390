/**
 * The MCP API client: JSON-RPC 2.0 over POST `/mcp`, with JSON or event-stream replies.
 *
 * @module
 */
export { MCP_BASE_URL, McpApiClient } from './mcp-api-client.js';
export type { McpApiClientOptions } from './mcp-api-client.js';
export { McpError } from './mcp-error.js';
export {
  findJsonRpcResponse,
  isJsonRpcErrorObject,
  isJsonRpcResponse,
  jsonRpcNotification,
  jsonRpcRequest,
  replyMessages,
} from './json-rpc.js';
export type {
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
} from './json-rpc.js';
export { parseSse, SseParser } from './sse-parser.js';
export type { SseEvent } from './sse-parser.js';
