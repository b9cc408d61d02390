/**
 * Operating the emulator from a test: reset(), snapshot()/restore() and advanceClock() in
 * the programmatic API, the admin surface under /_emulator/ driven from a separate process
 * (a child `node` that only speaks HTTP, as a test in another language would), and `host`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { call } from './raw-http.js';

const run = promisify(execFile);

describe('reset, snapshot and restore', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 3, now: () => new Date('2024-01-02T00:00:00Z') });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('puts back the state, the keys and the ids to come', async () => {
    const before = JSON.stringify(emulator.state.incidents.all());
    const snapshot = emulator.snapshot();
    const service = emulator.state.services.all()[0]!;
    const create = () =>
      call(emulator, 'POST', '/incidents', {
        key: emulator.keys.account,
        headers: { From: emulator.keys.users[0]!.email },
        json: { incident: { type: 'incident', title: 'X', service: { id: service.id, type: 'service_reference' } } },
      });
    const first = ((await create()).body as { incident: { id: string; incident_number: number } }).incident;
    emulator.addFixtures({ users: [{ id: 'PFIX001', name: 'Fix', email: 'fix@example.com' }] });
    expect(emulator.keys.users.some((user) => user.userId === 'PFIX001')).toBe(true);

    emulator.restore(snapshot);
    expect(JSON.stringify(emulator.state.incidents.all())).toBe(before);
    expect(emulator.state.users.get('PFIX001')).toBeUndefined();
    expect(emulator.keys.users.some((user) => user.userId === 'PFIX001')).toBe(false);
    expect(emulator.state.userByEmail('fix@example.com')).toBeUndefined();
    // The same request again gets the same id and number: the ids to come were restored too.
    const again = ((await create()).body as { incident: { id: string; incident_number: number } }).incident;
    expect(again).toMatchObject({ id: first.id, incident_number: first.incident_number });
    // A snapshot can be restored more than once.
    emulator.restore(snapshot);
    expect(emulator.state.incidents.get(first.id)).toBeUndefined();
  });

  it('resets to the state at start, undoing the clock advance and clearing the logs', async () => {
    const start = emulator.state.now().getTime();
    await call(emulator, 'DELETE', `/services/${emulator.state.services.all()[0]!.id}`, { key: emulator.keys.account });
    expect(emulator.advanceClock(3600).getTime()).toBe(start + 3_600_000);
    emulator.reset();
    expect(emulator.state.services.size).toBe(3);
    expect(emulator.state.now().getTime()).toBe(start);
    expect(emulator.requests).toEqual([]);
    expect(() => emulator.advanceClock(-1)).toThrow(RangeError);
  });
});

describe('reset with the fixtures option', () => {
  it('keeps the fixtures given at start, and their keys', async () => {
    const fixtures = { users: [{ id: 'PADA001', name: 'Ada', email: 'ada@example.com', apiKey: 'u+ada' }] };
    await using emulator = await startEmulator({ seedIncidents: 0, fixtures });
    emulator.state.removeUser('PADA001');
    emulator.reset();
    expect(emulator.state.users.get('PADA001')?.email).toBe('ada@example.com');
    expect(emulator.keys.users.find((user) => user.userId === 'PADA001')?.key).toBe('u+ada');
    expect((await call(emulator, 'GET', '/users/me', { key: 'u+ada' })).status).toBe(200);
  });
});

describe('the admin surface, from another process', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0, now: () => new Date('2024-01-01T12:00:00Z') });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('seeds from a fixture, inspects, advances the clock and resets, over HTTP only', async () => {
    // The child knows nothing but the URL: no key, no library.
    const script = `
      const base = process.argv[1];
      const send = async (method, path, body) => {
        const headers = { 'Content-Type': 'application/json' };
        const response = await fetch(base + path, { method, body: body && JSON.stringify(body), headers });
        const text = await response.text();
        return { status: response.status, body: text ? JSON.parse(text) : undefined };
      };
      const out = [];
      const ada = { id: 'PADA001', name: 'Ada', email: 'ada@example.com', apiKey: 'u+ada' };
      out.push((await send('POST', '/_emulator/fixtures', { users: [ada] })).status);
      const state = (await send('GET', '/_emulator/state')).body;
      out.push(state.users.some((user) => user.id === 'PADA001'), state.keys.account.length > 0);
      const me = await fetch(base + '/users/me', { headers: { Authorization: 'Token token=u+ada' } });
      out.push((await me.json()).user.id);
      out.push((await send('POST', '/_emulator/clock', { advance_seconds: 86400 })).body.now);
      out.push((await send('POST', '/_emulator/fixtures', { users: [{ ...ada, email: 'x@example.com' }] })).status);
      out.push((await send('POST', '/_emulator/reset')).status);
      out.push((await send('GET', '/_emulator/state')).body.users.some((user) => user.id === 'PADA001'));
      out.push((await send('GET', '/_emulator/nothing')).status, (await send('GET', '/_emulator/reset')).status);
      console.log(JSON.stringify(out));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, emulator.url]);
    expect(JSON.parse(stdout)).toEqual([
      201,
      true,
      true,
      'PADA001',
      '2024-01-02T12:00:00.000Z',
      400,
      204,
      false,
      404,
      405,
    ]);
    expect(emulator.state.now().toISOString()).toBe('2024-01-01T12:00:00.000Z');
  });
});

describe('host', () => {
  it('listens where it is told, and refuses what is no address', async () => {
    const emulator = await startEmulator({ host: '0.0.0.0', seedIncidents: 0 });
    try {
      expect(emulator.host).toBe('0.0.0.0');
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(emulator, 'GET', '/users', { key: emulator.keys.account })).status).toBe(200);
    } finally {
      await emulator.close();
    }
    await expect(startEmulator({ host: 'http://x/' })).rejects.toThrow(RangeError);
  });
});
