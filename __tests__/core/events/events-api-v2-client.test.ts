import { seams, instantSleep, recordingSleep } from '../../helpers/test-kit.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { inspect } from 'node:util';
import nock from 'nock';
import type { RequestInit, Response } from 'node-fetch';
import { HttpError, HttpServerError, UrlError, type ErrorFactory } from '../../../src/core/errors/error-classes.js';
import { DEFAULT_EVENTS_RETRY } from '../../../src/core/events/endpoints.js';
import { EventsApiV2Client, type EventsApiV2ClientOptions } from '../../../src/core/events/events-api-v2-client.js';
import {
  alertEventSchemaErrors,
  changeEventSchemaErrors,
  errorSchemaErrors,
  successSchemaErrors,
} from './schema-check.js';

const HOST = 'https://events.pagerduty.com';
const KEY = 'R0UT1NGKEY000000000000000000abcd';

type Body = Record<string, unknown>;

const clients: EventsApiV2Client[] = [];
function makeClient(options: EventsApiV2ClientOptions = {}): EventsApiV2Client {
  const client = new EventsApiV2Client(KEY, { ...seams({ sleep: instantSleep }), ...options });
  clients.push(client);
  return client;
}

/** Expects one POST to `path`, records its body and headers, and answers `status`/`reply`. */
function expectPost(path: string, status: number, reply: Body | string) {
  const seen: { body?: Body; headers?: Record<string, string | string[]> } = {};
  nock(HOST)
    .post(path, (body: Body) => {
      seen.body = body;
      return true;
    })
    .reply(function () {
      seen.headers = this.req.headers;
      return [status, reply];
    });
  return seen;
}

/** A fetch that must never be called: proves validation happens before any request. */
function countingFetch() {
  const calls: string[] = [];
  const fetch = async (url: string, _init: RequestInit): Promise<Response> => {
    calls.push(url);
    throw new Error('no request should be made');
  };
  return { calls, fetch };
}

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

beforeAll(() => {
  nock.disableNetConnect();
});
afterEach(() => {
  nock.cleanAll();
  while (clients.length) clients.pop()?.close();
});
afterAll(() => {
  nock.enableNetConnect();
});

describe('the schema check used by these tests', () => {
  it('rejects a misspelled field, a missing required field and a bad enum value', () => {
    expect(alertEventSchemaErrors({ routing_key: 'k', event_action: 'trigger', customDetails: {} })).toContain(
      '$.customDetails: not in the schema',
    );
    expect(changeEventSchemaErrors({ routing_key: 'k' })).toContain('$.payload: required');
    expect(alertEventSchemaErrors({ routing_key: 'k', event_action: 'explode' }).length).toBe(1);
    expect(alertEventSchemaErrors({ routing_key: 'k', event_action: 'resolve', dedup_key: 'x' })).toEqual([]);
  });
});

describe('EventsApiV2Client.trigger', () => {
  it('posts a schema-valid trigger with the routing key and a dedup key of its own, and returns that key', async () => {
    const reply = { status: 'success', message: 'Event processed', dedup_key: 'echoed-by-api' };
    expect(successSchemaErrors(reply)).toEqual([]);
    const seen = expectPost('/v2/enqueue', 202, reply);
    const key = await makeClient().trigger('Disk 99% full', 'db01.example.com');
    expect(key).toBe('echoed-by-api');
    expect(seen.body).toEqual({
      routing_key: KEY,
      event_action: 'trigger',
      dedup_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      payload: { summary: 'Disk 99% full', source: 'db01.example.com', severity: 'critical' },
    });
    expect(alertEventSchemaErrors(seen.body)).toEqual([]);
    expect(seen.headers?.['content-type']).toBe('application/json');
    expect(seen.headers?.authorization).toBeUndefined();
  });

  it("returns the caller's dedup key and sends every option under its wire name", async () => {
    const seen = expectPost('/v2/enqueue', 202, { status: 'success', dedup_key: 'db01/disk' });
    const options = deepFreeze({
      dedupKey: 'db01/disk',
      severity: 'warning' as const,
      payload: { custom_details: { a: 1, b: 1 }, group: 'from-payload' },
      customDetails: { b: 2 },
      images: [{ src: 'https://img.example.com/x.png', href: 'https://example.com', alt: 'chart' }],
      links: [{ href: 'https://example.com/runbook', text: 'Runbook' }],
      component: 'mysql',
      group: 'prod',
      class: 'disk',
      timestamp: new Date('2024-05-01T12:00:00Z'),
      client: 'Monitor',
      clientUrl: 'https://monitor.example.com',
    });
    const key = await makeClient().trigger('Disk full', 'db01', options);
    expect(key).toBe('db01/disk');
    expect(seen.body).toEqual({
      routing_key: KEY,
      event_action: 'trigger',
      dedup_key: 'db01/disk',
      payload: {
        summary: 'Disk full',
        source: 'db01',
        severity: 'warning',
        timestamp: '2024-05-01T12:00:00.000Z',
        component: 'mysql',
        group: 'from-payload',
        class: 'disk',
        custom_details: { a: 1, b: 2 },
      },
      client: 'Monitor',
      client_url: 'https://monitor.example.com',
      images: options.images,
      links: options.links,
    });
    expect(alertEventSchemaErrors(seen.body)).toEqual([]);
    expect(options.payload.custom_details).toEqual({ a: 1, b: 1 });
  });

  it('turns a 400 "invalid event" into an HttpError whose message carries the errors', async () => {
    const reply = {
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: ["Length of 'routing_key' is incorrect (should be 32 characters)"],
    };
    expect(errorSchemaErrors(reply)).toEqual([]);
    expectPost('/v2/enqueue', 400, reply);
    const error = await makeClient()
      .trigger('Disk full', 'db01')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(HttpServerError);
    const http = error as HttpError;
    expect(http.status).toBe(400);
    expect(http.message).toContain(
      'Events API rejected the event: Event object is invalid; ' +
        "Length of 'routing_key' is incorrect (should be 32 characters)",
    );
    expect(http.message).toContain(`POST ${HOST}/v2/enqueue`);
    expect(http.message).not.toContain(KEY);
    expect(http.body).toBe(JSON.stringify(reply));
  });

  it('throws HttpServerError when the API answers without a dedup_key', async () => {
    expectPost('/v2/enqueue', 202, { status: 'success' });
    await expect(makeClient().trigger('Disk full', 'db01')).rejects.toThrow(HttpServerError);
  });

  it('throws HttpServerError when the API answers with a body that is not JSON', async () => {
    expectPost('/v2/enqueue', 202, 'accepted');
    await expect(makeClient().trigger('Disk full', 'db01')).rejects.toThrow(/without a dedup_key/);
  });
});

describe('EventsApiV2Client.acknowledge and resolve', () => {
  it.each(['acknowledge', 'resolve'] as const)('%s posts the dedup key with its action', async (action) => {
    const seen = expectPost('/v2/enqueue', 202, { status: 'success', message: 'Event processed', dedup_key: 'k-1' });
    const response = await makeClient()[action]('k-1');
    expect(response).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'k-1' });
    expect(seen.body).toEqual({ routing_key: KEY, event_action: action, dedup_key: 'k-1' });
    expect(alertEventSchemaErrors(seen.body)).toEqual([]);
  });

  it.each(['acknowledge', 'resolve'] as const)(
    '%s without a dedup key is a UrlError before any request',
    async (action) => {
      const { calls, fetch } = countingFetch();
      const client = makeClient({ fetch });
      await expect(client[action]('')).rejects.toThrow(new RegExp(`dedup_key is required for ${action}`));
      await expect(client[action](undefined as unknown as string)).rejects.toThrow(UrlError);
      expect(calls).toEqual([]);
    },
  );
});

describe('EventsApiV2Client.sendEvent', () => {
  it('returns the parsed response of a wire-format event without changing the caller object', async () => {
    const seen = expectPost('/v2/enqueue', 202, { status: 'success', message: 'Event processed', dedup_key: 'x' });
    const properties = deepFreeze({
      dedup_key: 'x',
      payload: { summary: 'Queue backlog', source: 'worker-7', severity: 'info' as const, component: 'sidekiq' },
    });
    const response = await makeClient().sendEvent('trigger', properties);
    expect(response.dedup_key).toBe('x');
    expect(response.message).toBe('Event processed');
    expect(seen.body).toEqual({ ...properties, event_action: 'trigger', routing_key: KEY });
    expect(properties).not.toHaveProperty('routing_key');
  });

  it('refuses an unknown action before any request', async () => {
    const { calls, fetch } = countingFetch();
    const error = await makeClient({ fetch })
      .sendEvent('explode' as 'trigger', { dedup_key: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UrlError);
    expect((error as Error).message).toMatch(
      /event_action must be one of trigger, acknowledge, resolve, got "explode"/,
    );
    expect(calls).toEqual([]);
  });
});

describe('EventsApiV2Client: bad input is refused before any request', () => {
  const cases: [string, (client: EventsApiV2Client) => Promise<unknown>, RegExp][] = [
    [
      'an unknown severity',
      (c) => c.trigger('s', 'src', { severity: 'fatal' as 'critical' }),
      /payload\.severity must be one of critical, error, warning, info, got "fatal"/,
    ],
    ['an empty summary', (c) => c.trigger('', 'src'), /payload\.summary must be a non-empty string/],
    ['a blank summary', (c) => c.trigger('   ', 'src'), /payload\.summary must be a non-empty string/],
    ['an empty source', (c) => c.trigger('s', ''), /payload\.source must be a non-empty string/],
    [
      'images that are not a list',
      (c) => c.trigger('s', 'src', { images: { src: 'x' } as never }),
      /images must be a list/,
    ],
    [
      'an image without src',
      (c) => c.trigger('s', 'src', { images: [{ href: 'https://x' } as never] }),
      /images\[0\]\.src must be a non-empty string/,
    ],
    [
      'an image that is a string',
      (c) => c.trigger('s', 'src', { images: ['https://x' as never] }),
      /images\[0\] must be an object/,
    ],
    [
      'links that are not a list',
      (c) => c.trigger('s', 'src', { links: 'https://x' as never }),
      /links must be a list/,
    ],
    [
      'a link without href',
      (c) => c.trigger('s', 'src', { links: [{ text: 'x' } as never] }),
      /links\[0\]\.href must be a non-empty string/,
    ],
    [
      'a link text that is not a string',
      (c) => c.trigger('s', 'src', { links: [{ href: 'https://x', text: 5 } as never] }),
      /links\[0\]\.text must be a string/,
    ],
    [
      'custom details that are not an object',
      (c) => c.trigger('s', 'src', { customDetails: [1] as never }),
      /custom_details must be an object/,
    ],
    [
      'an invalid timestamp',
      (c) => c.trigger('s', 'src', { timestamp: new Date('nope') }),
      /timestamp must be an ISO 8601 date-time/,
    ],
    [
      'an empty dedup key on trigger',
      (c) => c.trigger('s', 'src', { dedupKey: '' }),
      /dedup_key must be a non-empty string/,
    ],
    [
      'an empty change summary',
      (c) => c.submit(''),
      /invalid change event: payload\.summary must be a non-empty string/,
    ],
    [
      'change links of the wrong shape',
      (c) => c.submit('s', { links: [{ url: 'https://x' } as never] }),
      /links\[0\]\.href/,
    ],
    ['change images of the wrong shape', (c) => c.submit('s', { images: 'x' as never }), /images must be a list/],
    ['a change event without payload', (c) => c.sendChangeEvent({} as never), /payload must be an object/],
  ];

  it.each(cases)('%s', async (_name, call, message) => {
    const { calls, fetch } = countingFetch();
    const error = await call(makeClient({ fetch })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UrlError);
    expect((error as Error).message).toMatch(message);
    expect(calls).toEqual([]);
  });

  it('names every problem of one event in one message', async () => {
    const error = await makeClient()
      .trigger('', '', { severity: 'bad' as 'info' })
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^invalid alert event: payload\.summary .*; payload\.source .*; payload\.severity /,
    );
  });

  it("builds validation errors through the client's error factory", async () => {
    class LegacyUrlError extends Error {}
    const errorFactory: ErrorFactory = (error) =>
      error instanceof UrlError ? new LegacyUrlError(error.message) : error;
    await expect(makeClient({ ...seams({ errorFactory }) }).resolve('')).rejects.toThrow(LegacyUrlError);
  });
});

describe('EventsApiV2Client.submit and sendChangeEvent', () => {
  it('submits a change event dated by the clock, in ISO 8601 UTC', async () => {
    const reply = { status: 'success', message: 'Change event processed' };
    const seen = expectPost('/v2/change/enqueue', 202, reply);
    const client = makeClient({ now: () => new Date(Date.UTC(2024, 4, 1, 12, 30, 0)) });
    const response = await client.submit('Deployed v1.4.2');
    expect(response).toEqual(reply);
    expect(seen.body).toEqual({
      routing_key: KEY,
      payload: { summary: 'Deployed v1.4.2', timestamp: '2024-05-01T12:30:00.000Z' },
    });
    expect(changeEventSchemaErrors(seen.body)).toEqual([]);
  });

  it('sends source, details, links, images and an explicit timestamp', async () => {
    const seen = expectPost('/v2/change/enqueue', 202, { status: 'success', id: 'CH1' });
    const options = deepFreeze({
      source: 'build-agent-3',
      customDetails: { build_number: '220' },
      links: [{ href: 'https://ci.example.com/builds/220', text: 'Build' }],
      images: [{ src: 'https://ci.example.com/badge.png' }],
      timestamp: '2015-07-17T08:42:58.315+0000',
    });
    const response = await makeClient().submit('Build 220 deployed', options);
    expect(response.id).toBe('CH1');
    expect(seen.body).toEqual({
      routing_key: KEY,
      payload: {
        summary: 'Build 220 deployed',
        timestamp: '2015-07-17T08:42:58.315+0000',
        source: 'build-agent-3',
        custom_details: { build_number: '220' },
      },
      links: options.links,
      images: options.images,
    });
    expect(changeEventSchemaErrors(seen.body)).toEqual([]);
  });

  it('sendChangeEvent posts the body as given plus the routing key', async () => {
    const seen = expectPost('/v2/change/enqueue', 202, { status: 'success' });
    const body = deepFreeze({ payload: { summary: 'Config reloaded', source: 'lb01' } });
    await makeClient().sendChangeEvent(body);
    expect(seen.body).toEqual({ routing_key: KEY, payload: { summary: 'Config reloaded', source: 'lb01' } });
    expect(body).toEqual({ payload: { summary: 'Config reloaded', source: 'lb01' } });
  });

  it('turns a 400 from the change endpoint into an HttpError with the API message', async () => {
    expectPost('/v2/change/enqueue', 400, {
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: ["'payload.summary' is missing"],
    });
    await expect(makeClient().submit('x')).rejects.toThrow(/Event object is invalid; 'payload.summary' is missing/);
  });
});

describe('EventsApiV2Client configuration', () => {
  it('defaults to the Events API host, POST only, and the Events retry table', () => {
    const client = makeClient();
    expect(client.url).toBe(HOST);
    expect(client.permittedMethods).toEqual(['POST']);
    expect(client.retry).toEqual({ 500: 2, 502: 4, 503: 6, 504: 6 });
    expect(DEFAULT_EVENTS_RETRY).toEqual(client.retry);
  });

  it("keeps the caller's retry table and base URL", () => {
    const client = makeClient({ retry: { 500: 0 }, baseUrl: 'https://events.eu.pagerduty.com' });
    expect(client.retry).toEqual({ 500: 0 });
    expect(client.url).toBe('https://events.eu.pagerduty.com');
  });

  it('refuses any method but POST before a request', async () => {
    const { calls, fetch } = countingFetch();
    await expect(makeClient({ fetch }).get('/v2/enqueue')).rejects.toThrow(UrlError);
    expect(calls).toEqual([]);
  });

  it('retries a 502 by default and succeeds', async () => {
    nock(HOST).post('/v2/enqueue').times(2).reply(502, 'bad gateway');
    nock(HOST).post('/v2/enqueue').reply(202, { status: 'success', dedup_key: 'after-retry' });
    const { pauses, sleep } = recordingSleep();
    const client = makeClient({ ...seams({ sleep }) });
    await expect(client.trigger('s', 'src')).resolves.toBe('after-retry');
    expect(pauses).toEqual([3, 6]);
  });

  it('gives up on a 500 after two retries with an HttpServerError', async () => {
    const scope = nock(HOST).post('/v2/enqueue').times(3).reply(500, { status: 'error', message: 'Internal error' });
    const error = await makeClient()
      .resolve('k')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpServerError);
    expect((error as Error).message).toContain('Events API responded with server error: Internal error');
    expect(scope.isDone()).toBe(true);
  });

  it('never shows the routing key when serialised or inspected', () => {
    const client = makeClient();
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(inspect(client, { depth: 5 })).not.toContain(KEY);
    expect(client.redactedSecret).toBe('*abcd');
  });
});
