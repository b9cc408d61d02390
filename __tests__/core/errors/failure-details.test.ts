import { seams } from '../../helpers/test-kit.js';
// The facts every error carries to the error factory (what the legacy sessions word their
// errors from), and the scrubbing of everything a factory receives and returns.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { coreErrorFactory, type ErrorFactory, type ErrorSpec } from '../../../src/core/errors/error-classes.js';
import { EventsApiV2Client } from '../../../src/core/events/events-api-v2-client.js';
import { responseReason, scrubFailure } from '../../../src/core/errors/failure-details.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { BASE, instantSleep, makeClient } from '../../helpers/test-kit.js';

const KEY = 'u+factskey0000abcd';

function recording(): { specs: ErrorSpec[]; factory: ErrorFactory } {
  const specs: ErrorSpec[] = [];
  return {
    specs,
    factory: (spec) => {
      specs.push(spec);
      return coreErrorFactory(spec);
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

describe('responseReason', () => {
  it.each<[number, string]>([
    [404, 'status'],
    [500, 'status'],
    [302, 'redirect'],
    [200, 'unusable-body'],
  ])('%i is %s', (status, reason) => {
    expect(responseReason(status)).toBe(reason);
  });
});

describe('scrubFailure', () => {
  it('scrubs the URLs a caller supplied and leaves the rest', () => {
    const facts = {
      reason: 'foreign-url',
      requestedUrl: 'https://x/?k=S',
      baseUrl: 'https://S',
      url: 'S',
      status: 1,
    } as const;
    expect(scrubFailure(facts, (text) => text.replaceAll('S', '*'))).toEqual({
      reason: 'foreign-url',
      requestedUrl: 'https://x/?k=*',
      baseUrl: 'https://*',
      url: '*',
      status: 1,
    });
  });
});

describe('the facts the engine gives the error factory', () => {
  it('a failed status: method, URL as sent and status', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users/PX').query(true).reply(404, 'nope');
    await failure(client(factory).rget('/users/PX', { params: { include: ['teams'] } }));
    expect(specs[0].facts).toEqual({
      reason: 'status',
      method: 'GET',
      url: `${BASE}/users/PX?include%5B%5D=teams`,
      status: 404,
    });
  });

  it('a body that is not JSON, and one without its wrapper', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users/PU1').reply(200, '<html>');
    nock(BASE).get('/users/PU1').reply(200, { usr: {} });
    await failure(client(factory).rget('/users/PU1'));
    await failure(client(factory).rget('/users/PU1'));
    expect(specs.map((spec) => spec.facts?.reason)).toEqual(['not-json', 'missing-key']);
    expect(specs[1].facts?.expected).toBe('user');
  });

  it('a page: what was being done, by which method, on which URL as given', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users').query(true).reply(500, 'boom');
    nock(BASE).get('/audit/records').query(true).reply(503, 'down');
    await failure(client(factory, { retry: {} }).listAll('users'));
    await failure(client(factory, { retry: {} }).listAll('/audit/records'));
    expect(specs[0].facts).toMatchObject({
      reason: 'status',
      status: 500,
      operation: 'classic-pages',
      caller: 'listAll',
      requestedUrl: 'users',
    });
    expect(specs[1].facts).toMatchObject({
      reason: 'status',
      status: 503,
      operation: 'cursor-pages',
      caller: 'listAll',
    });
  });

  it('an event: which kind of event', async () => {
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
    expect(specs.map((spec) => [spec.facts?.reason, spec.facts?.operation, spec.facts?.expected])).toEqual([
      ['status', 'alert-event', undefined],
      ['missing-key', 'alert-event', 'dedup_key'],
      ['not-json', 'change-event', undefined],
    ]);
  });

  it('network retries running out: the URL before its params and the retries allowed', async () => {
    const { specs, factory } = recording();
    const fetch = async (): Promise<never> => {
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    };
    await failure(
      client(factory, { fetch: fetch as never, maxNetworkAttempts: 2 }).get('/users', { params: { query: 'a' } }),
    );
    expect(specs[0].facts).toEqual({
      reason: 'network',
      method: 'GET',
      url: `${BASE}/users?query=a`,
      urlBeforeParams: `${BASE}/users`,
      retryLimit: 2,
    });
  });

  it('401: the key redacted', async () => {
    const { specs, factory } = recording();
    nock(BASE).get('/users/me').reply(401, '{}');
    await failure(client(factory).rget('/users/me'));
    expect(specs[0].facts).toMatchObject({ reason: 'unauthorized', redactedKey: '*abcd', status: 401 });
  });

  it('refusals before any request', async () => {
    const { specs, factory } = recording();
    const rest = client(factory);
    await failure(rest.request('TRACE', '/users'));
    await failure(rest.rget('https://evil.example.com/users'));
    await failure(rest.rget('/widgets/W1'));
    await failure(rest.listAll('/users/PU1'));
    expect(specs.map((spec) => spec.facts)).toEqual([
      { reason: 'method-not-permitted', method: 'TRACE', permitted: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      { reason: 'foreign-url', requestedUrl: 'https://evil.example.com/users', baseUrl: BASE },
      { reason: 'no-canonical-path', requestedUrl: '/widgets/W1' },
      { reason: 'not-an-index', canonicalPath: '/users/{id}', requestedUrl: '/users/PU1' },
    ]);
    // The core's own factory ignores them: its messages are its own.
    expect(specs[1].message).toMatch(/^refusing to send a request to https:\/\/evil\.example\.com\/users/);
  });
});

describe('no secret reaches or leaves the error factory', () => {
  it('scrubs the facts, and the message a factory words itself', async () => {
    const specs: ErrorSpec[] = [];
    const leaky: ErrorFactory = (spec) => {
      specs.push(spec);
      return new Error(`custom: ${KEY} ${spec.facts?.url ?? ''}`);
    };
    nock(BASE).get('/users').query(true).reply(404, KEY);
    // `note` is no parameter of GET /users: a type argument leaves the call untyped.
    const error = (await failure(client(leaky).jget<unknown>('/users', { params: { note: KEY } }))) as Error;
    expect(JSON.stringify(specs[0])).not.toContain('factskey');
    expect(error.message).toBe(`custom: *abcd ${BASE}/users?note=*abcd`);
  });

  it('scrubs the percent-encoded form of the secret from the core messages too', async () => {
    nock(BASE).get('/users').query(true).reply(404, 'nope');
    const error = (await failure(new RestApiV2Client(KEY).jget<unknown>('/users', { params: { note: KEY } }))) as Error;
    expect(error.message).toBe(`GET ${BASE}/users?note=*abcd: API responded with client error (status 404): nope`);
  });
});
