// What the client sends or runs that no response comes back to: its answers to the server's requests, the
// cancellation of a call given up, a caller's handler. A failure of any of them is logged, never thrown.
import type { Logger } from '../logging.js';
import { answerFeature, type ClientFeatures } from './client-features.js';
import {
  jsonRpcNotification,
  type JsonRpcFailure,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcSuccess,
} from './json-rpc.js';
import type { McpCancelReason } from './mcp-error.js';

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

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The `notifications/cancelled` the server is sent when a call is given up. */
export function cancelledNotification(requestId: JsonRpcId, reason: McpCancelReason): JsonRpcNotification {
  const text = reason === 'timeout' ? 'the client timed out' : 'the caller aborted the request';
  return jsonRpcNotification('notifications/cancelled', { requestId, reason: text });
}

/** Runs a caller's handler; what it throws is logged, so that a stream is read on. */
export function guarded(log: Logger, what: string, handler: () => void): void {
  try {
    handler();
  } catch (error) {
    log.warn(`${what} threw: ${reasonOf(error)}`);
  }
}

/** Work under way in the background (answers to server requests), which closing the client waits for. */
export class BackgroundWork {
  readonly #underWay = new Set<Promise<void>>();

  add(work: Promise<void>): void {
    this.#underWay.add(work);
    void work.finally(() => this.#underWay.delete(work));
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.#underWay]);
  }
}
