import { checkedOptions, internalOf } from '../client/internal-options.js';
import { abortableSleep, timerSleep } from '../retry/abortable-sleep.js';
import { checkOptionNames } from '../client/option-names.js';
import { MCP_API_CLIENT_OPTION_NAMES } from './mcp-options.js';
import { ApiClient } from '../client/api-client.js';
import { authForType, isTokenProvider, type AuthMethod, type AuthType } from '../auth/auth-methods.js';
import type { TokenProvider } from '../auth/token-provider.js';
import type { RequestOptions } from '../client/client-options.js';
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { VERSION } from '../../generated/version.js';
import { regionalBaseUrl } from '../client/regions.js';
import { HttpError } from '../errors/error-classes.js';
import { discardLiveBody, readMessageEvents, type LiveBody } from './event-stream.js';
import { featureCapabilities } from './client-features.js';
import { outputSchemasAfterPage, structuredContentProblems } from './output-schemas.js';
import { DEFAULT_RECONNECT_MS, mediaType } from './mcp-exchange.js';
import {
  isJsonRpcNotification,
  isJsonRpcRequest,
  jsonMessages,
  jsonRpcNotification,
  jsonRpcRequest,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcSuccess,
} from './json-rpc.js';
import { McpError, McpSessionExpiredError } from './mcp-error.js';
import type { McpApiClientOptions, McpCallOptions } from './mcp-options.js';
import { OneWayMessages } from './one-way-messages.js';
import { mayRepeatRequest, repeatableToolsAfterPage } from './safe-methods.js';
import { McpSession, SESSION_HEADER, VERSION_HEADER } from './mcp-session.js';
import { probeOutcome, STATELESS_PROTOCOL_VERSION, statelessHeaders, withStatelessMeta } from './stateless-era.js';
import { callLimitDefaults, callLimits, type CallLimitDefaults } from './call-deadline.js';
import { sendRequest, type SendContext } from './send-request.js';
import { collect, cursorPages, type ListCaller } from './cursor-pages.js';
import type {
  McpCallToolResult,
  McpGetPromptResult,
  McpImplementation,
  McpPrompt,
  McpReadResourceResult,
  McpResource,
  McpTool,
} from './mcp-types.js';

export type { McpApiClientOptions, McpCallOptions } from './mcp-options.js';

/** The MCP server's base URL (the endpoint is `/mcp` under it). */
export const MCP_BASE_URL = 'https://mcp.pagerduty.com';

/** The protocol revision the client asks for in `initialize`: the newest it speaks. */
export const MCP_PROTOCOL_VERSION = '2025-11-25';

/** The revisions the client speaks: a server may answer `initialize` with any of them (newest first). */
export const MCP_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26']);

const MCP_PATH = '/mcp';

function checkedPath(path: string | undefined): string {
  if (path === undefined) return MCP_PATH;
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new TypeError('endpointPath must be a path starting with "/"');
  return path;
}

function resolveAuth(auth: AuthMethod | string | TokenProvider, authType: AuthType | undefined): AuthMethod {
  if (typeof auth === 'string' || isTokenProvider(auth)) return authForType(auth, authType);
  if (authType !== undefined)
    throw new TypeError('authType applies only to a string credential or a token provider, not to an auth method');
  return auth;
}

/**
 * A client of the MCP API. The credential is an API key (`Token`) or an OAuth token
 * (`Bearer`), given as a string with `authType`, or as an auth method.
 *
 * The session starts with {@link McpApiClient.connect}, or with the first call. A request
 * that may act (`tools/call`, anything not in the safe list) is sent at most once: never
 * retried once its body may have reached the server, never replayed on a new session. The
 * exception: a tool that the session's last `tools/list` marked with both `readOnlyHint`
 * and `idempotentHint` is retried like the safe methods.
 *
 * Every call ends: it waits at most `callTimeout` (60 s) for its response, each progress
 * report starting the wait over, at most `maxTotalTimeout` in all when set, and at most
 * the client's `timeout` (60 s) for the next bytes of a reply; then it is cancelled.
 *
 * @example
 * ```ts
 * await using mcp = new McpApiClient(process.env.PAGERDUTY_API_KEY!);
 * for await (const tool of mcp.iterTools()) console.log(tool.name);
 * const result = await mcp.callTool('list_incidents', { query_model: { limit: 5 } }, { timeout: 60 });
 * ```
 */
export class McpApiClient extends ApiClient {
  readonly #session = new McpSession();
  #connecting: Promise<void> | undefined;
  readonly #clientInfo: McpImplementation;
  readonly #capabilities: Readonly<Record<string, unknown>>;
  readonly #onNotification: ((message: JsonRpcNotification) => void) | undefined;
  readonly #oneWay: OneWayMessages;
  readonly #limitDefaults: CallLimitDefaults;
  readonly #liveBodies = new Set<LiveBody>();
  #repeatableTools: ReadonlySet<string> = new Set();
  #outputSchemas: ReadonlyMap<string, object> = new Map();
  readonly #sending: SendContext;
  readonly #path: string;
  readonly #listens: boolean;
  /** Which revision the server speaks: `unknown` until the dual-era probe; `legacy` is the initialize era. */
  #era: 'unknown' | 'stateless' | 'legacy';
  readonly #closing = new AbortController();
  readonly #sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;
  readonly #list: ListCaller = (method, params) => this.call(method, params);

  /**
   * @param auth - an API key or OAuth token (see `authType`), a {@link TokenProvider} of OAuth tokens (renewed
   *   as they expire), or an auth method such as `bearerAuth(token)`
   * @param options - engine options (`baseUrl` defaults to `https://mcp.pagerduty.com`), `authType`, the
   *   session's, and the calls' time limits (`callTimeout`, `maxTotalTimeout`)
   */
  constructor(auth: AuthMethod | string | TokenProvider, options: McpApiClientOptions = {}) {
    checkOptionNames('McpApiClient', options, MCP_API_CLIENT_OPTION_NAMES);
    const {
      authType,
      endpointPath,
      protocolEra,
      clientInfo,
      capabilities,
      onNotification,
      onRequest,
      onElicitation,
      onSampling,
      roots,
      callTimeout,
      maxTotalTimeout,
      ...engine
    } = options;
    const features = { onElicitation, onSampling, roots: roots && roots.map((root) => ({ ...root })) };
    const limitDefaults = callLimitDefaults({ callTimeout, maxTotalTimeout });
    if (protocolEra !== undefined && protocolEra !== 'stateful' && protocolEra !== 'auto')
      throw new TypeError(`protocolEra must be 'stateful' or 'auto', not ${JSON.stringify(protocolEra)}`);
    const resolved = resolveAuth(auth, authType);
    const provider = resolved.kind === 'token-provider' ? resolved.provider : undefined;
    const baseUrl = engine.baseUrl ?? regionalBaseUrl(MCP_BASE_URL, engine.region, provider);
    super(resolved, checkedOptions({ ...engine, baseUrl }));
    this.#limitDefaults = limitDefaults;
    this.#path = checkedPath(endpointPath);
    this.#era = protocolEra === 'auto' ? 'unknown' : 'legacy';
    this.#sleep = internalOf(options).sleep ?? timerSleep;
    this.#clientInfo = { ...(clientInfo ?? { name: 'pagerduty-client', version: VERSION }) };
    this.#capabilities = { ...featureCapabilities(features), ...capabilities };
    // The server's own stream is opened only when the client has something to hear on it.
    this.#listens = [onNotification, onRequest, onElicitation, onSampling, roots].some((given) => given !== undefined);
    this.#onNotification = onNotification;
    this.#oneWay = new OneWayMessages({
      post: (message) => this.#post(message),
      log: () => this.log,
      onRequest,
      features,
    });
    this.#sending = this.#sendContext();
  }

  #sendContext(): SendContext {
    return {
      exchangeHost: {
        post: (init) => this.#send('POST', init),
        get: (init) => this.#send('GET', init),
        sessionHeaders: (request) => ({
          ...this.#session.headers(),
          ...(this.#era === 'stateless' && request ? statelessHeaders(request.method, request.params) : {}),
        }),
        httpError: (parts) => this.httpError(parts),
        notification: (message) => this.#notified(message),
        serverRequest: (message) => this.#oneWay.answer(message),
        sleep: (seconds, signal) => abortableSleep(this.#sleep, seconds, signal),
        track: (body) => {
          this.#liveBodies.add(body);
          return () => this.#liveBodies.delete(body);
        },
      },
      connect: () => this.connect(),
      sessionId: () => this.#session.id,
      forgetSession: (sessionId) => this.#forgetSession(sessionId),
      sessionStarted: (response, result) => {
        const agreed = (result as { protocolVersion?: unknown } | null)?.protocolVersion;
        // The specification: a client that does not speak the server's choice does not go on.
        if (typeof agreed === 'string' && !MCP_PROTOCOL_VERSIONS.includes(agreed))
          throw new McpError(
            `initialize (POST ${response.url})`,
            {
              code: -32602,
              message: `unsupported version ${agreed} (the client speaks ${MCP_PROTOCOL_VERSIONS.join(', ')})`,
              data: { supported: MCP_PROTOCOL_VERSIONS, requested: agreed },
            },
            null,
            response.status,
          );
        this.#session.start(response.headers.get(SESSION_HEADER), result, MCP_PROTOCOL_VERSION);
        this.#repeatableTools = new Set();
        // A caller who sent initialize through call() has the handshake in hand.
        this.#connecting ??= Promise.resolve();
      },
      answered: (request, result) => {
        if (request.method !== 'tools/list') return;
        this.#repeatableTools = repeatableToolsAfterPage(this.#repeatableTools, request.params, result);
        this.#outputSchemas = outputSchemasAfterPage(this.#outputSchemas, request.params, result);
      },
      mayRepeat: (method, params) => mayRepeatRequest(method, params, this.#repeatableTools),
      limits: (options) => callLimits(this.#limitDefaults, options, this.timeout),
      notifyCancelled: (id, reason) => this.#oneWay.cancelled(id, reason),
      guard: (what, callback) => this.#oneWay.guard(what, callback),
    };
  }

  // A token provider's refusals (401, 403 `insufficient_scope`) are the engine's to answer: it asks the
  // provider for a new token and sends the same request once more.
  #send(verb: 'POST' | 'GET' | 'DELETE', init: RequestOptions): Promise<Response> {
    if (verb === 'GET') return this.get(this.#path, init);
    if (verb === 'DELETE') return this.delete(this.#path, init);
    return this.post(this.#path, init);
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
    this.#connecting ??= (this.#era === 'unknown' ? this.#probe() : this.#handshake()).catch((error: unknown) => {
      this.#connecting = undefined;
      throw error;
    });
    return this.#connecting;
  }

  /** Dual-era mode: the stateless revision if the server speaks it, else the initialize handshake. */
  async #probe(): Promise<void> {
    const id = globalThis.crypto.randomUUID();
    const params = withStatelessMeta({}, this.#clientInfo, this.#capabilities);
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
    this.#era = outcome;
    if (outcome === 'legacy') return this.#handshake();
    this.#session.start(null, { protocolVersion: STATELESS_PROTOCOL_VERSION }, STATELESS_PROTOCOL_VERSION);
  }

  async #handshake(): Promise<void> {
    const params = {
      protocolVersion: MCP_PROTOCOL_VERSION,
      capabilities: this.#capabilities,
      clientInfo: this.#clientInfo,
    };
    await sendRequest(this.#sending, 'initialize', params, {}, false);
    await this.notify('notifications/initialized');
    if (this.#listens) void this.#listen(this.#session.id);
  }

  /**
   * The server's own stream (GET): its requests and notifications, while the session lasts.
   * Not offered (405, or no event stream): nothing to do. Reopened after the server closes it
   * when its events had ids, after its `retry:` delay.
   */
  async #listen(sessionId: string | undefined): Promise<void> {
    const signal = this.#closing.signal;
    let lastEventId: string | undefined;
    let retryMs: number | undefined;
    try {
      while (this.#session.id === sessionId && !signal.aborted) {
        const headers: Record<string, string> = { ...this.#session.headers(), Accept: 'text/event-stream' };
        if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
        const response = await this.#send('GET', { headers, stream: true, signal });
        if (!response.ok || mediaType(response) !== 'text/event-stream' || response.body === null) {
          discardLiveBody(response.body);
          return;
        }
        this.#liveBodies.add(response.body);
        const outcome = await readMessageEvents(response.body, (message) => this.#heard(message), { lastEventId });
        this.#liveBodies.delete(response.body);
        if (!outcome.gaveEventId) return;
        lastEventId = outcome.lastEventId;
        retryMs = outcome.retryMs ?? retryMs;
        await abortableSleep(this.#sleep, (retryMs ?? DEFAULT_RECONNECT_MS) / 1000, signal);
      }
    } catch (error) {
      if (!signal.aborted)
        this.log.debug(`the MCP server's stream ended: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A message on the server's own stream: a request to answer, or a notification. */
  #heard(message: unknown): boolean {
    if (isJsonRpcRequest(message)) this.#oneWay.answer(message);
    else if (isJsonRpcNotification(message)) this.#notified(message);
    return false;
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
    if (this.#era === 'unknown' && method !== 'initialize') await this.connect();
    if (this.#era === 'stateless') {
      const sent = withStatelessMeta(params, this.#clientInfo, this.#capabilities);
      return sendRequest<T>(this.#sending, method, sent, callOptions, false);
    }
    return sendRequest<T>(this.#sending, method, params, callOptions, method !== 'initialize');
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
      await this.#post(jsonRpcNotification(method, params));
    } catch (error) {
      if (session === undefined || !(error instanceof HttpError) || error.status !== 404) throw error;
      this.#forgetSession(session);
      throw new McpSessionExpiredError(method, session);
    }
  }

  /** Posts a message that gets no response (a notification, or the answer to a server request), at most once. */
  async #post(message: object): Promise<void> {
    const response = await this.#send('POST', {
      json: message,
      headers: this.#session.headers(),
      retryMode: 'at-most-once',
    });
    await this.successText('POST', response);
  }

  /** A changed tool list may change the tools' hints: until the next `tools/list`, every tool is at most once. */
  #notified(message: JsonRpcNotification): void {
    if (message.method === 'notifications/tools/list_changed') {
      this.#repeatableTools = new Set();
      this.#outputSchemas = new Map();
    }
    this.#oneWay.guard('onNotification', () => this.#onNotification?.(message));
  }

  /** Forgets the session the server no longer knows (not one started since by another call). */
  #forgetSession(sessionId: string | undefined): void {
    if (!this.#session.forget(sessionId)) return;
    this.#connecting = undefined;
    this.#repeatableTools = new Set();
    this.#outputSchemas = new Map();
  }

  /**
   * Every tool, all pages collected (see {@link McpApiClient.iterTools}).
   *
   * @example
   * ```ts
   * const tools = await mcp.listTools();
   * ```
   */
  listTools(): Promise<McpTool[]> {
    return collect(this.iterTools());
  }

  /** The tools, page by page as the loop needs them (`tools/list` with `nextCursor`). */
  iterTools(): AsyncGenerator<McpTool, void, undefined> {
    return cursorPages<McpTool>(this.#list, 'tools/list', 'tools');
  }

  /**
   * Calls a tool (`tools/call`), at most once unless the last `tools/list` marked it
   * `readOnlyHint` and `idempotentHint`. A tool's own failure comes back as a result with
   * `isError: true`; a JSON-RPC error throws `McpError`. When the session's last `tools/list`
   * gave the tool an `outputSchema`, its `structuredContent` is checked against it.
   *
   * @param args - the tool's arguments
   * @param options - `timeout` and `maxTotalTimeout` (seconds), `signal`, `onProgress`, `id`
   * @throws McpError (-32602) when `structuredContent` is missing or does not match the tool's `outputSchema`
   * @example
   * ```ts
   * const result = await mcp.callTool('get_incident', { incident_id: 'Q1' }, { timeout: 30 });
   * if (!result.isError) console.log(result.content);
   * ```
   */
  async callTool(
    name: string,
    args?: Readonly<Record<string, unknown>>,
    options?: McpCallOptions,
  ): Promise<McpCallToolResult> {
    const reply = await this.call<McpCallToolResult>('tools/call', { name, arguments: args ?? {} }, options);
    const schema = this.#outputSchemas.get(name);
    const problems = schema === undefined ? [] : await structuredContentProblems(schema, reply.result);
    // As the official SDK: invalid params (-32602), here of the result.
    if (problems.length > 0)
      throw new McpError(
        `tools/call ${name}`,
        { code: -32602, message: `the result does not match the tool's outputSchema: ${problems.join('; ')}` },
        reply.id,
        200,
      );
    return reply.result;
  }

  /** Every resource, all pages collected. */
  listResources(): Promise<McpResource[]> {
    return collect(this.iterResources());
  }

  /** The resources, page by page as the loop needs them. */
  iterResources(): AsyncGenerator<McpResource, void, undefined> {
    return cursorPages<McpResource>(this.#list, 'resources/list', 'resources');
  }

  /** Reads a resource (`resources/read`). */
  async readResource(uri: string, options?: McpCallOptions): Promise<McpReadResourceResult> {
    return (await this.call<McpReadResourceResult>('resources/read', { uri }, options)).result;
  }

  /** Every prompt, all pages collected. */
  listPrompts(): Promise<McpPrompt[]> {
    return collect(this.iterPrompts());
  }

  /** The prompts, page by page as the loop needs them. */
  iterPrompts(): AsyncGenerator<McpPrompt, void, undefined> {
    return cursorPages<McpPrompt>(this.#list, 'prompts/list', 'prompts');
  }

  /** A prompt filled with its arguments (`prompts/get`). */
  async getPrompt(
    name: string,
    args?: Readonly<Record<string, string>>,
    options?: McpCallOptions,
  ): Promise<McpGetPromptResult> {
    return (
      await this.call<McpGetPromptResult>(
        'prompts/get',
        args === undefined ? { name } : { name, arguments: args },
        options,
      )
    ).result;
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
    for (const body of this.#liveBodies) discardLiveBody(body);
    this.#liveBodies.clear();
    await this.#oneWay.settled();
    if (this.#session.id !== undefined) {
      try {
        const response = await this.#send('DELETE', { headers: this.#session.headers(), retryMode: 'at-most-once' });
        await response.text();
      } catch (error) {
        this.log.debug(
          `DELETE of the MCP session failed (ignored): ${error instanceof Error ? error.message : String(error)}`,
        );
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
