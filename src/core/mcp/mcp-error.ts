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

/** Why a call was given up: a time limit ran out (`timeout`), or its `signal` fired (`aborted`). */
export type McpCancelReason = 'timeout' | 'aborted';

/**
 * A call was given up before its response came, by a time limit or its `signal`. The
 * client sent `notifications/cancelled` for it, but the server may have acted already:
 * a tool may still have run.
 *
 * @example
 * ```ts
 * try {
 *   await mcp.callTool('get_incident', { incident_id: id }, { timeout: 30 });
 * } catch (err) {
 *   if (err instanceof McpRequestCancelledError) console.warn(err.message); // check the incident before trying again
 * }
 * ```
 */
export class McpRequestCancelledError extends PagerDutyError {
  /** The method of the call. */
  readonly method: string;
  /** The id of the request given up. */
  readonly requestId: JsonRpcId;
  /** `timeout` or `aborted`. */
  readonly reason: McpCancelReason;
  /**
   * For `timeout`, which limit ran out: the call's deadline (`timeout`, restarted by each
   * progress report), its `maxTotalTimeout`, or the client's `timeout` as the longest the
   * server may stay silent while the reply is read (`silence`); `undefined` for `aborted`.
   */
  readonly timeLimit: 'timeout' | 'maxTotalTimeout' | 'silence' | undefined;

  /**
   * @param method - the method of the call
   * @param requestId - its id
   * @param reason - what gave it up
   * @param cause - the signal's reason, when it had one
   * @param limit - for `timeout`, the limit that ran out and its length in seconds
   */
  constructor(
    method: string,
    requestId: JsonRpcId,
    reason: McpCancelReason,
    cause?: unknown,
    limit?: { readonly name: 'timeout' | 'maxTotalTimeout' | 'silence'; readonly seconds: number },
  ) {
    const why = reason === 'timeout' ? `timed out${limit ? ` (${limitText(limit)})` : ''}` : 'was aborted';
    super(
      `${method} (request id ${JSON.stringify(requestId)}) ${why} before its response; ` +
        'the server was sent notifications/cancelled, but it may have acted already (a tool may still have run)',
      { cause },
    );
    this.method = method;
    this.requestId = requestId;
    this.reason = reason;
    this.timeLimit = reason === 'timeout' ? limit?.name : undefined;
  }
}

function limitText({ name, seconds }: { readonly name: string; readonly seconds: number }): string {
  if (name === 'silence') return `the server sent nothing for ${seconds} s, the client's timeout`;
  if (name === 'maxTotalTimeout') return `no response within its maxTotalTimeout of ${seconds} s`;
  return `no response or progress within ${seconds} s`;
}

/**
 * The server no longer knew the session (404 on a request that carried `Mcp-Session-Id`)
 * and the request may act, so it was not sent again on a new session. The next call
 * starts a new session.
 */
export class McpSessionExpiredError extends PagerDutyError {
  /** The method of the call. */
  readonly method: string;
  /** The session the server no longer knew. */
  readonly sessionId: string;

  /**
   * @param method - the method of the call
   * @param sessionId - the session that expired
   */
  constructor(method: string, sessionId: string) {
    super(
      `${method}: the MCP server no longer knows session ${sessionId} (404); ` +
        'the request was not sent again, since it may act; the next call starts a new session',
    );
    this.method = method;
    this.sessionId = sessionId;
  }
}
