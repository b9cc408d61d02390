import type { RequestOptions } from '../client/client-options.js';
import type { HttpErrorParts } from '../errors/client-errors.js';
import { abortableSleep } from '../abortable-sleep.js';
import type { RetryMode } from '../retry/retry-mode.js';
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import { readBoundedText } from '../transport/bounded-body.js';
import { discardLiveBody, readMessageEvents, type LiveBody, type StreamOutcome } from './event-stream.js';
import {
  findJsonRpcResponse,
  isJsonRpcNotification,
  isJsonRpcResponse,
  jsonMessages,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from './json-rpc.js';
import type { McpProgress } from './mcp-types.js';
import type { BodyWatch } from './call-deadline.js';
import { SESSION_HEADER, type McpSession } from './mcp-session.js';
import type { OtelSpan } from '../observe/telemetry.js';
import { tracedWithin } from '../observe/watching.js';

/** Milliseconds to wait before resuming a stream that named no `retry:` (the official SDK's first delay). */
export const DEFAULT_RECONNECT_MS = 1000;

/** How the client's requests go out: its own `post`/`get`, so that a subclass overriding them sees each one. */
export type McpSend = (verb: 'POST' | 'GET', init: RequestOptions) => Promise<Response>;

type Sleep = (seconds: number, signal?: AbortSignal) => Promise<void>;

/** One request's exchange, every value worked out by the client. */
export interface ExchangeCall {
  readonly request: JsonRpcRequest;
  readonly headers: Readonly<Record<string, string>>;
  /** The session's headers, for resuming the reply's stream. */
  readonly sessionHeaders: Readonly<Record<string, string>>;
  readonly retryMode: RetryMode;
  readonly signal: AbortSignal;
  readonly watch: BodyWatch;
  readonly onProgress?: (progress: McpProgress) => void;
  /** A server request or notification (not this call's progress) met on the reply's stream. */
  readonly onMessage: (message: unknown) => void;
  /** The bound on a JSON reply, and on each event of a streamed one, in bytes (`maxResponseBytes`). */
  readonly maxBytes: number;
  /** The request's span, when traced: the HTTP calls that carry it (the POST, each resumption) are its children. */
  readonly within?: OtelSpan;
}

/** How an exchange ended: the response, a 404 on the session it was sent with, or a reply with no response. */
export type ExchangeResult =
  | { readonly kind: 'response'; readonly reply: JsonRpcResponse; readonly response: Response }
  | { readonly kind: 'session-gone' }
  | {
      readonly kind: 'failed';
      readonly response: Response;
      readonly body: string;
      readonly detail?: string;
      readonly cause?: unknown;
    };

type ExchangeFailure = Extract<ExchangeResult, { readonly kind: 'failed' }>;

export function failureParts({ response, body, detail }: ExchangeFailure): HttpErrorParts {
  return { method: 'POST', url: response.url, response, body, detail };
}

/** `error` with `cause` (what broke the stream) when it has none of its own. */
export function withCause(error: Error, cause: unknown): Error {
  if (cause !== undefined && error.cause === undefined)
    Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}

export function mediaType(response: Response): string {
  return (response.headers.get('content-type') ?? '').toLowerCase().split(';')[0].trim();
}

export function isEventStream(response: Response): boolean {
  return response.ok && mediaType(response) === 'text/event-stream' && response.body !== null;
}

/** The response to request `id` in a JSON body, or why there is none (no `detail`: the status says it). */
export function replyInJson(
  text: string,
  id: JsonRpcId,
  ok: boolean,
): { readonly reply: JsonRpcResponse } | { readonly detail?: string } {
  let messages: unknown[];
  try {
    messages = jsonMessages(text);
  } catch {
    return ok ? { detail: 'MCP server replied with a body that is not valid JSON' } : {};
  }
  const reply = findJsonRpcResponse(messages, id);
  if (reply && ('error' in reply || ok)) return { reply };
  if (!ok) return {};
  return { detail: `MCP server replied without a JSON-RPC response to request id ${JSON.stringify(id)}` };
}

export function progressOf(message: JsonRpcNotification, id: JsonRpcId): McpProgress | undefined {
  const params = message.params as Partial<McpProgress> | undefined;
  if (message.method !== 'notifications/progress' || params?.progressToken !== id) return undefined;
  return typeof params.progress === 'number' ? (params as McpProgress) : undefined;
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

/**
 * The client's HTTP side of MCP: posts a request and reads its reply (JSON, or an event stream resumed as
 * the server allows), and listens on the server's own stream. Holds the bodies being read, so that closing
 * the client frees them.
 */
export class McpExchange {
  readonly #send: McpSend;
  readonly #sleep: Sleep;
  readonly #liveBodies = new Set<LiveBody>();

  /** @param sleep - the client's way to wait (the tests' own clock), before resuming a stream */
  constructor(send: McpSend, sleep: Sleep) {
    this.#send = send;
    this.#sleep = sleep;
  }

  async exchange(call: ExchangeCall): Promise<ExchangeResult> {
    const { request, headers, signal } = call;
    const init = { json: request, headers: { ...headers }, stream: true, retryMode: call.retryMode, signal };
    const response = await this.#send('POST', tracedWithin(init, call.within));
    if (response.status === 404 && headers[SESSION_HEADER] !== undefined) {
      discardLiveBody(response.body);
      return { kind: 'session-gone' };
    }
    if (!isEventStream(response)) {
      call.watch.bodyActivity();
      const bound = { maxBytes: call.maxBytes, method: 'POST', url: response.url };
      const text = await readBoundedText(response, bound).catch((error: unknown) => {
        discardLiveBody(response.body);
        throw error;
      });
      call.watch.bodyIdle();
      const found = replyInJson(text, request.id, response.ok);
      return 'reply' in found
        ? { kind: 'response', reply: found.reply, response }
        : { kind: 'failed', response, body: text, ...found };
    }
    return this.#replyOnStream(response, call);
  }

  async #replyOnStream(response: Response, call: ExchangeCall): Promise<ExchangeResult> {
    const { request, signal } = call;
    let reply: JsonRpcResponse | undefined;
    const onMessage = (message: unknown): boolean => {
      if (isJsonRpcResponse(message)) {
        if (message.id === request.id || message.id === null) reply = message;
        return reply !== undefined;
      }
      const progress = isJsonRpcNotification(message) ? progressOf(message, request.id) : undefined;
      if (progress && call.onProgress) call.onProgress(progress);
      else call.onMessage(message);
      return false;
    };
    let outcome = await this.#read(response.body as LiveBody, onMessage, call);
    let retryMs = outcome.retryMs;
    // Why the stream was not resumed (again): said in the error, with the request's fate.
    let unresumed = 'no event id to resume from';
    // The server may close a stream on purpose and have the client poll (2025-11-25): resumed for as
    // long as each stream gives an event id, waiting its `retry:` first; the call's deadline ends it.
    while (!reply && outcome.end !== 'done' && outcome.lastEventId !== undefined && !signal.aborted) {
      if (!outcome.gaveEventId) {
        unresumed = 'the resumed stream gave no event id';
        break;
      }
      const resumedFrom = outcome.lastEventId;
      await abortableSleep(this.#sleep, (retryMs ?? DEFAULT_RECONNECT_MS) / 1000, signal);
      const headers = { ...call.sessionHeaders, Accept: 'text/event-stream', 'Last-Event-ID': resumedFrom };
      const again = await this.#send('GET', tracedWithin({ headers, stream: true, signal }, call.within));
      if (!isEventStream(again)) {
        discardLiveBody(again.body);
        const answer = `${again.status}${again.ok ? ' without an event stream' : ''}`;
        unresumed = `it could not be resumed (GET answered ${answer})`;
        break;
      }
      outcome = await this.#read(again.body as LiveBody, onMessage, call, resumedFrom);
      retryMs = outcome.retryMs ?? retryMs;
    }
    if (reply) return { kind: 'response', reply, response };
    if (signal.aborted) throw signal.reason;
    const how = outcome.end === 'failed' ? 'broke' : 'ended';
    const detail =
      `MCP server's event stream ${how} without a JSON-RPC response to request id ${JSON.stringify(request.id)}: ` +
      `${unresumed}; the request may have run on the server, so it was not sent again`;
    return { kind: 'failed', response, body: '', detail, cause: outcome.error };
  }

  /**
   * The server's own stream (GET): its requests and notifications, while the session lasts. Not offered
   * (405, or no event stream): nothing to do. Reopened after the server closes it when its events had
   * ids, after its `retry:` delay.
   */
  async listen(
    session: McpSession,
    onMessage: (message: unknown) => void,
    signal: AbortSignal,
    maxEventBytes: number,
  ): Promise<void> {
    const sessionId = session.id;
    let lastEventId: string | undefined;
    let retryMs: number | undefined;
    while (session.id === sessionId && !signal.aborted) {
      const headers: Record<string, string> = { ...session.headers(), Accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
      const response = await this.#send('GET', { headers, stream: true, signal });
      if (!isEventStream(response)) {
        discardLiveBody(response.body);
        return;
      }
      const body = response.body as LiveBody;
      this.#liveBodies.add(body);
      const heard = (message: unknown): boolean => (onMessage(message), false);
      const outcome = await readMessageEvents(body, heard, { lastEventId, maxEventBytes });
      this.#liveBodies.delete(body);
      if (!outcome.gaveEventId) return;
      lastEventId = outcome.lastEventId;
      retryMs = outcome.retryMs ?? retryMs;
      await abortableSleep(this.#sleep, (retryMs ?? DEFAULT_RECONNECT_MS) / 1000, signal);
    }
  }

  discardAll(): void {
    for (const body of this.#liveBodies) discardLiveBody(body);
    this.#liveBodies.clear();
  }

  /** Reads a live body, freed when the call's signal fires or the client closes. */
  async #read(
    body: LiveBody,
    onMessage: (message: unknown) => boolean,
    call: ExchangeCall,
    lastEventId?: string,
  ): Promise<StreamOutcome> {
    const { signal, watch } = call;
    this.#liveBodies.add(body);
    const onAbort = (): void => discardLiveBody(body);
    signal.addEventListener('abort', onAbort, { once: true });
    watch.bodyActivity();
    try {
      const onChunk = (): void => watch.bodyActivity();
      return await readMessageEvents(body, onMessage, { lastEventId, onChunk, maxEventBytes: call.maxBytes });
    } finally {
      watch.bodyIdle();
      signal.removeEventListener('abort', onAbort);
      this.#liveBodies.delete(body);
    }
  }
}
