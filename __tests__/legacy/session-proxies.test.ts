// session.proxies through a real proxy: a loopback CONNECT proxy in front of a loopback
// API, with the proxy switched on and off between requests of one session.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { APISession } from '../../src/legacy/api-session.js';
import { EventsAPISession } from '../../src/legacy/events-api-session.js';
import { ok, startLoopback, type LoopbackServer } from '../helpers/loopback.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { API_KEY } from './helpers.js';
import { instantSleep, realSockets } from '../helpers/test-kit.js';

const PROXY_VARIABLES = [
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'no_proxy',
];
const savedEnv: Record<string, string | undefined> = {};
let server: LoopbackServer;
let proxy: ConnectProxy;
const closers: { close(): void }[] = [];

// nock patches node:http for the whole worker; these tests need real sockets.
beforeAll(() => {
  realSockets();
  for (const name of PROXY_VARIABLES) {
    savedEnv[name] = process.env[name];
    delete process.env[name];
  }
});

afterAll(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterEach(async () => {
  for (const closer of closers.splice(0)) closer.close();
  await server.close();
  await proxy.close();
});

describe('session.proxies', () => {
  it('is read at every request: setting, replacing and clearing it applies to the next request', async () => {
    server = await startLoopback([ok({ users: [] })]);
    proxy = await startConnectProxy();
    const session = new APISession(API_KEY, { baseUrl: server.url, sleep: instantSleep });
    closers.push(session);
    const target = server.url.replace('http://', '');

    await session.jget('/users?n=1');
    expect(proxy.requests).toEqual([]);

    session.proxies.http = proxy.url;
    await session.jget('/users?n=2');
    expect(proxy.tunnels).toEqual([target]);
    expect(proxy.requests).toEqual(['GET /users?n=2 HTTP/1.1']);

    session.proxies = {};
    await session.jget('/users?n=3');
    expect(proxy.requests).toHaveLength(1);

    session.proxies = { all: proxy.url };
    await session.jget('/users?n=4');
    expect(proxy.requests).toEqual(['GET /users?n=2 HTTP/1.1', 'GET /users?n=4 HTTP/1.1']);
    expect(server.requests.map((req) => req.url)).toEqual(['/users?n=1', '/users?n=2', '/users?n=3', '/users?n=4']);
  });

  it('ignores an entry for another scheme', async () => {
    server = await startLoopback([ok({ users: [] })]);
    proxy = await startConnectProxy();
    const session = new APISession(API_KEY, {
      baseUrl: server.url,
      proxies: { https: proxy.url },
      sleep: instantSleep,
    });
    closers.push(session);
    await session.jget('/users');
    expect(proxy.requests).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('works from the constructor option on an events session too', async () => {
    server = await startLoopback([ok({ status: 'success', dedup_key: 'k1' })]);
    proxy = await startConnectProxy();
    const session = new EventsAPISession('R0123456789abcdef0123456789abcd', {
      baseUrl: server.url,
      proxies: { http: proxy.url },
      sleep: instantSleep,
    });
    closers.push(session);
    expect(await session.acknowledge('k1')).toBe('k1');
    expect(proxy.requests).toEqual(['POST /v2/enqueue HTTP/1.1']);
  });
});
