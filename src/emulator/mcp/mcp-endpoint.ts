/**
 * The emulator's MCP endpoint, `/mcp`, on MCP's Streamable HTTP transport (revision
 * 2025-11-25, also 2025-06-18 and 2025-03-26): API keys as on the REST side (or, with `auth: 'oauth'`, only the
 * identity service's OAuth tokens, a 401 pointing to the resource metadata), sessions by `Mcp-Session-Id`, the
 * `MCP-Protocol-Version` check, then `initialize`, `ping`, `tools/list` and `tools/call`.
 * `GET` answers 405: the server never opens a stream of its own.
 *
 * @module
 */
import type { IncomingMessage as HttpRequest, ServerResponse } from 'node:http';
import { VERSION } from '../../generated/version.js';
import { BodyTooLargeError, readBody, writeReply } from '../server/http-io.js';
import type { Reply } from '../server/replies.js';
import { parseAuthorization, type Credentials } from '../server/rest-auth.js';
import type { EmulatorStore, KeyIdentity } from '../store/store.js';
import type { McpAuth } from '../emulator-options.js';
import { bearerChallenge } from './mcp-resource-metadata.js';
import {
  MCP_PROTOCOL_VERSION,
  readMessage,
  rpcError,
  rpcResult,
  RPC_ERRORS,
  SESSION_HEADER,
  SUPPORTED_MCP_VERSIONS,
  VERSION_HEADER,
  type RpcId,
} from './mcp-protocol.js';
import type { McpSession, McpSessions } from './mcp-sessions.js';
import { toolsPage, type ToolSelection } from './mcp-tool-catalogue.js';
import { ToolArgumentError } from './mcp-tool.js';
import { serveToolCall } from './mcp-tool-call.js';
import { foreignHostOrOrigin } from './mcp-host-check.js';

/** The name the emulator gives in `serverInfo`. */
export const MCP_SERVER_NAME = 'pagerduty-client-emulator';

/** What the endpoint works with; `writeTools`, `toolSet` and `demoTools` choose the tools. */
export interface McpEndpointSetup extends ToolSelection {
  /** The state the tools act on. */
  store: EmulatorStore;
  /** The sessions. */
  sessions: McpSessions;
  /** How slow tools wait; the signal aborts when the call is cancelled. */
  delay: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /** `key`: an API key or an OAuth token; `oauth`: only OAuth tokens, else 401 with a challenge. @default 'key' */
  auth?: McpAuth;
}

/** One HTTP exchange. */
export interface McpExchange {
  /** The response's `x-request-id`. */
  requestId: string;
  /** Records the request once its status is known, with the JSON-RPC method and tool name. */
  record: (status: number, rpcMethod?: string, tool?: string) => void;
}

function header(request: HttpRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const failure = (status: number, code: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: rpcError(null, code, message),
  headers,
});

/** The session a request names: 400 without the header, 404 for one unknown, ended or another key's. */
function sessionOf(setup: McpEndpointSetup, request: HttpRequest, key: string): McpSession | Reply {
  const id = header(request, SESSION_HEADER);
  if (!id) return failure(400, RPC_ERRORS.invalidRequest, 'Bad Request: Mcp-Session-Id header is required');
  const session = setup.sessions.get(id);
  if (!session || session.key !== key) return failure(404, RPC_ERRORS.invalidRequest, 'Session not found');
  return session;
}

/**
 * Who calls, and the key their sessions belong to: an API key, or the OAuth client and user of a token (a
 * renewed token keeps the sessions). With `auth: 'oauth'`, only a Bearer token of the identity service.
 */
function callerOf(
  setup: McpEndpointSetup,
  credentials: Credentials,
): { key: string; identity: KeyIdentity } | undefined {
  const { secret } = credentials;
  const oauthOnly = setup.auth === 'oauth';
  if (oauthOnly && credentials.scheme !== 'bearer') return undefined;
  const identity = oauthOnly ? setup.store.oauth.identify(secret) : setup.store.identify(secret);
  if (identity === undefined) return undefined;
  return { key: setup.store.oauth.principal(secret) ?? secret, identity };
}

function unauthenticated(setup: McpEndpointSetup): Reply {
  if (setup.auth !== 'oauth')
    return failure(
      401,
      RPC_ERRORS.unauthorized,
      'Authentication failed: send an API key as "Token token=<key>" or "Bearer <key>"',
    );
  return failure(
    401,
    RPC_ERRORS.unauthorized,
    'Authentication failed: send an OAuth access token as "Bearer <token>"',
    {
      'WWW-Authenticate': bearerChallenge(setup.store.baseUrl),
    },
  );
}

const isSession = (value: McpSession | Reply): value is McpSession => !('status' in value);

function initialize(setup: McpEndpointSetup, id: RpcId, params: Readonly<Record<string, unknown>>, key: string): Reply {
  const asked = params.protocolVersion;
  const protocolVersion =
    typeof asked === 'string' && SUPPORTED_MCP_VERSIONS.includes(asked) ? asked : MCP_PROTOCOL_VERSION;
  const session = setup.sessions.open(key, protocolVersion);
  const result = {
    protocolVersion,
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: MCP_SERVER_NAME, version: VERSION },
  };
  return { status: 200, headers: { 'Mcp-Session-Id': session.id }, body: rpcResult(id, result) };
}

function toolsList(id: RpcId, params: Readonly<Record<string, unknown>>, selection: ToolSelection): Reply {
  try {
    return { status: 200, body: rpcResult(id, toolsPage(params.cursor, selection)) };
  } catch (error) {
    if (error instanceof ToolArgumentError)
      return { status: 200, body: rpcError(id, RPC_ERRORS.invalidParams, error.message) };
    throw error;
  }
}

/** A POST's answer and JSON-RPC method; no answer when a tool call wrote its own. */
interface PostOutcome {
  reply?: Reply;
  rpcMethod?: string;
}

async function post(
  setup: McpEndpointSetup,
  request: HttpRequest,
  response: ServerResponse,
  exchange: McpExchange,
  caller: { key: string; identity: KeyIdentity },
): Promise<PostOutcome> {
  const { key } = caller;
  const raw = await readBody(request).catch((error: unknown) => {
    if (error instanceof BodyTooLargeError) return error;
    throw error;
  });
  if (raw instanceof BodyTooLargeError) return { reply: failure(413, RPC_ERRORS.invalidRequest, raw.message) };
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { reply: failure(400, RPC_ERRORS.parseError, 'Parse error: the body is not JSON') };
  }
  const message = readMessage(value);
  if (message.kind === 'invalid') return { reply: failure(400, RPC_ERRORS.invalidRequest, message.reason) };
  if (message.kind === 'request' && message.method === 'initialize')
    return { reply: initialize(setup, message.id, message.params, key), rpcMethod: 'initialize' };
  const session = sessionOf(setup, request, key);
  if (!isSession(session))
    return { reply: session, rpcMethod: message.kind === 'response' ? undefined : message.method };
  if (message.kind === 'response') return { reply: { status: 202 } };
  if (message.kind === 'notification') {
    const { requestId } = message.params;
    if (
      message.method === 'notifications/cancelled' &&
      (typeof requestId === 'string' || typeof requestId === 'number')
    )
      setup.sessions.cancel(session, requestId);
    return { reply: { status: 202 }, rpcMethod: message.method };
  }
  const rpcMethod = message.method;
  if (rpcMethod === 'ping') return { reply: { status: 200, body: rpcResult(message.id, {}) }, rpcMethod };
  if (rpcMethod === 'tools/list') return { reply: toolsList(message.id, message.params, setup), rpcMethod };
  if (rpcMethod !== 'tools/call')
    return {
      reply: { status: 200, body: rpcError(message.id, RPC_ERRORS.methodNotFound, `Method not found: ${rpcMethod}`) },
      rpcMethod,
    };
  const accept = header(request, 'accept') ?? '';
  await serveToolCall(
    {
      ...setup,
      session,
      identity: caller.identity,
      from: header(request, 'from'),
      streams: accept.toLowerCase().includes('text/event-stream'),
      requestId: exchange.requestId,
      record: (status, tool) => exchange.record(status, 'tools/call', tool),
    },
    message.id,
    message.params,
    response,
  );
  return {};
}

/**
 * Serves one HTTP request to `/mcp`: answers it in full (JSON, 202, or an event stream).
 *
 * @example
 * ```ts
 * if (path === MCP_ENDPOINT_PATH) return serveMcp(setup, request, response, { requestId, record });
 * ```
 */
export async function serveMcp(
  setup: McpEndpointSetup,
  request: HttpRequest,
  response: ServerResponse,
  exchange: McpExchange,
): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const answer = (reply: Reply, rpcMethod?: string): void => {
    exchange.record(reply.status, rpcMethod);
    writeReply(response, reply, exchange.requestId);
  };
  const foreign = foreignHostOrOrigin(header(request, 'host'), header(request, 'origin'));
  if (foreign !== undefined) {
    request.resume();
    return answer(failure(403, RPC_ERRORS.invalidRequest, `Forbidden: ${foreign} (DNS rebinding protection)`));
  }
  if (method !== 'POST' && method !== 'DELETE') {
    request.resume();
    return answer(
      failure(405, RPC_ERRORS.invalidRequest, 'Method not allowed: this server opens no stream of its own', {
        Allow: 'POST, DELETE',
      }),
    );
  }
  const credentials = parseAuthorization(header(request, 'authorization'));
  const caller = credentials && callerOf(setup, credentials);
  if (caller === undefined) {
    request.resume();
    return answer(unauthenticated(setup));
  }
  const { key } = caller;
  const version = header(request, VERSION_HEADER);
  if (version !== undefined && !SUPPORTED_MCP_VERSIONS.includes(version)) {
    request.resume();
    return answer(
      failure(
        400,
        RPC_ERRORS.invalidRequest,
        `Bad Request: unsupported MCP-Protocol-Version ${version} (supported: ${SUPPORTED_MCP_VERSIONS.join(', ')})`,
      ),
    );
  }
  if (method === 'DELETE') {
    request.resume();
    const session = sessionOf(setup, request, key);
    if (!isSession(session)) return answer(session);
    setup.sessions.end(session.id);
    return answer({ status: 200 });
  }
  const outcome = await post(setup, request, response, exchange, caller);
  if (outcome.reply) answer(outcome.reply, outcome.rpcMethod);
}
