import { seams } from '../../helpers/test-kit.js';
/**
 * The run-time checks of option objects, for JavaScript callers: unknown keys, options
 * that are not objects, and times given in milliseconds. Nothing refused reaches the
 * network (the injected fetch would record it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ApiClient,
  EventsApiV2Client,
  McpApiClient,
  OAuthTokenClient,
  RestApiV2Client,
  ScimApiClient,
  SlackIntegrationApiClient,
  tokenAuth,
} from '../../../src/index.js';
import { APISession, ChangeEventsAPISession, EventsAPISession } from '../../../src/legacy/index.js';
import { closestName } from '../../../src/core/client/option-names.js';
import { ok, startLoopback, type LoopbackServer } from '../../helpers/loopback.js';

/** A fetch that must never be called. */
const noFetch = (): never => {
  throw new Error('fetch was called');
};

// Construction through `unknown`, as a JavaScript caller would write it.
type Make = (options: unknown) => unknown;
const constructors: readonly (readonly [string, Make])[] = [
  ['ApiClient', (o) => new ApiClient(tokenAuth('k'), o as object)],
  ['RestApiV2Client', (o) => new RestApiV2Client('k', o as object)],
  ['EventsApiV2Client', (o) => new EventsApiV2Client('k', o as object)],
  ['OAuthTokenClient', (o) => new OAuthTokenClient('secret', 'id', o as object)],
  ['McpApiClient', (o) => new McpApiClient('k', o as object)],
  ['ScimApiClient', (o) => new ScimApiClient('k', o as object)],
  ['IntegrationApiClient', (o) => new SlackIntegrationApiClient('k', o as object)],
  ['APISession', (o) => new APISession('k', o as object)],
  ['EventsAPISession', (o) => new EventsAPISession('k', o as object)],
  ['ChangeEventsAPISession', (o) => new ChangeEventsAPISession('k', o as object)],
];

describe('constructor options', () => {
  it.each(constructors)('%s: a misspelt key names the closest option', (name, make) => {
    expect(() => make({ baseURL: 'http://127.0.0.1:1' })).toThrow(
      new TypeError(`unknown ${name} option "baseURL"; did you mean baseUrl?`),
    );
  });

  it.each(constructors)('%s: options that are not an object are refused', (name, make) => {
    expect(() => make('http://127.0.0.1:1')).toThrow(new TypeError(`${name} options must be an object, got a string`));
    expect(() => make(30)).toThrow(new TypeError(`${name} options must be an object, got a number`));
    expect(() => make([])).toThrow(new TypeError(`${name} options must be an object, got an array`));
    expect(() => make(null)).toThrow(new TypeError(`${name} options must be an object, got null`));
  });

  it.each(constructors)('%s: a timeout in milliseconds is a RangeError saying the unit', (_name, make) => {
    expect(() => make({ timeout: 30000 })).toThrow(
      new RangeError('timeout is in seconds and must be at most 600 seconds, got 30000'),
    );
    expect(() => make({ sleepTimer: 5000 })).toThrow(
      new RangeError('sleepTimer is in seconds and must be at most 3600 seconds, got 5000'),
    );
  });

  it('each client knows its own options (and a key with nothing close lists them)', () => {
    expect(() => new RestApiV2Client('k', { regoin: 'eu' } as object)).toThrow(
      new TypeError('unknown RestApiV2Client option "regoin"; did you mean region?'),
    );
    expect(() => new EventsApiV2Client('k', { routingKey: 'eu' } as object)).toThrow(
      /^unknown EventsApiV2Client option "routingKey"; the EventsApiV2Client options are baseUrl, .*, now$/,
    );
    expect(() => new McpApiClient('k', { clientinfo: {} } as object)).toThrow(
      new TypeError('unknown McpApiClient option "clientinfo"; did you mean clientInfo?'),
    );
    expect(() => new OAuthTokenClient('s', 'i', { earlyRefresh: 10 } as object)).toThrow(
      /^unknown OAuthTokenClient option "earlyRefresh"/,
    );
  });

  it('accepts every option it declares, the legacy sessions their own', () => {
    expect(
      new RestApiV2Client('k', {
        region: 'eu',
        defaultFrom: 'a@example.com',
        timeout: 600,
        sleepTimer: 3600,
        ...seams({ compress: false }),
        ...seams({ size: 0 }),
      }).timeout,
    ).toBe(600);
    expect(new APISession('k', { compat: '5.4.1', proxies: {}, defaultFrom: 'a@example.com' }).compat).toBe('5.4.1');
    expect(new ChangeEventsAPISession('k', { now: () => new Date(0), compat: '5.4.1' }).compat).toBe('5.4.1');
  });
});

describe('settings set later', () => {
  it('timeout and sleepTimer above their maxima are refused, the old value kept', () => {
    const client = new RestApiV2Client('k');
    expect(() => (client.timeout = 30000)).toThrow(
      new RangeError('timeout is in seconds and must be at most 600 seconds, got 30000'),
    );
    expect(() => (client.sleepTimer = 3601)).toThrow(
      new RangeError('sleepTimer is in seconds and must be at most 3600 seconds, got 3601'),
    );
    expect([client.timeout, client.sleepTimer]).toEqual([60, 1.5]);
  });
});

describe('request and iterator options', () => {
  const client = new RestApiV2Client('k', { baseUrl: 'http://127.0.0.1:1', fetch: noFetch });
  const asAny = client as unknown as Record<string, (...args: unknown[]) => unknown>;

  it('rget(path, { include }) says query parameters go in params', async () => {
    await expect(asAny.rget.call(client, '/users/P1', { include: ['teams'] })).rejects.toThrow(
      new TypeError(
        'unknown request option "include"; query parameters go in params ({ params: { ... } }); ' +
          'the request options are headers, json, form, params, timeout, stream, retryMode, extraParams, ' +
          'extraFields, body, signal, redirect, agent, compress, size',
      ),
    );
  });

  it('a misspelt request option names the closest one; a string is refused', async () => {
    await expect(asAny.get.call(client, '/users', { header: {} })).rejects.toThrow(
      new TypeError('unknown request option "header"; did you mean headers?'),
    );
    for (const method of ['get', 'jget', 'rget', 'rdelete', 'request']) {
      const args = method === 'request' ? ['GET', '/users/P1', 'limit=1'] : ['/users/P1', 'limit=1'];
      await expect(asAny[method].call(client, ...args)).rejects.toThrow(
        new TypeError('request options must be an object, got a string'),
      );
    }
  });

  it('a per-request timeout in milliseconds is a RangeError', async () => {
    await expect(client.get('/users', { timeout: 5000 })).rejects.toThrow(
      new RangeError('timeout is in seconds and must be at most 600 seconds, got 5000'),
    );
  });

  it('listAll / iterAll / iterCursor / dictAll check their options argument', async () => {
    await expect(asAny.listAll.call(client, '/incidents', {}, { pageSise: 10 })).rejects.toThrow(
      new TypeError('unknown listAll option "pageSise"; did you mean pageSize?'),
    );
    expect(() => asAny.iterAll.call(client, '/incidents', {}, { statuses: ['triggered'] })).toThrow(
      new TypeError('unknown iterAll option "statuses"; query parameters are the second argument, options the third'),
    );
    expect(() => asAny.iterCursor.call(client, '/audit/records', {}, 'x')).toThrow(
      new TypeError('iterCursor options must be an object, got a string'),
    );
    await expect(asAny.dictAll.call(client, '/users', { team_ids: ['T1'] })).rejects.toThrow(
      new TypeError('unknown dictAll option "team_ids"; query parameters go in params'),
    );
  });
});

describe('what is accepted reaches the server', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopback([ok({ users: [{ id: 'U1' }], more: false, limit: 1, offset: 0 })]);
  });
  afterAll(() => server.close());

  it("node-fetch's own keys and unknown query parameters pass", async () => {
    const client = new RestApiV2Client('k', { baseUrl: server.url });
    const response = await client.get('/users', {
      compress: false,
      size: 0,
      redirect: 'manual',
      signal: AbortSignal.timeout(5000),
      params: { not_a_parameter: 1 },
    });
    expect(response.status).toBe(200);
    expect(await client.listAll('/users', { not_a_parameter: 1 } as object, { pageSize: 1 })).toEqual([{ id: 'U1' }]);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/users?not_a_parameter=1',
      '/users?limit=1&not_a_parameter=1&offset=0',
    ]);
  });
});

describe('closestName', () => {
  it('allows a third of the letters edited, ignoring case', () => {
    expect(closestName('baseURL', ['baseUrl', 'debug'])).toBe('baseUrl');
    expect(closestName('pageSise', ['pageSize', 'total'])).toBe('pageSize');
    expect(closestName('include', ['headers', 'json', 'params'])).toBeUndefined();
    expect(closestName('x', ['y'])).toBe('y');
    expect(closestName('xyz', ['abc'])).toBeUndefined();
  });
});
