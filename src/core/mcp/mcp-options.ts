/**
 * The options of `McpApiClient` and of one of its calls.
 *
 * @module
 */
import { API_CLIENT_OPTION_NAMES, type ApiClientOptions } from '../client/client-options.js';
import type { OptionNames } from '../client/option-names.js';
import type { AuthType } from '../auth/auth-methods.js';
import type { JsonRpcId, JsonRpcNotification } from './json-rpc.js';
import type { McpImplementation, McpProgress } from './mcp-types.js';
import type { McpRequestHandler } from './server-requests.js';

/** Options of {@link McpApiClient}: the engine's, plus the session's. */
export interface McpApiClientOptions extends ApiClientOptions {
  /**
   * How a string credential is sent: `'token'` for an API key, `'bearer'`/`'oauth2'` for an
   * OAuth token (as `RestApiV2Client`). Only with a string credential.
   * @default 'token'
   */
  authType?: AuthType;
  /** The `clientInfo` of `initialize`. @default `{ name: 'pagerduty-client', version: <the library's> }` */
  clientInfo?: McpImplementation;
  /** The client capabilities declared in `initialize` (`{ elicitation: {} }` with an `onRequest` that answers it). @default {} */
  capabilities?: Readonly<Record<string, unknown>>;
  /** Every notification the server sends on a stream, but a call's own progress (which goes to its `onProgress`). */
  onNotification?: (message: JsonRpcNotification) => void;
  /**
   * Answers a request the server sends on a stream (`elicitation/create`,
   * `sampling/createMessage`, ...): return its result, or `undefined` to leave it to the
   * default (`ping` answered with `{}`, anything else with error -32601); throw an
   * `McpError` (or anything with a numeric `code`) to answer with that error.
   */
  onRequest?: McpRequestHandler;
}

/** The names of {@link McpApiClientOptions}, checked at construction. */
export const MCP_API_CLIENT_OPTION_NAMES: OptionNames<McpApiClientOptions> = Object.freeze({
  ...API_CLIENT_OPTION_NAMES,
  authType: true,
  clientInfo: true,
  capabilities: true,
  onNotification: true,
  onRequest: true,
});

/** Options of one call. */
export interface McpCallOptions {
  /** The request id. @default a random UUID */
  id?: JsonRpcId;
  /** Seconds to wait for the response, the whole call included; then the call is cancelled. */
  timeout?: number;
  /** Cancels the call when it fires. */
  signal?: AbortSignal;
  /** Progress reports of this call, in order (the request is sent with a `progressToken`). */
  onProgress?: (progress: McpProgress) => void;
}
