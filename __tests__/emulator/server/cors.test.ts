import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS } from '../../../src/emulator/server/cors.js';
import { BROWSER_REQUEST_HEADERS } from '../../../src/core/platform/browser.js';
import { post, PROTOCOL, request } from '../mcp/mcp-wire.js';
import { call } from '../raw-http.js';

const ORIGIN = 'http://localhost:5173';

const preflight = (emulator: Emulator, path: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${emulator.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      Origin: ORIGIN,
      'Access-Control-Request-Method': 'GET',
      'Access-Control-Request-Headers': 'authorization, from, mcp-session-id',
      ...headers,
    },
  });

describe('CORS header lists', () => {
  it('allows the headers PagerDuty allows from a browser, and those of MCP and event streams', () => {
    expect([...CORS_ALLOWED_HEADERS].sort()).toEqual([...BROWSER_REQUEST_HEADERS].sort());
  });

  it('exposes the headers the library reads', () => {
    expect(CORS_EXPOSED_HEADERS).toEqual([
      'Mcp-Session-Id',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
      'x-request-id',
      'Retry-After',
      'WWW-Authenticate',
    ]);
  });
});

describe('the emulator without cors (the default)', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 1, seedIncidents: 0 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('answers a preflight as any unauthenticated request, and adds no CORS header', async () => {
    const answer = await preflight(emulator, '/users');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const users = await call(emulator, 'GET', '/users', { key: emulator.keys.account, headers: { Origin: ORIGIN } });
    expect(users.status).toBe(200);
    expect(users.headers.get('access-control-allow-origin')).toBeNull();
    expect(users.headers.get('access-control-expose-headers')).toBeNull();
  });
});

describe('the emulator with cors', () => {
  let emulator: Emulator;
  const waits: number[] = [];
  beforeAll(async () => {
    const delay = async (milliseconds: number): Promise<void> => {
      waits.push(milliseconds);
    };
    emulator = await startEmulator({ seedUsers: 1, seedIncidents: 0, cors: true, delay });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('answers a preflight 204 with the request origin, the methods and allowed headers, without a body', async () => {
    const answer = await preflight(emulator, '/users');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(answer.headers.get('vary')).toBe('Origin');
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(answer.headers.get('access-control-allow-headers')).toBe(CORS_ALLOWED_HEADERS.join(', '));
    expect(answer.headers.get('access-control-allow-private-network')).toBeNull();
    expect(await answer.text()).toBe('');
  });

  it('allows any origin when the request names none, and private network access when asked', async () => {
    const anyOrigin = await fetch(`${emulator.url}/incidents`, { method: 'OPTIONS' });
    expect(anyOrigin.status).toBe(204);
    expect(anyOrigin.headers.get('access-control-allow-origin')).toBe('*');
    expect(anyOrigin.headers.get('vary')).toBeNull();
    const loopback = await preflight(emulator, '/users', { 'Access-Control-Request-Private-Network': 'true' });
    expect(loopback.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('answers preflights before faults and latency, and does not record them', async () => {
    emulator.clearRequests();
    emulator.faults = { serverError: { everyNth: 1, status: 503 } };
    emulator.latency = 25;
    waits.length = 0;
    try {
      expect((await preflight(emulator, '/users')).status).toBe(204);
      expect((await preflight(emulator, '/v2/enqueue')).status).toBe(204);
      expect((await preflight(emulator, '/mcp')).status).toBe(204);
      expect(emulator.faultCounters.serverError).toEqual({ seen: 0, fired: 0 });
      expect(emulator.requests).toEqual([]);
      expect(waits).toEqual([]);
      expect((await call(emulator, 'GET', '/users', { key: emulator.keys.account })).status).toBe(503);
      expect(waits).toEqual([25]);
    } finally {
      emulator.latency = 0;
      emulator.faults = {};
    }
  });

  it('adds the origin and the exposed headers to REST answers, errors and faults alike', async () => {
    const expose = CORS_EXPOSED_HEADERS.join(', ');
    const key = emulator.keys.account;
    const answers = [
      await call(emulator, 'GET', '/users', { key, headers: { Origin: ORIGIN } }),
      await call(emulator, 'GET', '/users', { key: 'wrong', headers: { Origin: ORIGIN } }),
      await call(emulator, 'GET', '/nothing-here', { key, headers: { Origin: ORIGIN } }),
    ];
    emulator.faults = { rateLimit: { next: 1, retryAfter: 2 } };
    try {
      answers.push(await call(emulator, 'GET', '/users', { key, headers: { Origin: ORIGIN } }));
    } finally {
      emulator.faults = {};
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 429]);
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(answer.headers.get('access-control-expose-headers')).toBe(expose);
    }
    const plain = await call(emulator, 'GET', '/users', { key });
    expect(plain.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('adds them to Events API answers and to the MCP endpoint, which writes its own', async () => {
    const routingKey = emulator.keys.routing[0]?.routingKey ?? '';
    const event = {
      routing_key: routingKey,
      event_action: 'trigger',
      payload: { summary: 's', source: 'x', severity: 'info' },
    };
    const events = await call(emulator, 'POST', '/v2/enqueue', { json: event, headers: { Origin: ORIGIN } });
    expect(events.status).toBe(202);
    expect(events.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const params = { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 't', version: '1' } };
    const mcp = await post(emulator, request(1, 'initialize', params), {
      key: emulator.keys.users[0]?.key,
      headers: { Origin: ORIGIN },
    });
    expect(mcp.status).toBe(200);
    expect(mcp.headers.get('mcp-session-id')).not.toBeNull();
    expect(mcp.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(mcp.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
  });
});
