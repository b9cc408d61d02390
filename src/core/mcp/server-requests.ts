import { answerFeature, type ClientFeatures } from './client-features.js';
import type { JsonRpcFailure, JsonRpcRequest, JsonRpcSuccess } from './json-rpc.js';

/**
 * Answers a server request: its result, or `undefined` to leave it to the default. A
 * thrown error with a numeric `code` (an `McpError`) becomes that JSON-RPC error.
 */
export type McpRequestHandler = (request: JsonRpcRequest) => unknown;

/** JSON-RPC "method not found". */
export const METHOD_NOT_FOUND = -32601;

/** JSON-RPC "internal error". */
export const INTERNAL_ERROR = -32603;

export async function answerServerRequest(
  request: JsonRpcRequest,
  handler?: McpRequestHandler,
  features: ClientFeatures = {},
): Promise<JsonRpcSuccess | JsonRpcFailure> {
  const { id } = request;
  try {
    const result: unknown =
      (handler === undefined ? undefined : await handler(request)) ?? (await answerFeature(request, features));
    if (result !== undefined) return { jsonrpc: '2.0', id, result };
  } catch (error) {
    const { code, rpcMessage, message, data } = error as {
      code?: unknown;
      rpcMessage?: unknown;
      message?: unknown;
      data?: unknown;
    };
    const text = typeof rpcMessage === 'string' ? rpcMessage : typeof message === 'string' ? message : String(error);
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: Number.isInteger(code) ? (code as number) : INTERNAL_ERROR,
        message: text,
        ...(data === undefined ? {} : { data }),
      },
    };
  }
  if (request.method === 'ping') return { jsonrpc: '2.0', id, result: {} };
  return { jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: `Method not found: ${request.method}` } };
}
