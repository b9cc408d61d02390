import { withApiClientOptionNames, type ApiClientOptions } from '../client/client-options.js';
import type { OptionNames } from '../client/option-names.js';
import type { AuthType } from '../auth/auth-methods.js';
import type { JsonRpcId, JsonRpcNotification } from './json-rpc.js';
import type { McpImplementation, McpProgress } from './mcp-types.js';
import type { McpRequestHandler } from './server-requests.js';
import type { McpElicitationRequest, McpElicitationResult, McpRoot } from './client-features.js';
import type { McpToolPolicy } from './tool-policy.js';

/** Options of {@link McpApiClient}: the engine's, plus the session's. */
export interface McpApiClientOptions extends ApiClientOptions {
  /**
   * Seconds (at most 600) one attempt may take to connect and get its headers, and the
   * longest the server may stay silent while a reply is read: the time between two chunks
   * of an event stream (keep-alives count), or to read a JSON body. When it runs out the
   * call is cancelled as by its deadline (`McpRequestCancelledError`, `timeLimit: 'silence'`).
   * @default 60
   */
  timeout?: number;
  /**
   * Seconds a call waits for its response when it sets no `timeout` of its own; each
   * progress report of the call (it asks for them with `onProgress`) starts the wait over,
   * as the official MCP SDK's `resetTimeoutOnProgress`. At most 3600.
   * @default 60
   */
  callTimeout?: number;
  /**
   * Seconds a call may take in all, progress or not, when it sets no `maxTotalTimeout` of
   * its own. At most 86400.
   * @default none (only `callTimeout`, restarted by progress, bounds a call)
   */
  maxTotalTimeout?: number;
  /**
   * How a string credential is sent: `'token'` for an API key, `'bearer'`/`'oauth2'` for an
   * OAuth token (as `RestApiV2Client`). Only with a string credential.
   * @default 'token'
   */
  authType?: AuthType;
  /** The `clientInfo` of `initialize`. @default `{ name: 'pagerduty-client', version: <the library's> }` */
  clientInfo?: McpImplementation;
  /**
   * Client capabilities declared in `initialize`, besides those the handlers declare
   * (`onElicitation` declares `elicitation`, `onSampling` `sampling`, `roots` `roots`), which
   * these are merged over. Elicitation is best answered with `onElicitation`, which fills the
   * schema's defaults; declaring `elicitation` here and answering through `onRequest` applies none.
   * @default {}
   */
  capabilities?: Readonly<Record<string, unknown>>;
  /**
   * Which tool calls are sent: allow and deny lists per tool and `action`, `allowWrites`, `dryRun`,
   * and a `confirm` hook for calls that may write. Checked before any request; a refused call throws
   * `McpToolRefusedError` naming the rule. See {@link McpToolPolicy}.
   * @default none (every call is sent)
   */
  toolPolicy?: McpToolPolicy;
  /**
   * The path of the MCP endpoint under `baseUrl` (PagerDuty's is `/mcp`; another server's
   * may be `/` or anything else).
   * @default '/mcp'
   */
  endpointPath?: string;
  /**
   * `auto` (dual-era, opt-in): try the stateless 2026-07-28 revision first (`server/discover`,
   * no session, `Mcp-Method`/`Mcp-Name` headers); a server that answers with a `400` that is not
   * one of that revision's errors gets `initialize` (2025-11-25) instead. The client remembers
   * which era its server speaks.
   * @default 'stateful' (the initialize handshake only)
   */
  protocolEra?: 'stateful' | 'auto';
  /** Every notification the server sends on a stream, but a call's own progress (which goes to its `onProgress`). */
  onNotification?: (message: JsonRpcNotification) => void;
  /**
   * Answers a request the server sends on a stream (`elicitation/create`,
   * `sampling/createMessage`, ...): return its result, or `undefined` to leave it to the
   * default (`ping` answered with `{}`, anything else with error -32601); throw an
   * `McpError` (or anything with a numeric `code`) to answer with that error.
   */
  onRequest?: McpRequestHandler;
  /**
   * Answers the server's `elicitation/create` (form mode: return the values, the schema's
   * defaults fill those left out; URL mode: send the user to `url` and return the action).
   * Declares the `elicitation` capability (form and URL). Returning nothing declines.
   */
  onElicitation?: (request: McpElicitationRequest) => McpElicitationResult | Promise<McpElicitationResult>;
  /** Answers the server's `sampling/createMessage` with a model's message; declares `sampling`. */
  onSampling?: (params: Readonly<Record<string, unknown>>) => unknown;
  /** The roots offered to the server's `roots/list`; declares `roots`. */
  roots?: readonly McpRoot[];
}

/** The names of {@link McpApiClientOptions}, checked at construction. */
export const MCP_API_CLIENT_OPTION_NAMES: OptionNames<McpApiClientOptions> = /* @__PURE__ */ withApiClientOptionNames({
  authType: true,
  endpointPath: true,
  protocolEra: true,
  callTimeout: true,
  maxTotalTimeout: true,
  clientInfo: true,
  capabilities: true,
  onNotification: true,
  onRequest: true,
  onElicitation: true,
  onSampling: true,
  roots: true,
  toolPolicy: true,
});

/** Options of one call. */
export interface McpCallOptions {
  /** The request id. @default a random UUID */
  id?: JsonRpcId;
  /**
   * Seconds to wait for the response, the session's start included when the call starts
   * it; each progress report of the call starts the wait over. Then the call is cancelled
   * (`McpRequestCancelledError`, `timeLimit: 'timeout'`). At most 3600.
   * @default the client's `callTimeout` (60)
   */
  timeout?: number;
  /**
   * Seconds the call may take in all, progress or not; then it is cancelled
   * (`timeLimit: 'maxTotalTimeout'`). At most 86400.
   * @default the client's `maxTotalTimeout` (none)
   */
  maxTotalTimeout?: number;
  /** Cancels the call when it fires. */
  signal?: AbortSignal;
  /** Progress reports of this call, in order (the request is sent with a `progressToken`). */
  onProgress?: (progress: McpProgress) => void;
}
