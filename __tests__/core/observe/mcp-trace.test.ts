// MCP requests traced with the real OpenTelemetry SDK against a loopback MCP server: spans named and attributed
// by the MCP semantic conventions, the HTTP attempts their children, the trace context in `params._meta` on the
// wire, failures' `error.type`, the duration metric, and no secret in any attribute.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as otel from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import fc from 'fast-check';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { McpError } from '../../../src/core/mcp/mcp-error.js';
import { mcpRequestAttributes, uriWithoutSecrets } from '../../../src/core/observe/mcp-trace.js';
import { replyJson, startMcpServer, type McpHandler, type McpTestServer } from '../../helpers/mcp-server.js';
import { instantRetries, realSockets } from '../../helpers/test-kit.js';

const KEY = 'u+mcptracekey4321';
const exporter = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const meterProvider = new MeterProvider({ readers: [reader] });

beforeAll(() => {
  realSockets();
  otel.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  otel.trace.setGlobalTracerProvider(tracerProvider);
  otel.metrics.setGlobalMeterProvider(meterProvider);
  otel.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});

afterAll(async () => {
  otel.trace.disable();
  otel.metrics.disable();
  otel.propagation.disable();
  otel.context.disable();
  await meterProvider.shutdown();
});

let server: McpTestServer | undefined;
const clients: McpApiClient[] = [];
beforeEach(() => exporter.reset());
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  await server?.close();
  server = undefined;
});

async function setUp(handle: McpHandler, options: object = {}, key = KEY): Promise<McpApiClient> {
  server = await startMcpServer(handle);
  const client = new McpApiClient(key, {
    ...instantRetries,
    baseUrl: server.url,
    telemetry: { api: otel },
    ...options,
  });
  clients.push(client);
  return client;
}

const spans = () => exporter.getFinishedSpans();
const named = (name: string) => spans().filter((span) => span.name === name);
const tools: McpHandler = (received, res) => {
  if (received.message?.method !== 'tools/call') return replyJson(received, res, { tools: [] });
  const name = received.message.params?.name;
  if (name === 'broken') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(
      JSON.stringify({ jsonrpc: '2.0', id: received.message.id, error: { code: -32602, message: 'no such tool' } }),
    );
  }
  replyJson(received, res, { content: [{ type: 'text', text: 'ok' }], isError: name === 'failing' });
};

describe('MCP tracing', () => {
  it('makes a CLIENT span per request by the MCP conventions, its HTTP attempts its children', async () => {
    const client = await setUp(tools);
    const args = { query_model: { limit: 1 } };
    await otel.trace.getTracer('test').startActiveSpan('agent step', async (parent) => {
      await client.callTool('list_incidents', args, { id: 7 });
      parent.end();
    });
    const [parent] = named('agent step');
    const [call] = named('tools/call list_incidents');
    expect(call?.kind).toBe(otel.SpanKind.CLIENT);
    expect(call?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    expect(call?.attributes).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'list_incidents',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '7',
      'mcp.session.id': 's-1',
      'mcp.protocol.version': '2025-06-18',
      'network.protocol.name': 'http',
      'network.transport': 'tcp',
      'server.address': '127.0.0.1',
      'server.port': Number(new URL(server!.url).port),
    });
    expect(call?.status.code).toBe(otel.SpanStatusCode.UNSET);
    // The HTTP attempt is the MCP span's child: no HTTP call span between them.
    const posts = named('POST').filter((span) => span.parentSpanContext?.spanId === call?.spanContext().spanId);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    expect(named('POST /mcp')).toHaveLength(0);
    // The handshake the first call started: its own spans, the session id learnt at its end.
    expect(named('initialize')[0]?.attributes).toMatchObject({
      'mcp.method.name': 'initialize',
      'mcp.session.id': 's-1',
    });
    expect(named('notifications/initialized')[0]?.attributes['jsonrpc.request.id']).toBeUndefined();
    expect(args).toEqual({ query_model: { limit: 1 } });
  });

  it('carries the span’s context in params._meta on the wire, and traceparent on the HTTP request', async () => {
    const client = await setUp(tools);
    await client.callTool('get_incident', { incident_id: 'Q1' }, { onProgress: () => undefined });
    const sent = server!.received.find((r) => r.message?.method === 'tools/call')!;
    const [call] = named('tools/call get_incident');
    const [attempt] = named('POST').filter((span) => span.parentSpanContext?.spanId === call?.spanContext().spanId);
    const { traceId, spanId } = call!.spanContext();
    const meta = sent.message?.params?._meta as Record<string, unknown>;
    expect(meta.traceparent).toBe(`00-${traceId}-${spanId}-01`);
    expect(meta.progressToken).toBe(sent.message?.id);
    expect(sent.headers.traceparent).toBe(`00-${traceId}-${attempt?.spanContext().spanId}-01`);
    expect(sent.message?.params?.arguments).toEqual({ incident_id: 'Q1' });
  });

  it('adds the context to a _meta the caller gave, without changing the caller’s object', async () => {
    const client = await setUp(tools);
    const params = { name: 'list_incidents', arguments: {}, _meta: { 'example.com/run': 'r-1' } };
    await client.call('tools/call', params);
    const sent = server!.received.find((r) => r.message?.method === 'tools/call')!;
    expect(sent.message?.params?._meta).toEqual({ 'example.com/run': 'r-1', traceparent: expect.any(String) });
    expect(params._meta).toEqual({ 'example.com/run': 'r-1' });
  });

  it('sends no trace context with propagate: false, in _meta or the headers', async () => {
    const client = await setUp(tools, { telemetry: { api: otel, propagate: false } });
    await client.callTool('list_incidents', {});
    const sent = server!.received.find((r) => r.message?.method === 'tools/call')!;
    expect(sent.message?.params?._meta).toBeUndefined();
    expect(sent.headers.traceparent).toBeUndefined();
    expect(named('tools/call list_incidents')).toHaveLength(1);
  });

  it('marks a JSON-RPC error with its code, and a tool error as tool_error', async () => {
    const client = await setUp(tools);
    await expect(client.callTool('broken', {})).rejects.toBeInstanceOf(McpError);
    expect((await client.callTool('failing', {})).isError).toBe(true);
    const [broken] = named('tools/call broken');
    expect(broken?.attributes).toMatchObject({ 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
    expect(broken?.status).toEqual({ code: otel.SpanStatusCode.ERROR, message: 'no such tool' });
    const [failing] = named('tools/call failing');
    expect(failing?.attributes['error.type']).toBe('tool_error');
    expect(failing?.attributes['rpc.response.status_code']).toBeUndefined();
    expect(failing?.status.code).toBe(otel.SpanStatusCode.ERROR);
  });

  it('marks a request the server answers with an HTTP error by its status', async () => {
    const client = await setUp(
      (received, res) => {
        if (received.message?.method === 'tools/list') return void res.writeHead(503).end('down');
        replyJson(received, res, {});
      },
      { retry: { 503: 1 } },
    );
    await expect(client.listTools()).rejects.toThrow();
    const [list] = named('tools/list');
    expect(list?.attributes['error.type']).toBe('503');
    const attempts = named('POST').filter((span) => span.parentSpanContext?.spanId === list?.spanContext().spanId);
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    for (const attempt of attempts) expect(attempt.attributes['error.type']).toBe('503');
  });

  it('records mcp.client.operation.duration by method and tool', async () => {
    const client = await setUp(tools);
    await client.callTool('list_incidents', {});
    await reader.forceFlush();
    const metric = metricExporter
      .getMetrics()
      .flatMap((batch) => batch.scopeMetrics.flatMap((scope) => scope.metrics))
      .find((found) => found.descriptor.name === 'mcp.client.operation.duration');
    expect(metric?.descriptor.unit).toBe('s');
    const points = metric?.dataPoints.map((point) => point.attributes) ?? [];
    expect(points).toContainEqual(
      expect.objectContaining({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'list_incidents' }),
    );
    for (const point of points) expect(point['mcp.session.id']).toBeUndefined();
  });

  it('never puts the key into an attribute, whatever the arguments and resource URIs hold', async () => {
    const client = await setUp(tools, {}, KEY);
    const secret = fc.stringMatching(/^[A-Za-z0-9_+-]{12,24}$/);
    await fc.assert(
      fc.asyncProperty(secret, fc.constantFrom('token', 'api_key', 'q'), async (value, field) => {
        exporter.reset();
        await client.callTool('list_incidents', { [field]: value, key: KEY });
        await client.call('resources/read', {
          uri: `https://user:${value}@files.example/doc?${field}=${value}#${value}`,
        });
        const text = JSON.stringify(spans().map((span) => [span.name, span.attributes, span.status]));
        expect(text).not.toContain(KEY);
        expect(text).not.toContain(value);
      }),
      { numRuns: 8 },
    );
  });

  it('makes no span without telemetry', async () => {
    server = await startMcpServer(tools);
    const client = new McpApiClient(KEY, { ...instantRetries, baseUrl: server.url });
    clients.push(client);
    await client.callTool('list_incidents', {});
    expect(spans()).toEqual([]);
    const sent = server.received.find((r) => r.message?.method === 'tools/call')!;
    expect(sent.message?.params?._meta).toBeUndefined();
  });
});

describe('the MCP span’s name and attributes', () => {
  it('names tools and prompts as targets, never a resource URI', () => {
    const url = 'https://mcp.example';
    expect(mcpRequestAttributes({ method: 'prompts/get', params: { name: 'triage' }, id: 'a', url }).name).toBe(
      'prompts/get triage',
    );
    const read = mcpRequestAttributes({ method: 'resources/read', params: { uri: 'file:///x' }, id: null, url });
    expect(read.name).toBe('resources/read');
    expect(read.attributes['mcp.resource.uri']).toBe('file:///x');
    expect(read.attributes['jsonrpc.request.id']).toBeUndefined();
  });

  it('strips user info, query and fragment from a resource URI', () => {
    expect(uriWithoutSecrets('https://u:p@host.example/a/b?token=x#frag')).toBe('https://host.example/a/b');
    expect(uriWithoutSecrets('postgres://admin:pw@db/customers/schema')).toBe('postgres://db/customers/schema');
  });
});
