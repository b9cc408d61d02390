import type { RequestOptions } from '../client/client-options.js';
import type { HttpErrorParts } from '../errors/client-errors.js';
import type { RetryMode } from '../retry/retry-mode.js';
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { discardLiveBody, readMessageEvents, type LiveBody, type StreamOutcome } from './event-stream.js';
import {
  findJsonRpcResponse,
  isJsonRpcNotification,
  isJsonRpcRequest,
  isJsonRpcResponse,
  jsonMessages,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from './json-rpc.js';
import type { McpProgress } from './mcp-types.js';
import type { BodyWatch } from './call-deadline.js';

/** Milliseconds to wait before resuming a stream that named no `retry:` (the official SDK's first delay). */
export const DEFAULT_RECONNECT_MS = 1000;

export interface ExchangeHost {
  post(options: RequestOptions): Promise<Response>;
  get(options: RequestOptions): Promise<Response>;
  /** The headers of a message in this session; those of `request` too in the stateless era. */
  sessionHeaders(request?: JsonRpcRequest): Record<string, string>;
  httpError(parts: HttpErrorParts): Error;
  /** A notification that is not this call's progress. */
  notification(message: JsonRpcNotification): void;
  serverRequest(message: JsonRpcRequest): void;
  /** So that closing the client frees a live body; returns the unregistering. */
  track(body: LiveBody): () => void;
  /** Waits before a reconnection; rejects when the signal fires. */
  sleep(seconds: number, signal: AbortSignal): Promise<void>;
}

export interface ExchangeCall {
  readonly request: JsonRpcRequest;
  readonly retryMode: RetryMode;
  readonly signal: AbortSignal;
  readonly watch: BodyWatch;
  readonly onProgress?: (progress: McpProgress) => void;
}

/** How an exchange ended: the response, or a 404 on the session it was sent with. */
export type ExchangeResult =
  | { readonly kind: 'response'; readonly reply: JsonRpcResponse; readonly response: Response }
  | { readonly kind: 'session-gone' };

export function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').toLowerCase().split(';')[0].trim();
}

export async function exchange(host: ExchangeHost, call: ExchangeCall): Promise<ExchangeResult> {
  const headers = host.sessionHeaders(call.request);
  const response = await host.post({
    json: call.request,
    headers,
    stream: true,
    retryMode: call.retryMode,
    signal: call.signal,
  });
  if (response.status === 404 && headers['Mcp-Session-Id'] !== undefined) {
    discardLiveBody(response.body);
    return { kind: 'session-gone' };
  }
  const fail = (body: string, detail?: string): Error =>
    host.httpError({
      method: 'POST',
      url: response.url,
      response,
      body,
      detail,
      kind: detail === undefined ? undefined : 'http-server',
    });
  if (!(response.ok && mediaType(response) === 'text/event-stream' && response.body !== null)) {
    call.watch.bodyActivity();
    const text = await response.text();
    call.watch.bodyIdle();
    let messages: unknown[];
    try {
      messages = jsonMessages(text);
    } catch {
      if (!response.ok) throw fail(text);
      throw fail(text, 'MCP server replied with a body that is not valid JSON');
    }
    const reply = findJsonRpcResponse(messages, call.request.id);
    if (reply && ('error' in reply || response.ok)) return { kind: 'response', reply, response };
    if (!response.ok) throw fail(text);
    throw fail(text, `MCP server replied without a JSON-RPC response to request id ${JSON.stringify(call.request.id)}`);
  }
  let reply: JsonRpcResponse | undefined;
  const onMessage = (message: unknown): boolean => {
    if (isJsonRpcResponse(message)) {
      if (message.id === call.request.id || message.id === null) reply = message;
      return reply !== undefined;
    }
    if (isJsonRpcRequest(message)) host.serverRequest(message);
    else if (isJsonRpcNotification(message)) dispatchNotification(host, call, message);
    return false;
  };
  let outcome = await readTracked(host, response.body, onMessage, call);
  let retryMs = outcome.retryMs;
  // Why the stream was not resumed (again): said in the error, with the request's fate.
  let unresumed = 'no event id to resume from';
  // The server may close a stream on purpose and have the client poll (2025-11-25): resumed for as
  // long as each stream gives an event id, waiting its `retry:` first; the call's deadline ends it.
  while (!reply && outcome.end !== 'done' && outcome.lastEventId !== undefined && !call.signal.aborted) {
    if (!outcome.gaveEventId) {
      unresumed = 'the resumed stream gave no event id';
      break;
    }
    const resumedFrom = outcome.lastEventId;
    await host.sleep((retryMs ?? DEFAULT_RECONNECT_MS) / 1000, call.signal);
    const again = await host.get({
      headers: { ...host.sessionHeaders(), Accept: 'text/event-stream', 'Last-Event-ID': resumedFrom },
      stream: true,
      signal: call.signal,
    });
    if (!again.ok || mediaType(again) !== 'text/event-stream' || again.body === null) {
      discardLiveBody(again.body);
      unresumed = `it could not be resumed (GET answered ${again.status}${again.ok ? ' without an event stream' : ''})`;
      break;
    }
    outcome = await readTracked(host, again.body, onMessage, call, resumedFrom);
    retryMs = outcome.retryMs ?? retryMs;
  }
  if (reply) return { kind: 'response', reply, response };
  if (call.signal.aborted) throw call.signal.reason;
  const how = outcome.end === 'failed' ? 'broke' : 'ended';
  const id = JSON.stringify(call.request.id);
  const error = fail(
    '',
    `MCP server's event stream ${how} without a JSON-RPC response to request id ${id}: ${unresumed}; ` +
      'the request may have run on the server, so it was not sent again',
  );
  if (outcome.error !== undefined && error.cause === undefined)
    Object.defineProperty(error, 'cause', { value: outcome.error, configurable: true, writable: true });
  throw error;
}

/** Reads a live body, freed when the call's signal fires or the client closes. */
async function readTracked(
  host: ExchangeHost,
  body: LiveBody,
  onMessage: (message: unknown) => boolean,
  call: ExchangeCall,
  lastEventId?: string,
): Promise<StreamOutcome> {
  const { signal, watch } = call;
  const untrack = host.track(body);
  const onAbort = (): void => discardLiveBody(body);
  signal.addEventListener('abort', onAbort, { once: true });
  watch.bodyActivity();
  try {
    return await readMessageEvents(body, onMessage, { lastEventId, onChunk: () => watch.bodyActivity() });
  } finally {
    watch.bodyIdle();
    signal.removeEventListener('abort', onAbort);
    untrack();
  }
}

/** Progress with this call's token goes to its `onProgress`; any other notification to the client's handler. */
function dispatchNotification(host: ExchangeHost, call: ExchangeCall, message: JsonRpcNotification): void {
  const params = message.params as Partial<McpProgress> | undefined;
  if (
    call.onProgress &&
    message.method === 'notifications/progress' &&
    params?.progressToken === call.request.id &&
    typeof params.progress === 'number'
  ) {
    call.onProgress(params as McpProgress);
    return;
  }
  host.notification(message);
}

/** The token a call with `onProgress` is sent with: its request id. */
export function withProgressToken(
  params: Readonly<Record<string, unknown>> | undefined,
  id: JsonRpcId,
): Record<string, unknown> {
  const meta = params?._meta;
  const base = typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>) : {};
  return { ...params, _meta: { ...base, progressToken: id } };
}
