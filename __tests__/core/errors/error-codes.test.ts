import { seams } from '../../helpers/test-kit.js';
// What every request error says of itself (code, method, URL, status) as the error factory receives it, and the
// scrubbing of everything a factory receives and returns.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { ErrorFactory, RequestError } from '../../../src/core/errors/error-classes.js';
import { EventsApiV2Client } from '../../../src/core/events/events-api-v2-client.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { BASE, instantSleep, makeClient } from '../../helpers/test-kit.js';

const KEY = 'u+factskey0000abcd';

function recording(): { specs: RequestError[]; factory: ErrorFactory } {
  const specs: RequestError[] = [];
  return {
    specs,
    factory: (error) => {
      specs.push(error);
      return error;
    },
  };
}

function client(
  factory: ErrorFactory,
  options: ConstructorParameters<typeof RestApiV2Client>[1] = {},
): RestApiV2Client {
  return makeClient({ ...seams({ errorFactory: factory }), ...options }, KEY);
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

const facts = (error: RequestError) => ({
  name: error.constructor.name,
  code: error.code,
  method: error.method,
  url: error.url,
  ...('status' in error ? { status: error.status } : {}),
});

describe('what the engine hands the error factory', () => {
  it('a failed status: its code, method, URL as sent and status', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users/PX').query(true).reply(404, 'nope');
    await failure(client(factory).rget('/users/PX', { params: { include: ['teams'] } }));
    expect(specs.map(facts)).toEqual([
      {
        name: 'HttpError',
        code: 'ERR_HTTP_STATUS',
        method: 'GET',
        url: `${BASE}/users/PX?include%5B%5D=teams`,
        status: 404,
      },
    ]);
  });

  it('a body that is not JSON, and one without its wrapper', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users/PU1').reply(200, '<html>');
    nock(BASE).get('/users/PU1').reply(200, { usr: {} });
    await failure(client(factory).rget('/users/PU1'));
    await failure(client(factory).rget('/users/PU1'));
    expect(specs.map((error) => [error.constructor.name, error.code])).toEqual([
      ['HttpServerError', 'ERR_NOT_JSON'],
      ['HttpServerError', 'ERR_MISSING_KEY'],
    ]);
  });

  it('a page: the status of the page request, nothing of the method paging', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users').query(true).reply(500, 'boom');
    nock(BASE).get('/users').query(true).reply(200, { teams: [] });
    await failure(client(factory, { retry: {} }).listAll('users'));
    await failure(client(factory, { retry: {} }).listAll('users'));
    expect(specs.map(facts)).toEqual([
      {
        name: 'HttpServerError',
        code: 'ERR_HTTP_STATUS',
        method: 'GET',
        url: `${BASE}/users?limit=100&offset=0`,
        status: 500,
      },
      {
        name: 'HttpServerError',
        code: 'ERR_MISSING_KEY',
        method: 'GET',
        url: `${BASE}/users?limit=100&offset=0`,
        status: 200,
      },
    ]);
  });

  it('an event: a failed status, a reply without its dedup key, a reply that is not JSON', async () => {
    const { specs, factory } = recording();
    const events = new EventsApiV2Client('R0UT1NGKEY', {
      ...seams({ sleep: instantSleep }),
      ...seams({ errorFactory: factory }),
      retry: {},
    });
    nock('https://events.pagerduty.com').post('/v2/enqueue').reply(500, '{}');
    nock('https://events.pagerduty.com').post('/v2/enqueue').reply(202, { status: 'success' });
    nock('https://events.pagerduty.com').post('/v2/change/enqueue').reply(202, 'not json');
    await failure(events.acknowledge('dk'));
    await failure(events.acknowledge('dk'));
    await failure(events.submit('Deployed'));
    expect(specs.map((error) => error.code)).toEqual(['ERR_HTTP_STATUS', 'ERR_MISSING_KEY', 'ERR_NOT_JSON']);
  });

  it("network retries running out: the cause's code and the URL as sent", async () => {
    const { specs, factory } = recording();
    const fetch = async (): Promise<never> => {
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    };
    await failure(
      client(factory, { fetch: fetch as never, maxNetworkAttempts: 2 }).get('/users', { params: { query: 'a' } }),
    );
    expect(specs.map(facts)).toEqual([
      { name: 'NetworkError', code: 'ECONNRESET', method: 'GET', url: `${BASE}/users?query=a` },
    ]);
  });

  it('401: ERR_UNAUTHORIZED, the key never in the message unredacted', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users/me').reply(401, '{}');
    await failure(client(factory).rget('/users/me'));
    expect(specs.map(facts)).toEqual([
      { name: 'HttpError', code: 'ERR_UNAUTHORIZED', method: 'GET', url: `${BASE}/users/me`, status: 401 },
    ]);
    expect(specs[0].message).toContain('(*abcd)');
  });

  it('refusals before any request: what was refused, and the method and URL as given', async () => {
    const { specs, factory } = recording();
    const rest = client(factory);
    await failure(rest.request('TRACE', '/users'));
    await failure(rest.rget('https://evil.example.com/users'));
    await failure(rest.rget('/widgets/W1'));
    await failure(rest.listAll('/users/PU1'));
    await failure(rest.rget({} as never));
    expect(specs.map(facts)).toEqual([
      { name: 'UrlError', code: 'ERR_METHOD_NOT_PERMITTED', method: 'TRACE', url: '/users' },
      { name: 'UrlError', code: 'ERR_FOREIGN_URL', method: undefined, url: 'https://evil.example.com/users' },
      { name: 'UrlError', code: 'ERR_NO_CANONICAL_PATH', method: undefined, url: '/widgets/W1' },
      { name: 'UrlError', code: 'ERR_NOT_AN_INDEX', method: undefined, url: '/users/PU1' },
      { name: 'UrlError', code: 'ERR_INVALID_URL', method: undefined, url: undefined },
    ]);
    expect(specs[1].message).toMatch(/^refusing to send a request to https:\/\/evil\.example\.com\/users/);
  });
});

describe('no secret reaches or leaves the error factory', () => {
  it('scrubs the error handed over, and the message a factory words itself', async () => {
    const specs: RequestError[] = [];
    const leaky: ErrorFactory = (error) => {
      specs.push(error);
      return new Error(`custom: ${KEY} ${error.url ?? ''}`);
    };
    nock(BASE).get('/users').query(true).reply(404, KEY);
    // `note` is no parameter of GET /users: a type argument leaves the call untyped.
    const error = (await failure(client(leaky).jget<unknown>('/users', { params: { note: KEY } }))) as Error;
    expect(JSON.stringify({ ...specs[0], message: specs[0].message })).not.toContain('factskey');
    expect(error.message).toBe(`custom: *abcd ${BASE}/users?note=*abcd`);
  });

  it('scrubs the percent-encoded form of the secret from the core messages too', async () => {
    nock(BASE).get('/users').query(true).reply(404, 'nope');
    const error = (await failure(new RestApiV2Client(KEY).jget<unknown>('/users', { params: { note: KEY } }))) as Error;
    expect(error.message).toBe(`GET ${BASE}/users?note=*abcd: API responded with client error (status 404): nope`);
  });
});
