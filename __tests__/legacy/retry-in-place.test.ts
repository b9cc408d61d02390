import { seams, instantRetries, instantSleep, makeClient, recordingSleep } from '../helpers/test-kit.js';
// Issue 11, defect 1: `retry` is a plain object changed in place (pdpyras' own guide writes
// `session.retry[404] = 5`), read at every request; a bad entry is a clear error at the
// next request, before anything is sent. The same holds for the core client and the
// events sessions' defaults.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { tokenAuth } from '../../src/core/auth/auth-methods.js';
import { ApiClient } from '../../src/core/client/api-client.js';
import { EventsApiV2Client } from '../../src/core/events/events-api-v2-client.js';
import { DEFAULT_EVENTS_RETRY } from '../../src/core/events/endpoints.js';
import { ChangeEventsAPISession } from '../../src/legacy/change-events-api-session.js';
import { PDHTTPError } from '../../src/legacy/errors.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import { BASE, makeSession } from './helpers.js';

const EVENTS = 'https://events.pagerduty.com';

describe('session.retry[status] = n (both ends of the supported releases)', () => {
  it.each(['4.3.0', '5.4.1'] as const)(
    'at %s retries a 404 twice, then returns it (get) or throws (rget)',
    async (compat) => {
      const { pauses, sleep } = recordingSleep();
      const session = makeSession(compat, { sleep });
      session.retry[404] = 2;
      nock(BASE)
        .get('/users/PX')
        .times(6)
        .reply(404, { error: { message: 'Not Found' } });
      const response = await session.get('/users/PX');
      expect(response.status).toBe(404);
      expect(pauses).toEqual([3, 6]);
      const error = await session.rget('/users/PX').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(compat === '4.3.0' ? Error : PDHTTPError);
      expect(pauses).toEqual([3, 6, 3, 6]);
      expect(nock.pendingMocks()).toEqual([]);
    },
  );

  it('reads the object at every request: removing the entry stops the retries', async () => {
    const session = makeSession('5.4.1');
    session.retry[503] = 1;
    nock(BASE).get('/users/PU1').times(2).reply(503, 'busy');
    expect((await session.get('/users/PU1')).status).toBe(503);
    delete session.retry[503];
    nock(BASE).get('/users/PU1').once().reply(503, 'busy');
    expect((await session.get('/users/PU1')).status).toBe(503);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('a bad entry is a RangeError naming it at the next request, before anything is sent', async () => {
    const session = makeSession('5.4.1');
    (session.retry as Record<number, unknown>)[404] = '5';
    const scope = nock(BASE).get('/users/PU1').reply(200, { user: {} });
    await expect(session.rget('/users/PU1')).rejects.toThrow(
      new RangeError('retry[404] must be an integer >= -1 (-1 means without limit), got "5"'),
    );
    expect(scope.isDone()).toBe(false);
    session.retry[404] = 5;
    await expect(session.rget('/users/PU1')).resolves.toEqual({});
  });

  it('assigning a new object checks it at once and keeps a mutable copy', () => {
    const session = makeSession('5.4.1');
    const given = Object.freeze({ 500: 1 });
    session.retry = given;
    session.retry[502] = 2;
    expect(session.retry).toEqual({ 500: 1, 502: 2 });
    expect(given).toEqual({ 500: 1 });
    expect(() => (session.retry = { 99: 1 })).toThrow(RangeError);
    expect(session.retry).toEqual({ 500: 1, 502: 2 });
  });

  it('a shared options object is never changed through a session', () => {
    const options = { retry: { 500: 1 } };
    const first = makeSession('5.4.1', options);
    first.retry[500] = 9;
    expect(options.retry).toEqual({ 500: 1 });
    expect(makeSession('5.4.1', options).retry).toEqual({ 500: 1 });
  });
});

describe('the core client.retry', () => {
  it('is changed in place and read at the next request', async () => {
    const { pauses, sleep } = recordingSleep();
    const client = makeClient({ ...seams({ sleep }) }, 'u+corekey0000abcd');
    client.retry[429] = 0;
    nock(BASE).get('/users/PU1').reply(429, 'slow down');
    expect((await client.get('/users/PU1')).status).toBe(429);
    expect(pauses).toEqual([]);
  });

  it('a bad entry fails the next request of a plain ApiClient before it is sent', async () => {
    const client = new ApiClient(tokenAuth('u+corekey0000abcd'));
    (client.retry as Record<number, unknown>)[500] = -2;
    const scope = nock(BASE).get('/x').reply(200, {});
    await expect(client.get('/x')).rejects.toThrow(/retry\[500\] must be an integer >= -1/);
    expect(scope.isDone()).toBe(false);
  });

  it("the Events client's default can be changed in place without touching DEFAULT_EVENTS_RETRY", async () => {
    const client = new EventsApiV2Client('R0123456789abcdef0123456789abcd', instantRetries);
    client.retry[504] = 0;
    expect(DEFAULT_EVENTS_RETRY[504]).toBe(6);
    nock(EVENTS).post('/v2/enqueue').reply(504, { status: 'error' });
    await expect(client.acknowledge('k')).rejects.toThrow(/status 504/);
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe("the events sessions' default retry (gate 5.1.2)", () => {
  it('5.1.1 starts with none; the table can be filled in place', async () => {
    const session = new EventsAPISession('R0123456789abcdef0123456789abcd', { compat: '5.1.1', sleep: instantSleep });
    expect(session.retry).toEqual({});
    nock(EVENTS).post('/v2/enqueue').reply(500, { status: 'error' });
    await expect(session.acknowledge('k')).rejects.toThrow(/status 500/);
    session.retry[500] = 1;
    nock(EVENTS).post('/v2/enqueue').reply(500, { status: 'error' });
    nock(EVENTS).post('/v2/enqueue').reply(202, { status: 'success', dedup_key: 'k' });
    await expect(session.acknowledge('k')).resolves.toBe('k');
  });

  it('5.1.2 starts with the Events API table; ChangeEventsAPISession never with 504', () => {
    const events = new EventsAPISession('R0123456789abcdef0123456789abcd', { compat: '5.1.2' });
    const changes = new ChangeEventsAPISession('R0123456789abcdef0123456789abcd', { compat: '5.1.2' });
    expect(events.retry).toEqual({ 500: 2, 502: 4, 503: 6, 504: 6 });
    expect(changes.retry).toEqual({ 500: 2, 502: 4, 503: 6 });
    events.retry[429] = 3;
    expect(new EventsAPISession('R0123456789abcdef0123456789abcd', { compat: '5.1.2' }).retry).not.toHaveProperty(
      '429',
    );
  });
});
