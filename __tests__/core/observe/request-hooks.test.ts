import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpError, NetworkError, type HookRequest, type RequestHooks } from '../../../src/index.js';
import { API_KEY, BASE, makeClient } from '../../helpers/test-kit.js';

/** Hooks that record every step in order, as `name attempt detail`. */
function recordingHooks(): { hooks: RequestHooks; steps: string[]; requests: HookRequest[] } {
  const steps: string[] = [];
  const requests: HookRequest[] = [];
  const hooks: RequestHooks = {
    beforeRequest: [
      async (request) => {
        requests.push({ ...request, headers: { ...request.headers } });
        steps.push(`beforeRequest ${request.attempt} ${request.operation}`);
      },
    ],
    afterResponse: [(request, response) => void steps.push(`afterResponse ${request.attempt} ${response.status}`)],
    beforeRetry: [(request, retry) => void steps.push(`beforeRetry ${request.attempt} ${retry.reason} ${retry.pause}`)],
    onError: [(call, error) => void steps.push(`onError ${call.operation} ${error.name}`)],
  };
  return { hooks, steps, requests };
}

describe('request hooks', () => {
  it('run in order around each attempt of a call retried twice, with the operation and no credential', async () => {
    nock(BASE)
      .get('/users/PABC')
      .times(2)
      .reply(503)
      .get('/users/PABC')
      .reply(200, { user: { id: 'PABC' } });
    const { hooks, steps, requests } = recordingHooks();
    const client = makeClient({ hooks, retry: { 503: 2 }, sleepTimer: 1, sleepTimerBase: 1 });
    await expect(client.rget('/users/PABC')).resolves.toEqual({ id: 'PABC' });
    expect(steps).toEqual([
      'beforeRequest 1 GET /users/{id}',
      'afterResponse 1 503',
      'beforeRetry 1 status 503 1',
      'beforeRequest 2 GET /users/{id}',
      'afterResponse 2 503',
      'beforeRetry 2 status 503 1',
      'beforeRequest 3 GET /users/{id}',
      'afterResponse 3 200',
    ]);
    expect(requests[0]?.url).toBe(`${BASE}/users/PABC`);
    for (const request of requests) {
      expect(Object.keys(request.headers).map((name) => name.toLowerCase())).not.toContain('authorization');
      expect(JSON.stringify(request)).not.toContain(API_KEY);
    }
  });

  it('send the headers a beforeRequest hook adds or changes, and keep the credential', async () => {
    let seen: Record<string, unknown> = {};
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(function () {
        seen = this.req.headers;
        return [200, { users: [], more: false }];
      });
    const client = makeClient({
      hooks: {
        beforeRequest: [
          (request) => {
            request.headers['X-Correlation-Id'] = 'c-1';
            request.headers['Accept'] = 'application/json';
          },
        ],
      },
    });
    await client.jget('/users');
    expect(seen['x-correlation-id']).toBe('c-1');
    expect(seen['accept']).toBe('application/json');
    expect(seen['authorization']).toBe(`Token token=${API_KEY}`);
  });

  it('refuse a hook that sets Authorization, before anything is sent', async () => {
    const scope = nock(BASE).get('/users').query(true).reply(200, { users: [] });
    const client = makeClient({
      hooks: { beforeRequest: [(request) => void (request.headers.authorization = 'Token token=stolen')] },
    });
    await expect(client.jget('/users')).rejects.toThrow('may not set Authorization');
    expect(scope.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('abort the call with the error a beforeRequest hook throws: no request is sent, onError hears of it', async () => {
    const scope = nock(BASE).get('/users').query(true).reply(200, { users: [] });
    const refused = new Error('not during a freeze');
    const { hooks, steps } = recordingHooks();
    const client = makeClient({
      hooks: {
        ...hooks,
        beforeRequest: [
          () => {
            throw refused;
          },
        ],
      },
    });
    await expect(client.jget('/users')).rejects.toBe(refused);
    expect(scope.isDone()).toBe(false);
    expect(steps).toEqual(['onError GET /users Error']);
    nock.cleanAll();
  });

  it('fail the call with the error an afterResponse hook throws, without a retry', async () => {
    nock(BASE).get('/users/P1').reply(503);
    const thrown = new Error('seen enough');
    const client = makeClient({
      retry: { 503: 3 },
      hooks: {
        afterResponse: [
          () => {
            throw thrown;
          },
        ],
      },
    });
    await expect(client.rget('/users/P1')).rejects.toBe(thrown);
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('tell onError of a status the method refuses, and of network errors once retries run out', async () => {
    nock(BASE)
      .get('/users/PNOPE')
      .reply(404, { error: { message: 'Not Found' } });
    nock(BASE)
      .get('/users/PDOWN')
      .times(2)
      .replyWithError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }));
    const { hooks, steps } = recordingHooks();
    const client = makeClient({ hooks, maxNetworkAttempts: 1 });
    await expect(client.rget('/users/PNOPE')).rejects.toThrow(HttpError);
    await expect(client.rget('/users/PDOWN')).rejects.toThrow(NetworkError);
    expect(steps.filter((step) => step.startsWith('onError'))).toEqual([
      'onError GET /users/{id} HttpError',
      'onError GET /users/{id} NetworkError',
    ]);
    expect(steps.find((step) => step.startsWith('beforeRetry 1 network error: '))).toMatch(/reset 3$/);
  });

  it('are checked at construction', () => {
    expect(() => makeClient({ hooks: { before: [] } as never })).toThrow('unknown hook "before"');
    expect(() => makeClient({ hooks: { onError: [1] } as never })).toThrow('hooks.onError must be a list of functions');
  });

  it('redact the client secret from the URL they are given', async () => {
    nock(BASE).get('/users').query(true).reply(200, { users: [] });
    const urls: string[] = [];
    const client = makeClient({ hooks: { beforeRequest: [(request) => void urls.push(request.url)] } });
    await client.jget('/users', { extraParams: { echo: API_KEY } });
    expect(urls).toHaveLength(1);
    expect(urls[0]).not.toContain(API_KEY);
  });
});
