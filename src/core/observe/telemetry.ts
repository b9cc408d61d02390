// OpenTelemetry, opt-in, through `@opentelemetry/api` only: a span per call with a child span per attempt,
// named and attributed by the semantic conventions for HTTP clients, and duration histograms and counters.
// The API package is an optional peer: imported at the first call of a client that asks for telemetry (or
// handed over by the caller), never otherwise. Without a registered provider its tracer and meter do nothing.

/** The parts of `@opentelemetry/api`'s span this library uses. */
export interface OtelSpan {
  setAttribute(key: string, value: string | number | boolean): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: Error): void;
  end(): void;
}

/** The parts of `@opentelemetry/api` this library uses: pass the module itself (`import * as otel from ...`). */
export interface OpenTelemetryApi {
  readonly trace: {
    getTracer(name: string, version?: string): OtelTracer;
    setSpan(context: unknown, span: OtelSpan): unknown;
  };
  readonly context: { active(): unknown };
  readonly propagation: { inject(context: unknown, carrier: Record<string, string>): void };
  readonly metrics: { getMeter(name: string, version?: string): OtelMeter };
}

export interface OtelTracer {
  startSpan(
    name: string,
    options: { kind: number; attributes: Record<string, string | number> },
    context: unknown,
  ): OtelSpan;
}

export interface OtelMeter {
  createHistogram(
    name: string,
    options: { unit: string; description: string; advice?: { explicitBucketBoundaries?: number[] } },
  ): OtelRecorder;
  createCounter(name: string, options: { unit: string; description: string }): OtelCounter;
}

export interface OtelRecorder {
  record(value: number, attributes: Record<string, string | number>): void;
}

interface OtelCounter {
  add(value: number, attributes: Record<string, string | number>): void;
}

/**
 * Tracing and metrics of a client's calls.
 *
 * @example
 * ```ts
 * import * as otel from '@opentelemetry/api';
 * const client = new RestApiV2Client(key, { telemetry: { api: otel } });
 * ```
 */
export interface TelemetryOptions {
  /**
   * The `@opentelemetry/api` module (`import * as otel from '@opentelemetry/api'`), handed over rather than
   * imported by the library, so that no bundler or runtime (workerd refuses computed imports) meets an import
   * of an optional package.
   */
  readonly api: OpenTelemetryApi;
  /**
   * Send W3C trace context (`traceparent`, and `tracestate` when set) on each attempt, so that the span
   * continues on the server. Turn it off for hosts that refuse unknown headers. @default true
   */
  readonly propagate?: boolean;
}

// SpanKind and SpanStatusCode of `@opentelemetry/api`: numbers fixed by the API, so the module need not be
// loaded to name them.
const SPAN_KIND_INTERNAL = 0;
export const SPAN_KIND_CLIENT = 2;
export const STATUS_ERROR = 2;

/** What a call's spans are named and attributed from. */
export interface TracedCall {
  readonly method: string;
  /** The URL sent, redacted. */
  readonly url: string;
  /** `GET /users/{id}`. */
  readonly operation: string;
}

/** The spans and measures of one call. */
export class CallTrace {
  readonly #telemetry: Telemetry;
  readonly #call: TracedCall;
  /** The call's own span; none when the call is one step of a traced MCP request (its span is the parent). */
  readonly #span: OtelSpan | undefined;
  /** The context the attempts' spans start in: under the call's span, or the MCP request's. */
  readonly #parent: unknown;
  readonly #started = now();
  readonly #server: Readonly<Record<string, string | number>>;
  #attempt: { span: OtelSpan; started: number; attempt: number } | undefined;

  /** @param within - the span of the MCP request this HTTP call serves (its attempts are that span's children) */
  constructor(
    telemetry: Telemetry,
    call: TracedCall,
    server: Readonly<Record<string, string | number>>,
    within?: OtelSpan,
  ) {
    this.#telemetry = telemetry;
    this.#call = call;
    this.#server = server;
    const { api, tracer } = telemetry.loaded;
    const attributes = { 'http.request.method': call.method, 'pagerduty.operation': call.operation, ...server };
    const active = api.context.active();
    this.#span =
      within === undefined
        ? tracer.startSpan(call.operation, { kind: SPAN_KIND_INTERNAL, attributes }, active)
        : undefined;
    this.#parent = api.trace.setSpan(active, within ?? (this.#span as OtelSpan));
  }

  /** Starts an attempt's span and, when propagating, writes its context into `headers`. */
  attempt(attempt: number, headers: Record<string, string>): void {
    const { api, tracer } = this.#telemetry.loaded;
    const parent = this.#parent;
    const attributes: Record<string, string | number> = {
      'http.request.method': this.#call.method,
      'url.full': this.#call.url,
      'pagerduty.operation': this.#call.operation,
      ...this.#server,
    };
    if (attempt > 1) attributes['http.request.resend_count'] = attempt - 1;
    const span = tracer.startSpan(this.#call.method, { kind: SPAN_KIND_CLIENT, attributes }, parent);
    this.#attempt = { span, started: now(), attempt };
    if (this.#telemetry.propagate) api.propagation.inject(api.trace.setSpan(parent, span), headers);
  }

  /** Ends the attempt's span with its status (4xx and 5xx are errors, `error.type` the status). */
  answered(status: number): void {
    const current = this.#attempt;
    if (current === undefined) return;
    current.span.setAttribute('http.response.status_code', status);
    const errorType = status >= 400 ? String(status) : undefined;
    if (errorType !== undefined) {
      current.span.setAttribute('error.type', errorType);
      current.span.setStatus({ code: STATUS_ERROR });
    }
    this.#endAttempt({ 'http.response.status_code': status, ...(errorType ? { 'error.type': errorType } : {}) });
  }

  /** Ends the attempt's span with the transport's error (its `code`, else its class, as `error.type`). */
  failed(error: unknown): void {
    const current = this.#attempt;
    if (current === undefined) return;
    const errorType = errorTypeOf(error);
    current.span.setAttribute('error.type', errorType);
    if (error instanceof Error) current.span.recordException(error);
    current.span.setStatus({ code: STATUS_ERROR, message: error instanceof Error ? error.message : undefined });
    this.#endAttempt({ 'error.type': errorType });
  }

  /** Counts a retry, and a rate-limit pause when the status was 429. */
  retried(reason: 'status' | 'network', status: number | undefined): void {
    const attributes = { 'pagerduty.operation': this.#call.operation, 'pagerduty.retry.reason': reason };
    this.#telemetry.measures.retries.add(1, attributes);
    if (status === 429) this.#telemetry.measures.pauses.add(1, { 'pagerduty.operation': this.#call.operation });
  }

  /** Ends the call's span: with the last status, or the error the call failed with. */
  end(outcome: { readonly status?: number; readonly error?: unknown }): void {
    if (this.#attempt !== undefined) this.failed(outcome.error ?? new Error('the call ended during its attempt'));
    const span = this.#span;
    const attributes: Record<string, string | number> = { 'pagerduty.operation': this.#call.operation };
    attributes['http.request.method'] = this.#call.method;
    if (outcome.status !== undefined) {
      span?.setAttribute('http.response.status_code', outcome.status);
      attributes['http.response.status_code'] = outcome.status;
    }
    const errorType =
      outcome.error !== undefined
        ? errorTypeOf(outcome.error)
        : outcome.status !== undefined && outcome.status >= 400
          ? String(outcome.status)
          : undefined;
    if (errorType !== undefined) {
      span?.setAttribute('error.type', errorType);
      span?.setStatus({ code: STATUS_ERROR });
      attributes['error.type'] = errorType;
    }
    span?.end();
    this.#telemetry.measures.calls.record((now() - this.#started) / 1000, attributes);
  }

  #endAttempt(outcome: Record<string, string | number>): void {
    const current = this.#attempt;
    if (current === undefined) return;
    this.#attempt = undefined;
    current.span.end();
    const attributes = {
      'http.request.method': this.#call.method,
      'pagerduty.operation': this.#call.operation,
      ...this.#server,
      ...outcome,
    };
    this.#telemetry.measures.attempts.record((now() - current.started) / 1000, attributes);
  }
}

/** `ECONNRESET`, `ETIMEDOUT`, ...: the error's code, else its class name (the conventions' `error.type`). */
export function errorTypeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') return code;
  return error instanceof Error ? error.name : '_OTHER';
}

interface Measures {
  readonly attempts: OtelRecorder;
  readonly calls: OtelRecorder;
  readonly retries: OtelCounter;
  readonly pauses: OtelCounter;
}

interface Loaded {
  readonly api: OpenTelemetryApi;
  readonly tracer: OtelTracer;
}

/** A client's telemetry: its tracer and instruments, made once from the API module handed over. */
export class Telemetry {
  readonly propagate: boolean;
  readonly loaded: Loaded;
  readonly measures: Measures;

  /** @param version - the library's, for the tracer and meter (handed in: this module is loaded on demand) */
  constructor(options: TelemetryOptions, version: string) {
    const { api } = options;
    this.propagate = options.propagate ?? true;
    this.loaded = { api, tracer: api.trace.getTracer('pagerduty-client', version) };
    const meter = api.metrics.getMeter('pagerduty-client', version);
    this.measures = {
      attempts: meter.createHistogram('http.client.request.duration', {
        unit: 's',
        description: 'Duration of each HTTP attempt, until its whole body was read',
      }),
      calls: meter.createHistogram('pagerduty.client.call.duration', {
        unit: 's',
        description: 'Duration of each call, its retries and pauses included',
      }),
      retries: meter.createCounter('pagerduty.client.retries', { unit: '{retry}', description: 'Attempts retried' }),
      pauses: meter.createCounter('pagerduty.client.rate_limit.pauses', {
        unit: '{pause}',
        description: 'Pauses after a 429',
      }),
    };
  }

  /** A call's trace; `within` the span of the MCP request the call serves, when it does. */
  start(call: TracedCall, within?: OtelSpan): CallTrace {
    return new CallTrace(this, call, this.#serverOf(call.url), within);
  }

  // A client calls one host or a few: each origin's attributes are worked out once (a URL parsed per call
  // was a tenth of the tracing's own cost), and the cache stays small whatever the URLs.
  readonly #servers = new Map<string, Readonly<Record<string, string | number>>>();

  #serverOf(url: string): Readonly<Record<string, string | number>> {
    const end = url.indexOf('/', url.indexOf('//') + 2);
    const origin = end < 0 ? url : url.slice(0, end);
    let server = this.#servers.get(origin);
    if (server === undefined) {
      if (this.#servers.size >= 32) this.#servers.clear();
      server = Object.freeze(serverAttributes(origin));
      this.#servers.set(origin, server);
    }
    return server;
  }
}

/** `server.address` and `server.port` of a URL (the port only when it is not the scheme's default). */
export function serverAttributes(url: string): Record<string, string | number> {
  try {
    const parsed = new URL(url);
    const port = parsed.port === '' ? (parsed.protocol === 'http:' ? 80 : 443) : Number(parsed.port);
    return { 'server.address': parsed.hostname, 'server.port': port };
  } catch {
    return {};
  }
}

// Milliseconds on the monotonic clock where there is one (every runtime the core runs on has `performance`).
export function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}
