import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

describe('faults over HTTP', () => {
  let emulator: Emulator;
  beforeEach(async () => {
    emulator = await startEmulator({ faults: { rateLimit: { next: 1, retryAfter: 3 } } });
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('answers 429 with Retry-After in the REST error shape, then serves normally', async () => {
    const limited = await call(emulator, 'GET', '/users', { key: emulator.keys.account });
    expect(limited).toMatchObject({ status: 429, body: { error: { message: 'Rate Limit Exceeded', code: 2020 } } });
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('x-request-id')).toBeTruthy();
    expect((await call(emulator, 'GET', '/users', { key: emulator.keys.account })).status).toBe(200);
  });

  it('takes new faults at runtime and restarts their counts', async () => {
    emulator.faults = { serverError: { everyNth: 2, status: 503 } };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await call(emulator, 'GET', '/users', { key: emulator.keys.account })).status);
    expect(statuses).toEqual([200, 503, 200, 503]);
    expect(emulator.faultCounters.serverError).toEqual({ seen: 4, fired: 2 });
    expect(emulator.faults).toEqual({ serverError: { everyNth: 2, status: 503 } });
  });

  it('drops connections without answering, and records every request', async () => {
    emulator.faults = { dropConnection: { next: 1 } };
    emulator.clearRequests();
    await expect(call(emulator, 'GET', '/users', { key: emulator.keys.account })).rejects.toThrow();
    expect((await call(emulator, 'GET', '/users', { key: emulator.keys.account })).status).toBe(200);
    expect(emulator.requests.map((request) => [request.path, request.status, request.fault])).toEqual([
      ['/users', 'dropped', 'drop'],
      ['/users', 200, undefined],
    ]);
  });

  it('answers Events API faults in the Events API shape, only under pathPrefix', async () => {
    emulator.faults = { rateLimit: { everyNth: 1 }, pathPrefix: '/v2/' };
    expect((await call(emulator, 'GET', '/users', { key: emulator.keys.account })).status).toBe(200);
    const limited = await call(emulator, 'POST', '/v2/enqueue', { json: {} });
    expect(limited).toMatchObject({ status: 429, body: { status: 'throttle event' } });
  });

  it('leaves the state untouched by a faulted request', async () => {
    emulator.faults = { serverError: { next: 1 } };
    const routing_key = emulator.keys.routing[0].routingKey;
    const before = emulator.state.incidents.size;
    const body = { routing_key, event_action: 'trigger', payload: { summary: 'x', source: 'y', severity: 'info' } };
    expect((await call(emulator, 'POST', '/v2/enqueue', { json: body })).status).toBe(500);
    expect(emulator.state.incidents.size).toBe(before);
    expect((await call(emulator, 'POST', '/v2/enqueue', { json: body })).status).toBe(202);
    expect(emulator.state.incidents.size).toBe(before + 1);
  });
});

describe('startEmulator', () => {
  it('seeds the same keys and ids on every start with the same seed', async () => {
    const a = await startEmulator({ seed: 11 });
    const b = await startEmulator({ seed: 11 });
    try {
      expect(b.port).not.toBe(a.port);
      expect(b.keys).toEqual(a.keys);
      expect(b.state.incidents.all().map((incident) => incident.id)).toEqual(
        a.state.incidents.all().map((incident) => incident.id),
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses bad options before listening, and closes idempotently', async () => {
    await expect(startEmulator({ seedUsers: -1 })).rejects.toThrow(RangeError);
    await expect(startEmulator({ faults: { rateLimit: { everyNth: 0 } } })).rejects.toThrow(RangeError);
    const emulator = await startEmulator();
    await emulator.close();
    await emulator.close();
    await expect(fetch(`${emulator.url}/users`)).rejects.toThrow();
  });
});
