// MCP requests traced by the OpenTelemetry semantic conventions for MCP (semantic-conventions-genai,
// docs/gen-ai/mcp.md): a CLIENT span per request or notification named `{mcp.method.name} {target}`, the HTTP
// attempts that carry it its children, its W3C trace context written into `params._meta` (unprefixed
// `traceparent`, `tracestate`, as SEP-414 says) so that the server's span continues it, and the
// `mcp.client.operation.duration` histogram. Loaded by the MCP client at its first traced request.
import {
  errorTypeOf,
  now,
  serverAttributes,
  SPAN_KIND_CLIENT,
  STATUS_ERROR,
  type OpenTelemetryApi,
  type OtelRecorder,
  type OtelSpan,
  type OtelTracer,
  type TelemetryOptions,
} from './telemetry.js';

type Attributes = Record<string, string | number>;

/** What a request's span is named and attributed from: none of it a credential (the URL is the endpoint's). */
export interface TracedMcpRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>> | undefined;
  /** The JSON-RPC id; `undefined` for a notification (and `null` is not recorded, as the conventions say). */
  readonly id?: string | number | null;
  /** The MCP endpoint (for `server.address` and `server.port`). */
  readonly url: string;
}

/** The session as the span records it: known at the start of a call, or only at its end (`initialize`). */
export interface TracedMcpSession {
  readonly id: string | undefined;
  readonly version: string | undefined;
}

/** How a request ended, as the conventions record it. */
export interface McpEnd {
  /** `error.type`: the JSON-RPC error code, `tool_error`, `timeout`, the HTTP status, the network error's code. */
  readonly errorType?: string;
  /** `rpc.response.status_code`: the JSON-RPC error code of an error response. */
  readonly rpcCode?: number;
  /** The span status's description: the JSON-RPC error's message. */
  readonly message?: string;
  /** A failure not classified above: `error.type` is its code, else its class. */
  readonly error?: unknown;
}

// The conventions' advice for `mcp.client.operation.duration`.
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** A URI without its user info, query and fragment: where a credential could be, none is recorded. */
export function uriWithoutSecrets(uri: string): string {
  try {
    const parsed = new URL(uri);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.href;
  } catch {
    return uri.split(/[?#]/, 1)[0].replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
  }
}

/** The span name and the attributes of the request itself (the conventions' table for `mcp.client` spans). */
export function mcpRequestAttributes(request: TracedMcpRequest): { name: string; attributes: Attributes } {
  const { method, params, id } = request;
  const attributes: Attributes = { 'mcp.method.name': method };
  const name = typeof params?.name === 'string' ? params.name : undefined;
  let target: string | undefined;
  if (method === 'tools/call' && name !== undefined) {
    target = name;
    attributes['gen_ai.tool.name'] = name;
    attributes['gen_ai.operation.name'] = 'execute_tool';
  } else if (method === 'prompts/get' && name !== undefined) {
    target = name;
    attributes['gen_ai.prompt.name'] = name;
  }
  if (typeof params?.uri === 'string' && method.startsWith('resources/'))
    attributes['mcp.resource.uri'] = uriWithoutSecrets(params.uri);
  if (id !== undefined && id !== null) attributes['jsonrpc.request.id'] = String(id);
  Object.assign(attributes, { 'network.protocol.name': 'http', 'network.transport': 'tcp' });
  return { name: target === undefined ? method : `${method} ${target}`, attributes };
}

/** The MCP client's tracer and histogram, made once from the API module handed over. */
export class McpTelemetry {
  readonly api: OpenTelemetryApi;
  readonly tracer: OtelTracer;
  readonly duration: OtelRecorder;
  readonly propagate: boolean;

  constructor(options: TelemetryOptions, version: string) {
    this.api = options.api;
    this.propagate = options.propagate ?? true;
    this.tracer = options.api.trace.getTracer('pagerduty-client', version);
    this.duration = options.api.metrics
      .getMeter('pagerduty-client', version)
      .createHistogram('mcp.client.operation.duration', {
        unit: 's',
        description: 'Duration of each MCP request or notification, until its response or acknowledgement',
        advice: { explicitBucketBoundaries: DURATION_BUCKETS },
      });
  }

  /** A request's span, started in the caller's active context. */
  start(request: TracedMcpRequest, session: TracedMcpSession): McpRequestTrace {
    return new McpRequestTrace(this, request, session);
  }
}

/** The span and the measure of one MCP request. */
export class McpRequestTrace {
  /** The request's span: the parent of the HTTP attempts that carry it. */
  readonly span: OtelSpan;
  readonly #telemetry: McpTelemetry;
  readonly #measured: Attributes;
  readonly #started = now();

  constructor(telemetry: McpTelemetry, request: TracedMcpRequest, session: TracedMcpSession) {
    this.#telemetry = telemetry;
    const { name, attributes } = mcpRequestAttributes(request);
    Object.assign(attributes, serverAttributes(request.url));
    if (session.id !== undefined) attributes['mcp.session.id'] = session.id;
    if (session.version !== undefined) attributes['mcp.protocol.version'] = session.version;
    const { api, tracer } = telemetry;
    this.span = tracer.startSpan(name, { kind: SPAN_KIND_CLIENT, attributes }, api.context.active());
    // The metric's attributes: the span's, less the high-cardinality ones.
    const { 'jsonrpc.request.id': _id, 'mcp.session.id': _session, 'mcp.resource.uri': _uri, ...measured } = attributes;
    this.#measured = measured;
  }

  /**
   * The params with the span's context in `_meta` (a copy: the caller's object is not changed), or as given
   * when the client does not propagate (`telemetry.propagate: false`).
   */
  params(params: Readonly<Record<string, unknown>> | undefined): Readonly<Record<string, unknown>> | undefined {
    const { api, propagate } = this.#telemetry;
    if (!propagate) return params;
    const carrier: Record<string, string> = {};
    api.propagation.inject(api.trace.setSpan(api.context.active(), this.span), carrier);
    if (Object.keys(carrier).length === 0) return params;
    const meta = params?._meta;
    const given = typeof meta === 'object' && meta !== null && !Array.isArray(meta) ? meta : {};
    return { ...params, _meta: { ...given, ...carrier } };
  }

  /** Ends the span: the session as it is now (`initialize` learns it), and the failure when there was one. */
  end(session: TracedMcpSession, outcome: McpEnd): void {
    const { span } = this;
    if (session.id !== undefined) span.setAttribute('mcp.session.id', session.id);
    const measured = { ...this.#measured };
    if (session.version !== undefined) {
      span.setAttribute('mcp.protocol.version', session.version);
      measured['mcp.protocol.version'] = session.version;
    }
    const errorType = outcome.errorType ?? (outcome.error === undefined ? undefined : errorTypeOf(outcome.error));
    if (errorType !== undefined) {
      span.setAttribute('error.type', errorType);
      measured['error.type'] = errorType;
      if (outcome.rpcCode !== undefined) {
        span.setAttribute('rpc.response.status_code', String(outcome.rpcCode));
        measured['rpc.response.status_code'] = String(outcome.rpcCode);
      }
      span.setStatus({ code: STATUS_ERROR, message: outcome.message });
    }
    span.end();
    this.#telemetry.duration.record((now() - this.#started) / 1000, measured);
  }
}
