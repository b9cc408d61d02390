// Issue 11, defect 3: pdpyras' attributes. `apiCallCounts` and `apiTime` (keyed as each
// release keyed them), `totalCallCount`, `totalCallTime`, a settable `defaultPageSize`
// that the iterators use, `truncToken`/`truncKey`, a settable `apiKey` that the next
// request uses, and `authType`. The core clients expose the same call metrics.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { inspect } from 'node:util';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import { EventsApiV2Client } from '../../src/core/events/events-api-v2-client.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import { API_KEY, BASE, makeSession, queryKeys } from './helpers.js';

const EVENTS = 'https://events.pagerduty.com';
const ROUTING_KEY = 'R0123456789abcdef0123456789abcd';

describe('apiCallCounts and apiTime (key format: gate 5.0.0)', () => {
  it('5.0.0 keys by "METHOD /canonical/path" and counts every response, retried ones too', async () => {
    const session = makeSession('5.0.0');
    session.retry[503] = 1;
    nock(BASE).get('/users/PU1').reply(503, 'busy');
    nock(BASE)
      .get('/users/PU1')
      .reply(200, { user: { id: 'PU1' } });
    nock(BASE)
      .get('/users/PU2')
      .reply(200, { user: { id: 'PU2' } });
    nock(BASE).get('/users').query(true).reply(200, { users: [], more: false });
    await session.rget('/users/PU1');
    await session.rget('/users/PU2');
    await session.listAll('/users');
    expect(session.apiCallCounts).toEqual({ 'GET /users/{id}': 3, 'GET /users': 1 });
    expect(Object.keys(session.apiTime).sort()).toEqual(['GET /users', 'GET /users/{id}']);
    expect(session.totalCallCount).toBe(4);
    expect(session.totalCallTime).toBeCloseTo(session.apiTime['GET /users/{id}'] + session.apiTime['GET /users'], 9);
    expect(session.apiTime['GET /users/{id}']).toBeGreaterThan(0);
  });

  it("4.5.2 keys as pdpyras 4.x's profiler did: 'get:users/{id}', 'get:users/{index}'", async () => {
    const session = makeSession('4.5.2');
    nock(BASE)
      .get('/users/PU1')
      .reply(200, { user: { id: 'PU1' } });
    nock(BASE).get('/users').query(true).reply(200, { users: [], more: false });
    nock(BASE).put('/incidents/PI1/alerts').reply(200, { alerts: [] });
    await session.rget('/users/PU1');
    await session.listAll('/users');
    await session.rput('/incidents/PI1/alerts', { json: [] });
    expect(session.apiCallCounts).toEqual({
      'get:users/{id}': 1,
      'get:users/{index}': 1,
      'put:incidents/{id}/alerts/{index}': 1,
    });
  });

  it('counts a path outside the table under its own path, and can be reset', async () => {
    const session = makeSession('5.4.1');
    nock(BASE).get('/widgets/W1').query({ x: '1' }).reply(200, {});
    await session.get('/widgets/W1?x=1');
    expect(session.apiCallCounts).toEqual({ 'GET /widgets/W1': 1 });
    session.apiCallCounts = {};
    session.apiTime = {};
    expect(session.totalCallCount).toBe(0);
    expect(session.totalCallTime).toBe(0);
  });

  it('a network error is not a response and is not counted', async () => {
    const fetch = async (): Promise<never> => {
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    };
    const session = makeSession('5.4.1', { fetch, maxNetworkAttempts: 0 });
    const error = await session.get('/users').catch((e: unknown) => e);
    expect(((error as Error).cause as Error).message).toBe('socket hang up');
    expect(session.totalCallCount).toBe(0);
  });

  it('the core clients keep the same metrics', async () => {
    const client = new RestApiV2Client(API_KEY);
    nock(BASE).get('/users/PU1').reply(200, { user: {} });
    await client.rget('/users/PU1');
    expect(client.apiCallCounts).toEqual({ 'GET /users/{id}': 1 });
    const events = new EventsApiV2Client(ROUTING_KEY);
    nock(EVENTS).post('/v2/enqueue').reply(202, { status: 'success', dedup_key: 'k' });
    await events.acknowledge('k');
    expect(events.apiCallCounts).toEqual({ 'POST /v2/enqueue': 1 });
    expect(events.totalCallCount).toBe(1);
  });
});

describe('defaultPageSize', () => {
  it('is 100, and once set is the limit of every page iterAll, listAll and find request', async () => {
    const session = makeSession('5.4.1');
    expect(session.defaultPageSize).toBe(100);
    session.defaultPageSize = 50;
    const limits: string[] = [];
    nock(BASE)
      .get('/users')
      .query(true)
      .times(3)
      .reply((uri) => {
        limits.push(new URL(uri, BASE).searchParams.get('limit') ?? '');
        return [200, { users: [], more: false }];
      });
    await session.listAll('/users');
    for await (const user of session.iterAll('/users')) expect(user).toBeDefined();
    await session.find('/users', 'x');
    expect(limits).toEqual(['50', '50', '50']);
  });

  it('gives way to pageSize, and to a limit in params', async () => {
    const session = makeSession('4.3.0');
    session.defaultPageSize = 10;
    const paths: string[] = [];
    nock(BASE)
      .get('/users')
      .query(true)
      .times(2)
      .reply((uri) => {
        paths.push(uri);
        return [200, { users: [], more: false }];
      });
    await session.listAll('/users', {}, { pageSize: 25 });
    await session.listAll('/users', { limit: 5 });
    expect(paths.map((p) => new URL(p, BASE).searchParams.get('limit'))).toEqual(['25', '5']);
    expect(queryKeys(paths[0])).toEqual(['limit', 'offset']);
  });

  it('is used by the cursor iterator too, and the core client has it', async () => {
    const client = new RestApiV2Client(API_KEY);
    client.defaultPageSize = 30;
    nock(BASE).get('/audit/records').query({ limit: '30' }).reply(200, { records: [], next_cursor: null });
    await expect(client.listAll('/audit/records')).resolves.toEqual([]);
  });

  it('refuses a value that is not a positive integer, keeping the old one', () => {
    const session = makeSession('5.4.1');
    expect(() => (session.defaultPageSize = 0)).toThrow(RangeError);
    expect(() => (session.defaultPageSize = 2.5)).toThrow(/positive integer/);
    expect(session.defaultPageSize).toBe(100);
  });
});

describe('the credential: apiKey, authType, truncToken', () => {
  it('truncToken and truncKey are * and the last four characters', () => {
    const session = makeSession('5.4.1');
    expect(session.truncToken).toBe('*wxyz');
    expect(session.truncKey).toBe('*wxyz');
    expect(new EventsAPISession(ROUTING_KEY).truncKey).toBe('*abcd');
  });

  it('a new apiKey is used from the next request, and is never printed with the session', async () => {
    const session = makeSession('5.4.1');
    const seen: string[] = [];
    nock(BASE)
      .get('/users/PU1')
      .twice()
      .reply(function () {
        seen.push(String(this.req.headers.authorization));
        return [200, { user: {} }];
      });
    await session.rget('/users/PU1');
    session.apiKey = 'u+anotherkey0000ab12';
    await session.rget('/users/PU1');
    expect(seen).toEqual([`Token token=${API_KEY}`, 'Token token=u+anotherkey0000ab12']);
    expect(session.apiKey).toBe('u+anotherkey0000ab12');
    expect(session.truncToken).toBe('*ab12');
    expect(JSON.stringify(session)).not.toContain('anotherkey');
    expect(inspect(session, { depth: 5 })).not.toContain('anotherkey');
  });

  it('refuses an empty key, keeping the old one', () => {
    const session = makeSession('5.4.1');
    expect(() => (session.apiKey = '')).toThrow(TypeError);
    expect(session.apiKey).toBe(API_KEY);
  });

  it('authType is readable, and a new one applies from the next request', async () => {
    const session = makeSession('5.4.1', { authType: 'oauth2' });
    expect(session.authType).toBe('oauth2');
    const seen: string[] = [];
    nock(BASE)
      .get('/users/me')
      .twice()
      .reply(function () {
        seen.push(String(this.req.headers.authorization));
        return [200, { user: {} }];
      });
    await session.rget('/users/me');
    session.authType = 'token';
    await session.rget('/users/me');
    expect(seen).toEqual([`Bearer ${API_KEY}`, `Token token=${API_KEY}`]);
    expect(() => (session.authType = 'basic' as never)).toThrow(/unknown authType/);
    expect(session.authType).toBe('token');
  });

  it("a new key is asked its access level and subdomain afresh (pdpyras' after_set_api_key)", async () => {
    const session = makeSession('5.4.1');
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(200, { users: [{ html_url: 'https://acme.pagerduty.com/users/PU1' }] });
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(200, { users: [{ html_url: 'https://other.pagerduty.com/users/PU9' }] });
    await expect(session.subdomain()).resolves.toBe('acme');
    await expect(session.subdomain()).resolves.toBe('acme');
    session.apiKey = 'u+anotherkey0000ab12';
    await expect(session.subdomain()).resolves.toBe('other');
  });

  it('the events sessions take a new routing key in the body of the next event', async () => {
    const session = new EventsAPISession(ROUTING_KEY);
    const keys: unknown[] = [];
    nock(EVENTS)
      .post('/v2/enqueue')
      .twice()
      .reply((_uri, body) => {
        keys.push((body as { routing_key: unknown }).routing_key);
        return [202, { status: 'success', dedup_key: 'k' }];
      });
    await session.acknowledge('k');
    session.apiKey = 'R9999999999abcdef0123456789wxyz';
    await session.acknowledge('k');
    expect(keys).toEqual([ROUTING_KEY, 'R9999999999abcdef0123456789wxyz']);
  });
});
