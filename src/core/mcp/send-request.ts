import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { CallDeadline, type CallLimits } from './call-deadline.js';
import { jsonRpcRequest, type JsonRpcId, type JsonRpcRequest, type JsonRpcSuccess } from './json-rpc.js';
import { exchange, withProgressToken, type ExchangeHost } from './mcp-exchange.js';
import { McpError, McpRequestCancelledError, McpSessionExpiredError, type McpCancelReason } from './mcp-error.js';
import type { McpCallOptions } from './mcp-options.js';

export interface SendContext {
  readonly exchangeHost: ExchangeHost;
  connect(): Promise<void>;
  sessionId(): string | undefined;
  forgetSession(sessionId: string | undefined): void;
  sessionStarted(response: Response, result: unknown): void;
  answered(request: JsonRpcRequest, result: unknown): void;
  mayRepeat(method: string, params: Readonly<Record<string, unknown>> | undefined): boolean;
  limits(options: McpCallOptions): CallLimits;
  notifyCancelled(id: JsonRpcId, reason: McpCancelReason): Promise<void>;
  guard(what: string, callback: () => void): void;
}

export async function sendRequest<T>(
  context: SendContext,
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  options: McpCallOptions,
  connectFirst: boolean,
): Promise<JsonRpcSuccess<T>> {
  const id = options.id ?? globalThis.crypto.randomUUID();
  const { onProgress, signal } = options;
  const request = jsonRpcRequest(method, onProgress ? withProgressToken(params, id) : params, id);
  const limits = context.limits(options);
  if (signal?.aborted) throw new McpRequestCancelledError(method, id, 'aborted', signal.reason);
  const controller = new AbortController();
  let reason: McpCancelReason | undefined;
  const deadline = new CallDeadline(limits, (name, seconds) => {
    reason ??= 'timeout';
    controller.abort(new McpRequestCancelledError(method, id, 'timeout', undefined, { name, seconds }));
  });
  const onAbort = (): void => {
    reason ??= 'aborted';
    controller.abort(new McpRequestCancelledError(method, id, 'aborted', signal?.reason));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const repeatable = context.mayRepeat(method, params);
  let sent = false;
  try {
    for (let replayed = false; ; replayed = true) {
      if (connectFirst || replayed) await untilAborted(context.connect(), controller.signal);
      const session = context.sessionId();
      sent = true;
      const result = await exchange(context.exchangeHost, {
        request,
        retryMode: repeatable ? 'idempotent' : 'at-most-once',
        signal: controller.signal,
        watch: deadline,
        onProgress:
          onProgress &&
          ((progress) => {
            deadline.progress();
            context.guard('onProgress', () => onProgress(progress));
          }),
      });
      if (result.kind === 'session-gone') {
        sent = false; // the server did not know the session, so it did not act on the request
        context.forgetSession(session);
        if (!repeatable || replayed || method === 'initialize') throw new McpSessionExpiredError(method, session ?? '');
        continue;
      }
      const { reply, response } = result;
      if ('error' in reply)
        throw new McpError(`${method} (POST ${response.url})`, reply.error, reply.id, response.status);
      if (method === 'initialize') context.sessionStarted(response, reply.result);
      context.answered(request, reply.result);
      return reply as JsonRpcSuccess<T>;
    }
  } catch (error) {
    if (reason === undefined) throw error;
    // The request may have reached the server: tell it to stop (never for initialize).
    if (sent && method !== 'initialize') await context.notifyCancelled(id, reason);
    throw controller.signal.reason as Error;
  } finally {
    deadline.stop();
    signal?.removeEventListener('abort', onAbort);
  }
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
