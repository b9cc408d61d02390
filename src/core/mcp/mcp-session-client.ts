import { checkedOptions, internalOf } from '../client/internal-options.js';
import { timerSleep } from '../abortable-sleep.js';
import { ApiClient } from '../client/api-client.js';
import type { AuthMethod } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import type { RequestOptions } from '../client/client-options.js';
import type { FetchResponse as Response } from '../platform/fetch-types.js';
import { HttpError } from '../errors/error-classes.js';
import { failureParts, McpExchange, withCause, withProgressToken } from './mcp-exchange.js';
import {
  isJsonRpcNotification,
  isJsonRpcRequest,
  jsonMessages,
  jsonRpcNotification,
  jsonRpcRequest,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcRequest,
  type JsonRpcSuccess,
} from './json-rpc.js';
import { McpError, McpSessionExpiredError, type McpCancelReason } from './mcp-error.js';
import type { McpApiClientOptions, McpCallOptions } from './mcp-options.js';
import { McpSession, SESSION_HEADER, VERSION_HEADER } from './mcp-session.js';
import { callLimits } from './call-deadline.js';
import { CallCancellation } from './call-cancellation.js';
import { mcpClientSettings, type McpClientSettings } from './mcp-client-settings.js';
import {
  MCP_PROTOCOL_VERSION,
  MCP_PROTOCOL_VERSIONS,
  probeOutcome,
  STATELESS_PROTOCOL_VERSION,
  statelessHeaders,
  unsupportedVersion,
  withStatelessMeta,
} from './protocol-versions.js';
import { answerServerRequest, BackgroundWork, cancelledNotification, guarded, reasonOf } from './server-requests.js';
import { McpTracing } from './mcp-tracing.js';
import { tracedWithin } from '../observe/watching.js';
import type { OtelSpan } from '../observe/telemetry.js';

/**
 * The JSON-RPC session of the MCP client over HTTP: starts it (`initialize`, or the stateless probe), sends
 * requests and notifications in it, hears the server's own messages, and ends it. The MCP features
 * (tools, resources, prompts) are {@link McpApiClient}'s.
 */
export class McpSessionClient extends ApiClient {
  readonly #settings: McpClientSettings;
  readonly #session: McpSession;
  readonly #exchange: McpExchange;
  readonly #background = new BackgroundWork();
  readonly #closing = new AbortController();
  /** Spans by the MCP conventions, when the client has `telemetry`. */
  readonly #tracing: McpTracing | undefined;
  #connecting: Promise<void> | undefined;

  /**
   * @param auth - an API key or OAuth token (see `authType`), a {@link TokenProvider} of OAuth tokens (renewed
   *   as they expire), or an auth method such as `bearerAuth(token)`
   * @param options - engine options (`baseUrl` defaults to `https://mcp.pagerduty.com`), `authType`, the
   *   session's, and the calls' time limits (`callTimeout`, `maxTotalTimeout`)
   */
  constructor(auth: AuthMethod | string | TokenProvider, options: McpApiClientOptions = {}) {
    const settings = mcpClientSettings(auth, options);
    super(settings.auth, checkedOptions(settings.engine));
    this.#settings = settings;
    this.#session = new McpSession(settings.era);
    this.#exchange = new McpExchange((verb, init) => this.#send(verb, init), internalOf(options).sleep ?? timerSleep);
    const { telemetry } = options;
    this.#tracing = telemetry && new McpTracing(telemetry, () => this.normalizeUrl(settings.path));
  }

  // Every request goes through the client's own post/get/delete, so that a subclass sees each one. A token
  // provider's refusals (401, 403 `insufficient_scope`) are the engine's to answer: it asks the provider for a
  // new token and sends the same request once more.
  #send(verb: 'POST' | 'GET' | 'DELETE', init: RequestOptions): Promise<Response> {
    if (verb === 'GET') return this.get(this.#settings.path, init);
    if (verb === 'DELETE') return this.delete(this.#settings.path, init);
    return this.post(this.#settings.path, init);
  }

  /** The `Mcp-Session-Id` the server assigned, sent on every later message; `undefined` before one. */
  get sessionId(): string | undefined {
    return this.#session.id;
  }

  /** The protocol version agreed in `initialize`, sent as `MCP-Protocol-Version`; `undefined` before. */
  get protocolVersion(): string | undefined {
    return this.#session.version;
  }

  /** MCP clients must accept both JSON and event-stream replies. */
  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), Accept: 'application/json, text/event-stream' };
  }

  /**
   * Starts the session: `initialize` (protocol version, capabilities, `clientInfo`), then
   * `notifications/initialized`. Keeps the session id and the agreed version. Runs once;
   * the first call runs it when it has not been; after a failure the next call tries again.
   *
   * @example
   * ```ts
   * await mcp.connect();
   * console.log(mcp.sessionId, mcp.protocolVersion);
   * ```
   */
  connect(): Promise<void> {
    this.#connecting ??= (this.#session.era === 'unknown' ? this.#probe() : this.#handshake()).catch(
      (error: unknown) => {
        this.#connecting = undefined;
        throw error;
      },
    );
    return this.#connecting;
  }

  /** Dual-era mode: the stateless revision if the server speaks it, else the initialize handshake. */
  async #probe(): Promise<void> {
    const id = globalThis.crypto.randomUUID();
    const params = withStatelessMeta({}, this.#settings.clientInfo, this.#settings.capabilities);
    const headers = { [VERSION_HEADER]: STATELESS_PROTOCOL_VERSION, ...statelessHeaders('server/discover', params) };
    const json = jsonRpcRequest('server/discover', params, id);
    const response = await this.#send('POST', { json, headers, retryMode: 'idempotent' });
    const text = await response.text();
    let body: unknown;
    try {
      body = jsonMessages(text)[0];
    } catch {
      body = undefined;
    }
    const outcome = probeOutcome(response.status, body, MCP_PROTOCOL_VERSIONS);
    if (outcome === 'refused') {
      const { error } = body as { error: JsonRpcErrorObject };
      throw new McpError(`server/discover (POST ${response.url})`, error, id, response.status);
    }
    this.#session.settleEra(outcome);
    if (outcome === 'legacy') await this.#handshake();
  }

  async #handshake(): Promise<void> {
    const { clientInfo, capabilities, listens } = this.#settings;
    await this.#request('initialize', { protocolVersion: MCP_PROTOCOL_VERSION, capabilities, clientInfo }, {}, false);
    await this.notify('notifications/initialized');
    if (listens) void this.#listen();
  }

  async #listen(): Promise<void> {
    const signal = this.#closing.signal;
    try {
      await this.#exchange.listen(this.#session, (message) => this.#heard(message), signal, this.maxResponseBytes);
    } catch (error) {
      if (!signal.aborted) this.log.debug(`the MCP server's stream ended: ${reasonOf(error)}`);
    }
  }

  /** A message from the server that is not a response: a request to answer, or a notification. */
  #heard(message: unknown): void {
    if (isJsonRpcRequest(message)) this.#answer(message);
    else if (isJsonRpcNotification(message)) {
      if (message.method === 'notifications/tools/list_changed') this.#session.toolsChanged();
      const { onNotification } = this.#settings;
      if (onNotification) guarded(this.log, 'onNotification', () => onNotification(message));
    }
  }

  /** In the background, so that a stream is read on while the answer is worked out; `close` waits for it. */
  #answer(request: JsonRpcRequest): void {
    const { onRequest, features } = this.#settings;
    const work = answerServerRequest(request, onRequest, features)
      .then((answer) => this.#post(answer))
      .catch((error: unknown) => this.log.warn(`answering the server's ${request.method} failed: ${reasonOf(error)}`));
    this.#background.add(work);
  }

  /**
   * Calls a JSON-RPC method and returns its response as soon as it arrives (an event
   * stream is read as it comes and closed after the response). Starts the session first
   * when there is none (unless the method is `initialize`: calling it yourself takes the
   * handshake over, `notifications/initialized` included).
   *
   * Only the methods in the safe list, and `tools/call` of a tool the last `tools/list`
   * marked read-only and idempotent, are retried or replayed; any other is sent at most
   * once. When a time limit runs out (`timeout`, restarted by progress; `maxTotalTimeout`;
   * the client's `timeout` as the longest silence of a reply) or `signal` fires, the server
   * is sent `notifications/cancelled` and the call rejects with `McpRequestCancelledError`.
   *
   * @param method - the method, such as `tools/list` or `tools/call`
   * @param params - its parameters
   * @param options - `id`, `timeout` and `maxTotalTimeout` (seconds), `signal`, `onProgress`; or the request id
   * @returns the JSON-RPC response whose id matches (its `result` holds the answer)
   * @throws McpError when the response has an `error` member
   * @throws McpRequestCancelledError when a time limit runs out (`reason: 'timeout'`) or `signal` fires
   * @throws McpSessionExpiredError when the session expired and the request may act
   * @throws HttpError for a non-success status without a JSON-RPC error
   * @throws HttpServerError when the reply is not JSON or holds no response to this request
   * @throws NetworkError when the request failed on the network (sent again only when provably not sent)
   *
   * @example
   * ```ts
   * const reply = await mcp.call('tools/call', { name: 'list_incidents', arguments: {} }, {
   *   timeout: 60,
   *   onProgress: (p) => console.log(p.progress, p.total),
   * });
   * console.log(reply.result);
   * ```
   */
  async call<T = unknown>(
    method: string,
    params?: Readonly<Record<string, unknown>>,
    options?: McpCallOptions | JsonRpcId,
  ): Promise<JsonRpcSuccess<T>> {
    const callOptions: McpCallOptions = typeof options === 'object' ? options : { id: options };
    if (this.#session.era === 'unknown' && method !== 'initialize') await this.connect();
    if (this.#session.era === 'stateless') {
      const sent = withStatelessMeta(params, this.#settings.clientInfo, this.#settings.capabilities);
      return this.#request<T>(method, sent, callOptions, false);
    }
    return this.#request<T>(method, params, callOptions, method !== 'initialize');
  }

  /** A request, in its own span when the client traces (the trace context in its `_meta`). */
  #request<T>(
    method: string,
    params: Readonly<Record<string, unknown>> | undefined,
    options: McpCallOptions,
    connectFirst: boolean,
  ): Promise<JsonRpcSuccess<T>> {
    const id = options.id ?? globalThis.crypto.randomUUID();
    if (this.#tracing === undefined) return this.#exchanged<T>(method, params, id, options, connectFirst);
    const request = { method, params, id };
    return this.#tracing.traced(request, this.#session, (sent, within) =>
      this.#exchanged<T>(method, sent, id, options, connectFirst, within),
    );
  }

  async #exchanged<T>(
    method: string,
    params: Readonly<Record<string, unknown>> | undefined,
    id: JsonRpcId,
    options: McpCallOptions,
    connectFirst: boolean,
    within?: OtelSpan,
  ): Promise<JsonRpcSuccess<T>> {
    const { onProgress } = options;
    const request = jsonRpcRequest(method, onProgress ? withProgressToken(params, id) : params, id);
    const limits = callLimits(this.#settings.limitDefaults, options, this.timeout);
    const cancellation = new CallCancellation(method, id, limits, options.signal);
    const repeatable = this.#session.mayRepeat(method, params);
    let sent = false;
    try {
      for (let replayed = false; ; replayed = true) {
        if (connectFirst || replayed) await cancellation.race(this.connect());
        const session = this.#session.id;
        sent = true;
        const result = await this.#exchange.exchange({
          request,
          headers: this.#session.headers(request),
          sessionHeaders: this.#session.headers(),
          retryMode: repeatable ? 'idempotent' : 'at-most-once',
          signal: cancellation.signal,
          watch: cancellation.deadline,
          onProgress:
            onProgress &&
            ((progress) => {
              cancellation.deadline.progress();
              guarded(this.log, 'onProgress', () => onProgress(progress));
            }),
          onMessage: (message) => this.#heard(message),
          maxBytes: this.maxResponseBytes,
          within,
        });
        if (result.kind === 'session-gone') {
          sent = false; // the server did not know the session, so it did not act on the request
          this.#forgetSession(session);
          if (!repeatable || replayed || method === 'initialize')
            throw new McpSessionExpiredError(method, session ?? '');
          continue;
        }
        if (result.kind === 'failed') throw withCause(this.httpError(failureParts(result)), result.cause);
        const { reply, response } = result;
        if ('error' in reply)
          throw new McpError(`${method} (POST ${response.url})`, reply.error, reply.id, response.status);
        if (method === 'initialize') this.#sessionStarted(response, reply.result);
        this.#session.answered(request, reply.result);
        return reply as JsonRpcSuccess<T>;
      }
    } catch (error) {
      if (cancellation.reason === undefined) throw error;
      // The request may have reached the server: tell it to stop (never for initialize).
      if (sent && method !== 'initialize') await this.#cancelled(id, cancellation.reason);
      throw cancellation.error;
    } finally {
      cancellation.stop();
    }
  }

  #sessionStarted(response: Response, result: unknown): void {
    const unsupported = unsupportedVersion(result);
    if (unsupported) throw new McpError(`initialize (POST ${response.url})`, unsupported, null, response.status);
    this.#session.start(response.headers.get(SESSION_HEADER), result, MCP_PROTOCOL_VERSION);
    // A caller who sent initialize through call() has the handshake in hand.
    this.#connecting ??= Promise.resolve();
  }

  /**
   * Sends a JSON-RPC notification (no id, no response). Starts the session first when
   * there is none, unless it is `notifications/initialized`.
   *
   * @param method - the notification
   * @param params - its parameters
   * @throws McpSessionExpiredError when the server no longer knew the session (404): the
   *   notification is not sent again, and the next call starts a new session
   * @throws HttpError when the server does not accept it (any other non-2xx status)
   * @example
   * ```ts
   * await mcp.notify('notifications/roots/list_changed');
   * ```
   */
  async notify(method: string, params?: Readonly<Record<string, unknown>>): Promise<void> {
    if (method !== 'notifications/initialized') await this.connect();
    const session = this.#session.id;
    try {
      if (this.#tracing === undefined) await this.#post(jsonRpcNotification(method, params));
      else
        await this.#tracing.traced({ method, params }, this.#session, (sent, within) =>
          this.#post(jsonRpcNotification(method, sent), within),
        );
    } catch (error) {
      if (session === undefined || !(error instanceof HttpError) || error.status !== 404) throw error;
      this.#forgetSession(session);
      throw new McpSessionExpiredError(method, session);
    }
  }

  /** Posts a message that gets no response (a notification, or the answer to a server request), at most once. */
  async #post(message: object, within?: OtelSpan): Promise<void> {
    const init = { json: message, headers: this.#session.headers(), retryMode: 'at-most-once' as const };
    const response = await this.#send('POST', tracedWithin(init, within));
    await this.successText('POST', response);
  }

  async #cancelled(requestId: JsonRpcId, reason: McpCancelReason): Promise<void> {
    try {
      await this.#post(cancelledNotification(requestId, reason));
    } catch (error) {
      this.log.warn(`notifications/cancelled for request ${JSON.stringify(requestId)} failed: ${reasonOf(error)}`);
    }
  }

  /** Forgets the session the server no longer knows (not one started since by another call). */
  #forgetSession(sessionId: string | undefined): void {
    if (this.#session.forget(sessionId)) this.#connecting = undefined;
  }

  /** The `outputSchema` the session's last `tools/list` gave a tool. */
  protected toolOutputSchema(tool: string): object | undefined {
    return this.#session.outputSchema(tool);
  }

  /**
   * Whether the session's last `tools/list` marked a tool read-only (`undefined`: not listed, or no list yet).
   * @internal
   */
  protected toolReadOnly(tool: string): { listed: boolean; readOnly: boolean | undefined } {
    return { listed: this.#session.toolsListed, readOnly: this.#session.readOnly(tool) };
  }

  /**
   * Ends the session: frees open streams, waits for answers to server requests under
   * way, sends DELETE with the session id (a 405, another status or a network error is
   * ignored: the server may not allow it), then frees the connections. The client must
   * not be used afterwards.
   *
   * @example
   * ```ts
   * await mcp.close();
   * ```
   */
  override async close(): Promise<void> {
    this.#closing.abort();
    this.#exchange.discardAll();
    await this.#background.settled();
    if (this.#session.id !== undefined) {
      try {
        const response = await this.#send('DELETE', { headers: this.#session.headers(), retryMode: 'at-most-once' });
        await response.text();
      } catch (error) {
        this.log.debug(`DELETE of the MCP session failed (ignored): ${reasonOf(error)}`);
      }
      this.#forgetSession(this.#session.id);
    }
    super.close();
  }

  /** `await using mcp = new McpApiClient(...)` ends the session at the end of the block. */
  override async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }
}
