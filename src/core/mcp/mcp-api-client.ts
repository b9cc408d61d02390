/**
 * `McpApiClient`: JSON-RPC 2.0 calls to PagerDuty's remote MCP server over POST `/mcp`,
 * with replies in plain JSON or as an event stream.
 *
 * @module
 */
import type { FetchResponse as Response } from '../transport/fetch-types.js';
import { ApiClient, type ApiClientOptions } from '../client/api-client.js';
import { authForType, type AuthMethod, type AuthType } from '../auth/auth-methods.js';
import {
  findJsonRpcResponse,
  jsonRpcNotification,
  jsonRpcRequest,
  replyMessages,
  type JsonRpcId,
  type JsonRpcSuccess,
} from './json-rpc.js';
import { McpError } from './mcp-error.js';

/** The MCP server's base URL (the endpoint is `/mcp` under it). */
export const MCP_BASE_URL = 'https://mcp.pagerduty.com';

/** The path every JSON-RPC message is posted to. */
const MCP_PATH = '/mcp';

/** The session header of MCP's streamable HTTP transport. */
const SESSION_HEADER = 'Mcp-Session-Id';

/** Options of {@link McpApiClient}: the engine's, plus how a string credential is sent. */
export interface McpApiClientOptions extends ApiClientOptions {
  /**
   * How a string credential is sent: `'token'` for an API key, `'bearer'`/`'oauth2'` for an
   * OAuth token (as `RestApiV2Client`). Only with a string credential.
   * @default 'token'
   */
  authType?: AuthType;
}

/** The auth method for a string credential and its `authType`, or the auth method given. */
function resolveAuth(auth: AuthMethod | string, authType: AuthType | undefined): AuthMethod {
  if (typeof auth === 'string') return authForType(auth, authType);
  if (authType !== undefined) throw new TypeError('authType applies only to a string credential, not to an auth method');
  return auth;
}

/**
 * A client of the MCP API. The credential is an API key (`Token`) or an OAuth token
 * (`Bearer`), given as a string with `authType`, or as an auth method.
 *
 * Replies sent as `text/event-stream` are read to the end of the stream (the server closes
 * it after the response), then the JSON-RPC response with the request's id is returned.
 *
 * @example
 * ```ts
 * await using mcp = new McpApiClient(process.env.PAGERDUTY_API_KEY!);
 * const { result } = await mcp.call<{ tools: { name: string }[] }>('tools/list');
 * console.log(result.tools.map((tool) => tool.name));
 * ```
 */
export class McpApiClient extends ApiClient {
  #sessionId: string | undefined;

  /**
   * @param auth - an API key or OAuth token (see `authType`), or an auth method such as `bearerAuth(token)`
   * @param options - engine options (`baseUrl` defaults to `https://mcp.pagerduty.com`) and `authType`
   */
  constructor(auth: AuthMethod | string, options: McpApiClientOptions = {}) {
    const { authType, ...engine } = options;
    super(resolveAuth(auth, authType), { ...engine, baseUrl: engine.baseUrl ?? MCP_BASE_URL });
  }

  /** The `Mcp-Session-Id` the server assigned, sent on every later message; `undefined` before one. */
  get sessionId(): string | undefined {
    return this.#sessionId;
  }

  /** MCP clients must accept both JSON and event-stream replies. */
  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), Accept: 'application/json, text/event-stream' };
  }

  /**
   * Calls a JSON-RPC method and returns its response.
   *
   * @param method - the method, such as `tools/list`, `tools/call` or `initialize`
   * @param params - its parameters
   * @param id - the request id; a random UUID when omitted
   * @returns the JSON-RPC response whose id matches (its `result` holds the answer)
   * @throws McpError when the response has an `error` member
   * @throws HttpError for a non-success status without a JSON-RPC error
   * @throws HttpServerError when the reply is not JSON or holds no response to this request
   *
   * @example
   * ```ts
   * const reply = await mcp.call('tools/call', {
   *   name: 'list_incidents',
   *   arguments: { query_model: { status: ['triggered'], limit: 10 } },
   * });
   * console.log(reply.result);
   * ```
   */
  async call<T = unknown>(
    method: string,
    params?: Readonly<Record<string, unknown>>,
    id?: JsonRpcId,
  ): Promise<JsonRpcSuccess<T>> {
    const requestId = id ?? globalThis.crypto.randomUUID();
    const response = await this.post(MCP_PATH, { json: jsonRpcRequest(method, params, requestId), headers: this.#sessionHeaders() });
    const text = await response.text();
    const messages = this.#messages(response, text);
    const reply = messages && findJsonRpcResponse(messages, requestId);
    if (reply && 'error' in reply) {
      throw new McpError(`${method} (POST ${response.url})`, reply.error, reply.id, response.status);
    }
    if (!response.ok) throw this.httpError({ method: 'POST', url: response.url, response, body: text });
    if (!reply) {
      const detail = messages
        ? `MCP server replied without a JSON-RPC response to request id ${JSON.stringify(requestId)}`
        : 'MCP server replied with a body that is not valid JSON';
      throw this.httpError({ method: 'POST', url: response.url, response, body: text, detail, kind: 'http-server' });
    }
    this.#keepSession(response);
    return reply as JsonRpcSuccess<T>;
  }

  /**
   * Sends a JSON-RPC notification (no id, no response), such as
   * `notifications/initialized` after `initialize`.
   *
   * @param method - the notification
   * @param params - its parameters
   * @throws HttpError when the server does not accept it (any non-2xx status)
   */
  async notify(method: string, params?: Readonly<Record<string, unknown>>): Promise<void> {
    const response = await this.post(MCP_PATH, { json: jsonRpcNotification(method, params), headers: this.#sessionHeaders() });
    await this.successText('POST', response);
    this.#keepSession(response);
  }

  /** The decoded messages of a reply, or `null` when it is not JSON (or not an event stream of JSON). */
  #messages(response: Response, text: string): unknown[] | null {
    try {
      return replyMessages(text, response.headers.get('content-type'));
    } catch {
      return null;
    }
  }

  #sessionHeaders(): Record<string, string> | undefined {
    return this.#sessionId === undefined ? undefined : { [SESSION_HEADER]: this.#sessionId };
  }

  #keepSession(response: Response): void {
    const session = response.headers.get(SESSION_HEADER);
    if (session) this.#sessionId = session;
  }
}
