import { seams } from '../../helpers/test-kit.js';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import {
  ApiClient,
  HttpError,
  HttpServerError,
  routingKeyAuth,
  tokenAuth,
  UrlError,
  type ApiClientOptions,
} from '../../../src/index.js';
import { BASE, recordingSleep } from '../../helpers/test-kit.js';

const KEY = 'u+SECRETKEY1234567890';

function makeClient(options: ApiClientOptions = {}) {
  const { pauses: sleeps, sleep } = recordingSleep();
  const client = new ApiClient(tokenAuth(KEY), { ...seams({ sleep }), ...options });
  return { client, sleeps };
}

describe('status rules', () => {
  it('throws HttpError at once on 401, without retrying, naming key and region', async () => {
    let requests = 0;
    nock(BASE)
      .get('/users')
      .times(3)
      .reply(() => {
        requests += 1;
        return [401, { error: 'Unauthorized' }];
      });
    const { client, sleeps } = makeClient({ retry: { 401: 5 } });
    const error = await client.get('/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).message).toMatch(/key or token \(\*7890\) may be invalid, or the region/);
    expect((error as HttpError).message).not.toContain(KEY);
    expect(sleeps).toEqual([]);
    expect(requests).toBe(1);
  });

  it('returns a 404 at once when retry does not name it', async () => {
    nock(BASE).get('/users/PX').reply(404, { error: 'Not Found' });
    const { client, sleeps } = makeClient();
    const response = await client.get('/users/PX');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not Found' });
    expect(sleeps).toEqual([]);
  });

  it('retries a 404 as often as retry[404] says, then returns it', async () => {
    const scope = nock(BASE).get('/users/PX').times(3).reply(404, {});
    const { client, sleeps } = makeClient({ retry: { 404: 2 } });
    expect((await client.get('/users/PX')).status).toBe(404);
    expect(sleeps).toEqual([3, 6]);
    expect(scope.isDone()).toBe(true);
  });

  it('retries 429 without limit by default', async () => {
    nock(BASE).get('/incidents').times(25).reply(429, {}).get('/incidents').reply(200, { incidents: [] });
    const { client, sleeps } = makeClient({ maxHttpAttempts: 2, sleepTimer: 0.001 });
    expect((await client.get('/incidents')).status).toBe(200);
    expect(sleeps).toHaveLength(25);
  });

  it('honours Retry-After on a 429 as a lower bound on the pause', async () => {
    nock(BASE).get('/x').reply(429, {}, { 'Retry-After': '20' }).get('/x').reply(200, {});
    const { client, sleeps } = makeClient();
    await client.get('/x');
    expect(sleeps).toEqual([20]);
  });

  it('retries 5xx only as configured, then returns the last response', async () => {
    const scope = nock(BASE).put('/x').times(3).reply(503, 'busy').put('/x').reply(200, {});
    const { client, sleeps } = makeClient({ retry: { 503: 2 } });
    const response = await client.put('/x', { json: { a: 1 } });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('busy');
    expect(sleeps).toEqual([3, 6]);
    expect(scope.pendingMocks()).toHaveLength(1);
  });

  it('lets maxHttpAttempts override a larger retry count: pauses 2, 4, 8, 16 then the 404', async () => {
    const scope = nock(BASE).get('/x').times(5).reply(404, {});
    const { client, sleeps } = makeClient({ maxHttpAttempts: 4, retry: { 404: 5 }, sleepTimer: 1, sleepTimerBase: 2 });
    expect((await client.get('/x')).status).toBe(404);
    expect(sleeps).toEqual([2, 4, 8, 16]);
    expect(scope.isDone()).toBe(true);
  });

  it('pauses 62 s in total with maxHttpAttempts 6 and retry[404] 5 (6 requests)', async () => {
    const scope = nock(BASE).get('/x').times(6).reply(404, {});
    const { client, sleeps } = makeClient({ maxHttpAttempts: 6, retry: { 404: 5 }, sleepTimer: 1 });
    await client.get('/x');
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(62);
    expect(scope.isDone()).toBe(true);
  });

  it('staggers cooldowns with the injected random source', async () => {
    nock(BASE).get('/x').times(2).reply(500, {}).get('/x').reply(200, {});
    const { client, sleeps } = makeClient({ retry: { 500: 2 }, ...seams({ random: () => 0.5 }) });
    client.staggerCooldown = 0.5;
    await client.get('/x');
    expect(sleeps).toEqual([3.75, 9.375]); // 2*1.25*1.5, then 2*1.25*3.75
  });

  it('reads retry settings at request time', async () => {
    nock(BASE).get('/x').times(2).reply(500, {}).get('/x').reply(200, {});
    const { client } = makeClient();
    client.retry = { 500: 2 };
    expect((await client.get('/x')).status).toBe(200);
  });
});

describe('headers', () => {
  it('merges defaults, client and request headers; the auth header always wins', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    nock(BASE)
      .post('/x')
      .reply(function () {
        seen = this.req.headers;
        return [200, '{}'];
      });
    const { client } = makeClient({ headers: { Accept: 'application/vnd.test', 'X-Client': 'c', 'X-Both': 'client' } });
    await client.post('/x', {
      json: { a: 1 },
      headers: { 'x-both': 'request', Authorization: 'Token token=stolen', 'User-Agent': undefined },
    });
    expect(seen.accept).toBe('application/vnd.test');
    expect(seen['x-client']).toBe('c');
    expect(seen['x-both']).toBe('request');
    expect(seen.authorization).toBe(`Token token=${KEY}`);
    expect(seen['content-type']).toBe('application/json');
    expect(seen['user-agent']).not.toMatch(/pagerduty-client/);
  });

  it('sends a User-Agent naming the package and Node versions', async () => {
    let agent = '';
    nock(BASE)
      .get('/x')
      .reply(function () {
        agent = String(this.req.headers['user-agent']);
        return [200, '{}'];
      });
    await makeClient().client.get('/x');
    expect(agent).toMatch(/^pagerduty-client\/\d+\.\d+\.\d+\S* node\/\d+\.\d+\.\d+$/);
  });
});

describe('bodies and params', () => {
  it('sends list params as repeated keys, unchanged at this level', async () => {
    const scope = nock(BASE).get('/incidents?statuses=triggered&statuses=acknowledged&limit=5').reply(200, {});
    await makeClient().client.get('/incidents', { params: { statuses: ['triggered', 'acknowledged'], limit: 5 } });
    expect(scope.isDone()).toBe(true);
  });

  it('adds the routing key to a copy of the JSON body', async () => {
    let body: unknown;
    nock('https://events.pagerduty.com')
      .post('/v2/enqueue', (b) => {
        body = b;
        return true;
      })
      .reply(202, {});
    const client = new ApiClient(routingKeyAuth('R0UTINGKEY123'), { baseUrl: 'https://events.pagerduty.com' });
    const json = { event_action: 'trigger' };
    await client.post('/v2/enqueue', { json });
    expect(body).toEqual({ event_action: 'trigger', routing_key: 'R0UTINGKEY123' });
    expect(json).toEqual({ event_action: 'trigger' });
  });

  it('sends form bodies url-encoded', async () => {
    let contentType = '';
    nock(BASE)
      .post('/oauth/token', 'grant_type=refresh_token&refresh_token=r')
      .reply(function () {
        contentType = String(this.req.headers['content-type']);
        return [200, '{}'];
      });
    await makeClient().client.post('/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: 'r' } });
    expect(contentType).toBe('application/x-www-form-urlencoded');
  });
});

describe('transport seam', () => {
  it('sends through an injected fetch, with node-fetch options applied to every request', async () => {
    const seen: Array<{ url: string; init: Record<string, unknown> }> = [];
    const fetch = async (url: string, init: unknown) => {
      seen.push({ url, init: init as Record<string, unknown> });
      return new (await import('node-fetch')).Response('{"ok":true}', { status: 200 });
    };
    const client = new ApiClient(tokenAuth(KEY), { fetch, ...seams({ compress: false, size: 1024 }) });
    expect(await client.requestJson('GET', '/x', { headers: { 'X-Y': 'z' } })).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0].url).toBe(`${BASE}/x`);
    expect(seen[0].init).toMatchObject({ method: 'GET', compress: false, size: 1024, redirect: 'manual' });
    expect((seen[0].init.headers as Record<string, string>)['X-Y']).toBe('z');
  });

  it('gives an injected fetch headers of its own: what it changes reaches no later request', async () => {
    const sent: Array<Record<string, string>> = [];
    const fetch = async (_url: string, init: { headers?: Record<string, string> }) => {
      const headers = init.headers ?? {};
      sent.push({ ...headers });
      headers['X-Added-By-Fetch'] = 'yes';
      delete headers.Authorization;
      return new (await import('node-fetch')).Response('{}', { status: 200 });
    };
    const client = new ApiClient(tokenAuth(KEY), { fetch });
    await client.requestJson('GET', '/x');
    await client.requestJson('GET', '/x');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]).not.toHaveProperty('X-Added-By-Fetch');
    expect(sent[1].Authorization).toBe(`Token token=${KEY}`);
  });
});

describe('requestJson', () => {
  it('decodes a success body, and returns null for 204', async () => {
    nock(BASE).get('/a').reply(200, { ok: 1 }).delete('/b').reply(204);
    const { client } = makeClient();
    expect(await client.requestJson('GET', '/a')).toEqual({ ok: 1 });
    expect(await client.requestJson('DELETE', '/b')).toBeNull();
  });

  it('throws HttpError for a 4xx with status, request id and body', async () => {
    nock(BASE).get('/users/PX').reply(404, '{"error":{"message":"Not Found"}}', { 'x-request-id': 'rid-9' });
    const error = (await makeClient()
      .client.requestJson('GET', '/users/PX')
      .catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).not.toBeInstanceOf(HttpServerError);
    expect([error.status, error.requestId, error.body]).toEqual([404, 'rid-9', '{"error":{"message":"Not Found"}}']);
    expect(error.message).toBe(`GET ${BASE}/users/PX: API responded with client error (status 404): Not Found`);
  });

  it('throws HttpServerError for 5xx once retries run out', async () => {
    nock(BASE).get('/a').times(2).reply(502, 'bad gateway');
    const error = await makeClient({ retry: { 502: 1 } })
      .client.requestJson('GET', '/a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpServerError);
  });

  it('throws HttpServerError for a body that is not JSON', async () => {
    nock(BASE).get('/a').reply(200, '<html>');
    await expect(makeClient().client.requestJson('GET', '/a')).rejects.toThrow(/not valid JSON/);
  });

  it('never follows a redirect: the raw 302 comes back, higher levels throw HttpServerError', async () => {
    const elsewhere = nock('https://evil.example').get('/steal').reply(200, {});
    nock(BASE).get('/r').times(2).reply(302, '', { Location: 'https://evil.example/steal' });
    const { client } = makeClient();
    expect((await client.get('/r')).status).toBe(302);
    await expect(client.requestJson('GET', '/r')).rejects.toBeInstanceOf(HttpServerError);
    expect(elsewhere.isDone()).toBe(false);
  });
});

describe('URL checks', () => {
  it('refuses a full URL on another host before any request', async () => {
    const evil = nock('https://evil.example').get('/users').reply(200, {});
    const error = await makeClient()
      .client.get('https://evil.example/users')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UrlError);
    expect(evil.isDone()).toBe(false);
  });

  it('accepts a full URL under the base', async () => {
    nock(BASE).get('/users/P1').reply(200, {});
    expect((await makeClient().client.get(`${BASE}/users/P1`)).status).toBe(200);
  });

  it('refuses a non-https base URL except on loopback', () => {
    expect(() => makeClient({ baseUrl: 'http://api.pagerduty.com' })).toThrow(UrlError);
    expect(makeClient({ baseUrl: 'http://127.0.0.1:9/' }).client.url).toBe('http://127.0.0.1:9');
    const { client } = makeClient();
    expect(() => {
      client.url = 'http://example.com';
    }).toThrow(UrlError);
    expect(client.url).toBe(BASE);
  });
});

describe('attributes', () => {
  it('has the documented defaults', () => {
    const client = new ApiClient(tokenAuth(KEY));
    expect({
      url: client.url,
      retry: client.retry,
      maxHttpAttempts: client.maxHttpAttempts,
      maxNetworkAttempts: client.maxNetworkAttempts,
      sleepTimer: client.sleepTimer,
      sleepTimerBase: client.sleepTimerBase,
      staggerCooldown: client.staggerCooldown,
      timeout: client.timeout,
      printDebug: client.printDebug,
    }).toEqual({
      url: BASE,
      retry: {},
      maxHttpAttempts: 10,
      maxNetworkAttempts: 3,
      sleepTimer: 1.5,
      sleepTimerBase: 2,
      staggerCooldown: 0,
      timeout: 60,
      printDebug: false,
    });
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
  });

  it('takes staggerCooldown on the client, not as a constructor option', () => {
    expect(() => makeClient({ staggerCooldown: 0.5 } as never)).toThrow(/staggerCooldown/);
  });

  it('validates staggerCooldown and retry', () => {
    const client = new ApiClient(tokenAuth(KEY));
    expect(() => {
      client.staggerCooldown = -1;
    }).toThrow(RangeError);
    expect(() => {
      client.staggerCooldown = 'x' as unknown as number;
    }).toThrow(TypeError);
    expect(() => new ApiClient(tokenAuth(KEY), { retry: { 500: -5 } })).toThrow(RangeError);
    expect(() => new ApiClient(tokenAuth(KEY), { maxHttpAttempts: 1.5 })).toThrow(RangeError);
  });

  it('refuses methods outside permittedMethods before any request', async () => {
    class PostOnly extends ApiClient {
      override get permittedMethods() {
        return ['POST'] as const;
      }
    }
    const client = new PostOnly(tokenAuth(KEY));
    await expect(client.get('/x')).rejects.toThrow(/GET is not permitted on PostOnly/);
  });

  it('closes through Symbol.asyncDispose', async () => {
    nock(BASE).get('/x').reply(200, {});
    let closed = false;
    {
      await using client = new (class extends ApiClient {
        override close() {
          closed = true;
          super.close();
        }
      })(tokenAuth(KEY));
      await client.get('/x');
    }
    expect(closed).toBe(true);
  });
});
