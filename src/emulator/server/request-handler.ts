/**
 * The request handler: request id, faults, then the Events API (`/v2/...`, no REST auth),
 * the MCP endpoint (`/mcp`, which writes its own replies) or the REST API (auth, route,
 * JSON body, handler). It only routes; every decision is in
 * the modules it calls.
 *
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { unrecognizedEventBody } from '../events/incoming-event-validation.js';
import { handleAlertEvent, handleChangeEvent } from '../events/events-api.js';
import { faultReply } from '../faults/fault-replies.js';
import type { FaultPlan } from '../faults/faults.js';
import { KeyRateLimit, rateLimitHeaders, UNBUDGETED_LIMIT } from '../faults/key-rate-limit.js';
import { corsHeaders, preflightHeaders } from './cors.js';
import { BodyTooLargeError, readBody, writeReply } from './http-io.js';
import { ERROR_CODES, invalidInput, notFound, ReplyError, restError, type Reply } from './replies.js';
import type { RequestLog, RequestRecord } from './request-log.js';
import { authenticate, parseAuthorization } from './rest-auth.js';
import { findRoute, wellEscaped, type Route } from './router.js';
import { ADMIN_PREFIX, adminReply, type AdminActions } from './admin-surface.js';
import { REST_ROUTES } from '../routes/index.js';
import type { EmulatorStore, KeyIdentity } from '../store/store.js';
import { serveMcp, type McpEndpointSetup } from '../mcp/mcp-endpoint.js';
import { MCP_ENDPOINT_PATH } from '../mcp/mcp-protocol.js';
import { IDENTITY_PATHS, identityReply } from '../routes/identity.js';
import { protectedResourceMetadata, RESOURCE_METADATA_PATH } from '../mcp/mcp-resource-metadata.js';
import { runDueTimers } from '../store/clock-driven.js';

/** What the handler works with. */
export interface RequestHandlerSetup {
  /** The state. */
  store: EmulatorStore;
  /** The fault plan in force (read per request, so it can be replaced at any time). */
  faults: () => FaultPlan;
  /** Where served requests are recorded. */
  log: RequestLog;
  /** The REST routes. @default every route of the emulator */
  routes?: readonly Route[];
  /** Milliseconds every answer waits (read per request). @default none */
  latency?: () => number;
  /** How the latency is waited. @default a timer */
  delay?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /** The rate limit in force, if any (read per request). @default none */
  limiter?: () => KeyRateLimit | undefined;
  /** The MCP endpoint at `/mcp`. @default none (`/mcp` answers 404 like any unknown path) */
  mcp?: McpEndpointSetup;
  /** Answer preflights and add CORS headers to every answer, for pages on another origin. @default false */
  cors?: boolean;
  /** The admin surface under `/_emulator/`. @default none (those paths answer as unknown ones) */
  admin?: AdminActions;
  /** Counts requests for the rate-limit headers when `limiter` sets no budget. @default one of its own */
  counter?: KeyRateLimit;
}

function timerDelay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

const EVENT_PATHS: Record<string, typeof handleAlertEvent> = {
  '/v2/enqueue': handleAlertEvent,
  '/v2/change/enqueue': handleChangeEvent,
};

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parseJson(raw: Buffer): { ok: true; value: unknown } | { ok: false } {
  if (raw.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(raw.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

function eventsReply(setup: RequestHandlerSetup, method: string, path: string, raw: Buffer): Reply {
  const handler = EVENT_PATHS[path];
  if (!handler) return { status: 404, body: { status: 'Not Found', message: `No Events API endpoint at ${path}` } };
  if (method !== 'POST')
    return { status: 405, headers: { Allow: 'POST' }, body: { status: 'Method Not Allowed', message: 'Use POST' } };
  const parsed = parseJson(raw);
  if (!parsed.ok) return { status: 400, body: unrecognizedEventBody() };
  return handler(setup.store, parsed.value, setup.store.now());
}

function restReply(
  setup: RequestHandlerSetup,
  request: IncomingMessage,
  method: string,
  url: URL,
  raw: Buffer,
  requestId: string,
): Reply {
  try {
    const identity = authenticate(setup.store, header(request, 'authorization'), header(request, 'accept'));
    const limiter = setup.limiter?.();
    // Per key: authenticate has just read a valid credential from this header. Without a budget the
    // headers are sent all the same, as PagerDuty sends them on every answer, and nothing is refused.
    const key = parseAuthorization(header(request, 'authorization'))?.secret ?? '';
    const now = setup.store.now().getTime();
    const decision = limiter ? limiter.take(key, now) : setup.counter?.count(key, now);
    const headers = decision ? rateLimitHeaders(decision) : undefined;
    if (decision && !decision.allowed)
      return { ...restError(429, 'Rate Limit Exceeded', ERROR_CODES.rateLimited), headers };
    const reply = routeReply(setup, identity, request, method, url, raw, requestId);
    return headers ? { ...reply, headers: { ...headers, ...reply.headers } } : reply;
  } catch (error) {
    if (error instanceof ReplyError) return error.reply;
    return restError(500, 'Internal Error', ERROR_CODES.internal, [
      error instanceof Error ? error.message : String(error),
    ]);
  }
}

function routeReply(
  setup: RequestHandlerSetup,
  identity: KeyIdentity,
  request: IncomingMessage,
  method: string,
  url: URL,
  raw: Buffer,
  requestId: string,
): Reply {
  try {
    // A malformed percent-escape names nothing: the client's mistake, so 400 in the API's error
    // shape, never a 500 (issue 47; PagerDuty's reference documents no answer of its own for it).
    if (!wellEscaped(url.pathname))
      return invalidInput(
        `The path ${url.pathname} has a malformed percent-escape (a % not followed by two hex digits)`,
      );
    const match = findRoute(setup.routes ?? REST_ROUTES, method, url.pathname);
    if (match.kind === 'not-found') return notFound(`Path ${url.pathname}`);
    if (match.kind === 'method-not-allowed') {
      return {
        ...restError(405, 'Method Not Allowed', ERROR_CODES.invalidInput, [
          `${method} is not allowed on ${url.pathname}`,
        ]),
        headers: { Allow: match.allowed.join(', ') },
      };
    }
    const parsed = parseJson(raw);
    if (!parsed.ok) return invalidInput('The request body is not valid JSON');
    return match.route.handler({
      store: setup.store,
      identity,
      params: match.params,
      query: url.searchParams,
      body: parsed.value,
      from: header(request, 'from'),
      requestId,
      now: setup.store.now(),
    });
  } catch (error) {
    if (error instanceof ReplyError) return error.reply;
    return restError(500, 'Internal Error', ERROR_CODES.internal, [
      error instanceof Error ? error.message : String(error),
    ]);
  }
}

// A preflight is the browser's question, not the page's request: it is answered at once, before latency and
// faults, and not recorded, so that a scenario counts the same requests in a browser as on Node.
function answeredCors(request: IncomingMessage, response: ServerResponse, method: string, requestId: string): boolean {
  const origin = header(request, 'origin');
  if (method === 'OPTIONS') {
    request.resume();
    const privateNetwork = header(request, 'access-control-request-private-network') === 'true';
    writeReply(response, { status: 204, headers: preflightHeaders(origin, privateNetwork) }, requestId);
    return true;
  }
  // Set on the response before anything answers, so that MCP's own replies and streams carry them too.
  for (const [name, value] of Object.entries(corsHeaders(origin))) response.setHeader(name, value);
  return false;
}

async function handle(setup: RequestHandlerSetup, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  const method = (request.method ?? 'GET').toUpperCase();
  const url = new URL(request.url ?? '/', 'http://emulator.invalid');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const record: RequestRecord = { requestId, method, path, query: url.search.replace(/^\?/, ''), status: 'dropped' };
  if (setup.cors && answeredCors(request, response, method, requestId)) return;
  // What the clock has made due since the last request (escalations, notifications) happens first.
  runDueTimers(setup.store);
  if (setup.admin && path.startsWith(ADMIN_PREFIX)) {
    // Before latency and faults: the admin surface drives the test, it is not under test.
    const raw = await readBody(request);
    const parsed = parseJson(raw);
    const reply = parsed.ok
      ? adminReply(setup.admin, method, path, parsed.value)
      : invalidInput('The request body is not valid JSON');
    setup.log.add({ ...record, status: reply.status });
    writeReply(response, reply, requestId);
    return;
  }
  const api = path.startsWith('/v2/') ? 'events' : 'rest';
  const latency = setup.latency?.() ?? 0;
  if (latency > 0) await (setup.delay ?? timerDelay)(latency);
  const decision = setup.faults().decide(path);
  if (decision.kind === 'drop') {
    setup.log.add({ ...record, requestId: '', fault: 'drop' });
    request.socket.destroy();
    return;
  }
  if (decision.kind === 'none' && setup.mcp && path === MCP_ENDPOINT_PATH) {
    const recordMcp = (status: number, rpcMethod?: string, tool?: string): void =>
      setup.log.add({ ...record, status, ...(rpcMethod ? { rpcMethod } : {}), ...(tool ? { tool } : {}) });
    await serveMcp(setup.mcp, request, response, { requestId, record: recordMcp });
    return;
  }
  let reply: Reply;
  if (decision.kind !== 'none') {
    request.resume();
    reply = faultReply(decision, api);
    record.fault = decision.kind;
  } else {
    const raw = await readBody(request).catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) return error;
      throw error;
    });
    url.pathname = path;
    if (raw instanceof BodyTooLargeError)
      reply = restError(413, 'Request Entity Too Large', ERROR_CODES.invalidInput, [raw.message]);
    else if (IDENTITY_PATHS.has(path)) {
      const authorization = header(request, 'authorization');
      reply = identityReply(setup.store, { method, path, query: url.searchParams, authorization, body: raw });
    } else if (path === RESOURCE_METADATA_PATH && setup.mcp?.auth === 'oauth')
      reply =
        method === 'GET'
          ? { status: 200, body: protectedResourceMetadata(setup.store.baseUrl) }
          : {
              status: 405,
              headers: { Allow: 'GET' },
              body: { error: 'invalid_request', error_description: 'Use GET' },
            };
    else
      reply =
        api === 'events'
          ? eventsReply(setup, method, path, raw)
          : restReply(setup, request, method, url, raw, requestId);
  }
  setup.log.add({ ...record, status: reply.status });
  writeReply(response, reply, requestId);
}

/** The `request` listener of the emulator's server. */
export function requestListener(options: RequestHandlerSetup): RequestListener {
  const setup = { ...options, counter: options.counter ?? new KeyRateLimit(UNBUDGETED_LIMIT) };
  return (request, response) => {
    handle(setup, request, response).catch((error: unknown) => {
      // Only I/O can fail here (the client went away mid-body): answer if still possible, else hang up.
      if (!response.headersSent) {
        writeReply(response, restError(500, 'Internal Error', ERROR_CODES.internal, [String(error)]), randomUUID());
      } else response.destroy();
    });
  };
}
