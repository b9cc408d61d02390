/**
 * `tools/call`: runs a tool and answers as an event stream when the client accepts one
 * (progress notifications, then the response) or as plain JSON otherwise. A cancelled
 * call (`notifications/cancelled`, the client hanging up, the session ending) stops at the
 * tool's next wait and sends no response, as the protocol asks.
 *
 * @module
 */
import type { ServerResponse } from 'node:http';
import { writeReply } from '../server/http-io.js';
import { isPlainObject } from '../../core/plain-object.js';
import { McpEventStream } from './mcp-event-stream.js';
import { rpcError, rpcNotification, rpcResult, RPC_ERRORS, type RpcId } from './mcp-protocol.js';
import type { McpSession, McpSessions } from './mcp-sessions.js';
import { findTool, type ToolSelection } from './mcp-tool-catalogue.js';
import { ToolArgumentError, ToolCancelledError, type ToolContext } from './mcp-tool.js';
import type { EmulatorStore, KeyIdentity } from '../store/store.js';

/** What a tool call is served with; `writeTools`, `toolSet` and `demoTools` choose the tools. */
export interface ToolCallExchange extends ToolSelection {
  /** The state. */
  store: EmulatorStore;
  /** The sessions (to track the call for cancellation). */
  sessions: McpSessions;
  /** The caller's session. */
  session: McpSession;
  /** Whom the key speaks for. */
  identity: KeyIdentity;
  /** The `From` header. */
  from: string | undefined;
  /** Whether the client accepts `text/event-stream`. */
  streams: boolean;
  /** How tools wait; the signal aborts when the call is cancelled. */
  delay: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /** The response's `x-request-id`. */
  requestId: string;
  /** Records the request in the log once its status is known. */
  record: (status: number, tool?: string) => void;
}

/** `delay`, cut short with {@link ToolCancelledError} when `signal` aborts. */
function waitOrCancel(delay: ToolCallExchange['delay'], milliseconds: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new ToolCancelledError());
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(new ToolCancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    delay(milliseconds, signal).then(() => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(new ToolCancelledError());
      else resolve();
    }, reject);
  });
}

function progressTokenOf(params: Readonly<Record<string, unknown>>): string | number | undefined {
  const token = isPlainObject(params._meta) ? params._meta.progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/** Serves one `tools/call` request. */
export async function serveToolCall(
  exchange: ToolCallExchange,
  id: RpcId,
  params: Readonly<Record<string, unknown>>,
  response: ServerResponse,
): Promise<void> {
  const name = typeof params.name === 'string' ? params.name : '';
  const tool = findTool(name, exchange);
  const args = params.arguments ?? {};
  if (!tool || !isPlainObject(args)) {
    exchange.record(200, name || undefined);
    const message = tool ? 'arguments must be an object' : `Unknown tool: ${name || String(params.name)}`;
    writeReply(response, { status: 200, body: rpcError(id, RPC_ERRORS.invalidParams, message) }, exchange.requestId);
    return;
  }
  const stream = exchange.streams ? new McpEventStream(response, exchange.requestId) : undefined;
  if (stream) exchange.record(200, name);
  const tracked = exchange.sessions.track(exchange.session, id);
  response.once('close', () => {
    if (!response.writableFinished) tracked.cancel();
  });
  const progressToken = progressTokenOf(params);
  const context: ToolContext = {
    store: exchange.store,
    identity: exchange.identity,
    from: exchange.from,
    args,
    now: exchange.store.now(),
    progress: (progress, total, text) => {
      if (progressToken !== undefined)
        stream?.send(rpcNotification('notifications/progress', { progressToken, progress, total, message: text }));
    },
    wait: (milliseconds) => waitOrCancel(exchange.delay, milliseconds, tracked.signal),
  };
  let message: Record<string, unknown> | undefined;
  try {
    message = rpcResult(id, await tool.run(context));
  } catch (error) {
    if (error instanceof ToolArgumentError) message = rpcError(id, RPC_ERRORS.invalidParams, error.message);
    else if (!(error instanceof ToolCancelledError)) message = rpcError(id, RPC_ERRORS.internalError, String(error));
  } finally {
    tracked.release();
  }
  if (stream) {
    if (message) stream.send(message);
    stream.end();
    return;
  }
  // Plain JSON: a cancelled call has nothing to say, and says it with 204 (if the client is still there).
  exchange.record(message ? 200 : 204, name);
  if (!response.destroyed) writeReply(response, { status: message ? 200 : 204, body: message }, exchange.requestId);
}
