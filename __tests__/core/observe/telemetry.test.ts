// With the real OpenTelemetry SDK (an in-memory span exporter, a metric reader): spans, their parents and
// attributes, resend counts, metrics, and no secret in any attribute.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import * as otel from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import fc from 'fast-check';
import nock from 'nock';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { API_KEY, BASE, makeClient } from '../../helpers/test-kit.js';

const exporter = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const meterProvider = new MeterProvider({ readers: [reader] });

beforeAll(() => {
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

beforeEach(() => exporter.reset());

const traced = (options: object = {}) => makeClient({ telemetry: { api: otel }, ...options });
const spans = () => exporter.getFinishedSpans();

describe('OpenTelemetry tracing', () => {
  it('makes one call span with a child per attempt, resend counts on the retries', async () => {
    nock(BASE)
      .get('/users/PABC')
      .times(2)
      .reply(503)
      .get('/users/PABC')
      .reply(200, { user: { id: 'PABC' } });
    await traced({ retry: { 503: 2 } }).rget('/users/PABC');
    const [first, second, third, call] = spans();
    expect(call?.name).toBe('GET /users/{id}');
    expect(call?.kind).toBe(otel.SpanKind.INTERNAL);
    expect(call?.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'pagerduty.operation': 'GET /users/{id}',
      'server.address': 'api.pagerduty.com',
    });
    for (const attempt of [first, second, third]) {
      expect(attempt?.kind).toBe(otel.SpanKind.CLIENT);
      expect(attempt?.name).toBe('GET');
      expect(attempt?.parentSpanContext?.spanId).toBe(call?.spanContext().spanId);
      expect(attempt?.spanContext().traceId).toBe(call?.spanContext().traceId);
      expect(attempt?.attributes['url.full']).toBe(`${BASE}/users/PABC`);
    }
    expect(first?.attributes['http.request.resend_count']).toBeUndefined();
    expect(first?.attributes).toMatchObject({ 'http.response.status_code': 503, 'error.type': '503' });
    expect(second?.attributes['http.request.resend_count']).toBe(1);
    expect(third?.attributes['http.request.resend_count']).toBe(2);
    expect(third?.attributes['error.type']).toBeUndefined();
  });

  it('continues the caller’s trace, and sends traceparent unless told not to', async () => {
    const headers: (string | undefined)[] = [];
    nock(BASE)
      .get('/users/P1')
      .times(2)
      .reply(function () {
        headers.push(this.req.headers['traceparent'] as string | undefined);
        return [200, { user: { id: 'P1' } }];
      });
    const tracer = otel.trace.getTracer('test');
    await tracer.startActiveSpan('incoming request', async (parent) => {
      await traced().rget('/users/P1');
      await traced({ telemetry: { api: otel, propagate: false } }).rget('/users/P1');
      parent.end();
    });
    const parent = spans().find((span) => span.name === 'incoming request');
    const calls = spans().filter((span) => span.name === 'GET /users/{id}');
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
    const attempt = spans().find((span) => span.name === 'GET');
    expect(headers[0]).toBe(`00-${attempt?.spanContext().traceId}-${attempt?.spanContext().spanId}-01`);
    expect(headers[1]).toBeUndefined();
  });

  it('marks a 404 and a network failure with error.type', async () => {
    nock(BASE)
      .get('/users/PNOPE')
      .reply(404, { error: { message: 'Not Found' } });
    nock(BASE)
      .get('/users/PDOWN')
      .times(2)
      .replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    const client = traced({ maxNetworkAttempts: 1 });
    await expect(client.rget('/users/PNOPE')).rejects.toThrow();
    await expect(client.rget('/users/PDOWN')).rejects.toThrow();
    const calls = spans().filter((span) => span.name === 'GET /users/{id}');
    expect(calls.map((span) => span.attributes['error.type'])).toEqual(['404', 'ECONNRESET']);
    const attempts = spans().filter((span) => span.name === 'GET');
    expect(attempts.map((span) => span.attributes['error.type'])).toEqual(['404', 'ECONNRESET', 'ECONNRESET']);
    expect(attempts[2]?.attributes['http.request.resend_count']).toBe(1);
    expect(calls[1]?.status.code).toBe(otel.SpanStatusCode.ERROR);
  });

  it('makes a call span per page of a listing', async () => {
    nock(BASE)
      .get('/users')
      .query({ limit: 1, offset: 0 })
      .reply(200, { users: [{ id: 'P1' }], more: true, limit: 1, offset: 0 })
      .get('/users')
      .query({ limit: 1, offset: 1 })
      .reply(200, { users: [{ id: 'P2' }], more: false, limit: 1, offset: 1 });
    await traced().listAll('/users', {}, { pageSize: 1 });
    expect(spans().filter((span) => span.name === 'GET /users')).toHaveLength(2);
  });

  it('records attempt and call durations, and counts retries and rate-limit pauses', async () => {
    nock(BASE).get('/users/PRATE').reply(429, {}, { 'retry-after': '0' }).get('/users/PRATE').reply(200, { user: {} });
    await traced().rget('/users/PRATE');
    await reader.forceFlush();
    const metrics = metricExporter
      .getMetrics()
      .flatMap((batch) => batch.scopeMetrics.flatMap((scope) => scope.metrics));
    const names = new Set(metrics.map((metric) => metric.descriptor.name));
    for (const name of [
      'http.client.request.duration',
      'pagerduty.client.call.duration',
      'pagerduty.client.retries',
      'pagerduty.client.rate_limit.pauses',
    ])
      expect(names).toContain(name);
  });

  it('never puts the key, or a query value holding it, into an attribute', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('echo', 'token', 'q'), fc.boolean(), async (name, encode) => {
        exporter.reset();
        nock(BASE).get('/users').query(true).reply(200, { users: [], more: false });
        const value = encode ? `${API_KEY}&x=1` : API_KEY;
        await traced().jget('/users', { extraParams: { [name]: value } });
        const text = JSON.stringify(spans().map((span) => span.attributes));
        expect(text).not.toContain(API_KEY);
        expect(text).not.toContain(encodeURIComponent(API_KEY));
      }),
      { numRuns: 12 },
    );
  });

  it('costs nothing and imports nothing when off', async () => {
    nock(BASE)
      .get('/users/P1')
      .reply(200, { user: { id: 'P1' } });
    await makeClient().rget('/users/P1');
    expect(spans()).toEqual([]);
  });
});

describe('the telemetry option', () => {
  it('needs the API module handed over, and says how', () => {
    expect(() => makeClient({ telemetry: true as never })).toThrow("import * as otel from '@opentelemetry/api'");
    expect(() => makeClient({ telemetry: {} as never })).toThrow(TypeError);
  });
});
