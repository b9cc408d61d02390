// The MCP client's side of tracing: which failure is which `error.type` (the client's own error classes), and
// the span around each request, made by observe/mcp-trace.ts. That code is loaded at the first traced request:
// a client without `telemetry` loads none of it and pays one `undefined` check per request.
import { VERSION } from '../../generated/version.js';
import { HttpError, NetworkError } from '../errors/error-classes.js';
import type { McpEnd, McpTelemetry, TracedMcpSession } from '../observe/mcp-trace.js';
import type { OtelSpan, TelemetryOptions } from '../observe/telemetry.js';
import type { JsonRpcId } from './json-rpc.js';
import { McpError, McpRequestCancelledError, McpSessionExpiredError } from './mcp-error.js';

/** A request (or, without `id`, a notification) about to be sent. */
export interface McpRequestToTrace {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  readonly id?: JsonRpcId;
}

/** Sends the request: with the params to send (trace context added), its span the HTTP calls' parent. */
export type TracedSend<R> = (params: Readonly<Record<string, unknown>> | undefined, within: OtelSpan) => Promise<R>;

/** How a failed request is recorded, by the MCP conventions' rules for `error.type`. */
export function mcpFailure(error: unknown): McpEnd {
  if (error instanceof McpError)
    return { errorType: String(error.code), rpcCode: error.code, message: error.rpcMessage };
  if (error instanceof McpRequestCancelledError)
    return { errorType: error.reason === 'timeout' ? 'timeout' : 'cancelled', message: error.message };
  if (error instanceof McpSessionExpiredError) return { errorType: 'session_expired', message: error.message };
  if (error instanceof HttpError) return { errorType: String(error.status), message: error.message };
  if (error instanceof NetworkError && error.code !== undefined) return { errorType: error.code };
  return { error };
}

/** A successful answer may still be a failure: a tool's result with `isError` (`tool_error`, the conventions say). */
export function mcpAnswer(method: string, answer: unknown): McpEnd {
  const result = (answer as { result?: { isError?: unknown } } | undefined)?.result;
  return method === 'tools/call' && result?.isError === true ? { errorType: 'tool_error' } : {};
}

/** Traces each request of one MCP client. */
export class McpTracing {
  readonly #options: TelemetryOptions;
  readonly #url: () => string;
  #loading: Promise<McpTelemetry> | undefined;

  /** @param url - the endpoint's URL, worked out when the first request is traced */
  constructor(options: TelemetryOptions, url: () => string) {
    this.#options = options;
    this.#url = url;
  }

  /** Runs `send` inside the request's span, and ends the span with the outcome and the session as it is then. */
  async traced<R>(request: McpRequestToTrace, session: TracedMcpSession, send: TracedSend<R>): Promise<R> {
    const telemetry = await (this.#loading ??= import('../observe/mcp-trace.js').then(
      ({ McpTelemetry: Made }) => new Made(this.#options, VERSION),
    ));
    const trace = telemetry.start({ ...request, url: this.#url() }, session);
    let answer: R;
    try {
      answer = await send(trace.params(request.params), trace.span);
    } catch (error) {
      trace.end(session, mcpFailure(error));
      throw error;
    }
    trace.end(session, mcpAnswer(request.method, answer));
    return answer;
  }
}
