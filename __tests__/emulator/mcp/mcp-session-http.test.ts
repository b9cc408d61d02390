/** The emulator's `/mcp` over plain HTTP: auth, sessions, the version header, notifications, errors. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { realSockets } from '../../helpers/test-kit.js';
import { notification, openSession, post, PROTOCOL, request } from './mcp-wire.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the emulator’s MCP endpoint: sessions and transport rules', () => {
  let emulator: Emulator;
  let key: string;
  beforeAll(async () => {
    realSockets();
    emulator = await startEmulator();
    key = emulator.keys.users[0].key;
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('answers initialize with its capabilities and a fresh Mcp-Session-Id', async () => {
    const params = { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 't', version: '1' } };
    const first = await post(emulator, request(1, 'initialize', params), { key });
    const second = await post(emulator, request(1, 'initialize', params), { key });

    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('application/json');
    expect(first.body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: PROTOCOL,
        capabilities: { tools: { listChanged: false } },
        serverInfo: { name: 'pagerduty-client-emulator', version: expect.any(String) },
      },
    });
    expect(first.headers.get('mcp-session-id')).toMatch(UUID);
    expect(second.headers.get('mcp-session-id')).not.toBe(first.headers.get('mcp-session-id'));
  });

  it('answers a version it does not know with its own, and echoes 2025-03-26', async () => {
    const ask = (protocolVersion: string) =>
      post(
        emulator,
        request(1, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } }),
        { key },
      );
    expect(((await ask('2099-01-01')).body as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
      PROTOCOL,
    );
    expect(((await ask('2025-03-26')).body as { result: { protocolVersion: string } }).result.protocolVersion).toBe(
      '2025-03-26',
    );
  });

  it('refuses a missing or unknown key with 401, and takes a key as Bearer too', async () => {
    const init = request(1, 'initialize', { protocolVersion: PROTOCOL });
    const none = await post(emulator, init);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
    expect((await post(emulator, init, { key: 'u+not-a-key' })).status).toBe(401);
    expect((await post(emulator, init, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await post(emulator, init, { key: emulator.keys.account })).status).toBe(200);
  });

  it('wants the session header after initialize: 400 without it, 404 for one it does not know', async () => {
    const missing = await post(emulator, request(2, 'ping'), { key });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: { code: -32600, message: expect.stringContaining('Mcp-Session-Id') } });
    expect((await post(emulator, request(2, 'ping'), { key, session: 'no-such-session' })).status).toBe(404);
    expect((await post(emulator, notification('notifications/initialized'), { key })).status).toBe(400);
  });

  it('answers ping in the session, and 404 once the session is deleted', async () => {
    const session = await openSession(emulator, key);
    const pong = await post(emulator, request('p1', 'ping'), { key, session });
    expect(pong).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 'p1', result: {} } });

    const deleted = await fetch(`${emulator.url}/mcp`, {
      method: 'DELETE',
      headers: { Authorization: `Token token=${key}`, 'Mcp-Session-Id': session },
    });
    expect(deleted.status).toBe(200);
    expect((await post(emulator, request('p2', 'ping'), { key, session })).status).toBe(404);
    const again = await fetch(`${emulator.url}/mcp`, {
      method: 'DELETE',
      headers: { Authorization: `Token token=${key}`, 'Mcp-Session-Id': session },
    });
    expect(again.status).toBe(404);
    const noHeader = await fetch(`${emulator.url}/mcp`, {
      method: 'DELETE',
      headers: { Authorization: `Token token=${key}` },
    });
    expect(noHeader.status).toBe(400);
  });

  it('answers 404 for every session after expireMcpSessions()', async () => {
    const one = await openSession(emulator, key);
    const two = await openSession(emulator, emulator.keys.users[1].key);

    expect(emulator.expireMcpSessions()).toBeGreaterThanOrEqual(2);

    expect((await post(emulator, request(1, 'tools/list'), { key, session: one })).status).toBe(404);
    expect(
      (await post(emulator, request(1, 'tools/list'), { key: emulator.keys.users[1].key, session: two })).status,
    ).toBe(404);
    expect(emulator.expireMcpSessions()).toBe(0);
  });

  it('does not let another key use a session (404)', async () => {
    const session = await openSession(emulator, key);
    expect((await post(emulator, request(1, 'ping'), { key: emulator.keys.users[2].key, session })).status).toBe(404);
    expect((await post(emulator, request(1, 'ping'), { key, session })).status).toBe(200);
  });

  it('accepts notifications and client responses with 202 and no body', async () => {
    const session = await openSession(emulator, key);
    for (const message of [
      notification('notifications/initialized'),
      notification('notifications/roots/list_changed'),
      { jsonrpc: '2.0', id: 'server-1', result: {} },
    ]) {
      const reply = await post(emulator, message, { key, session });
      expect(reply.status).toBe(202);
      expect(reply.text).toBe('');
    }
  });

  it('checks MCP-Protocol-Version when sent: 400 for one it does not support', async () => {
    const session = await openSession(emulator, key);
    const ok = await post(emulator, request(1, 'ping'), {
      key,
      session,
      headers: { 'MCP-Protocol-Version': PROTOCOL },
    });
    expect(ok.status).toBe(200);
    const bad = await post(emulator, request(1, 'ping'), {
      key,
      session,
      headers: { 'MCP-Protocol-Version': '1999-01-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: -32600, message: expect.stringContaining('1999-01-01') } });
  });

  it('answers GET with 405 (no server-initiated stream)', async () => {
    const session = await openSession(emulator, key);
    const reply = await fetch(`${emulator.url}/mcp`, {
      headers: { Accept: 'text/event-stream', Authorization: `Token token=${key}`, 'Mcp-Session-Id': session },
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST, DELETE');
    await reply.text();
  });

  it('answers -32601 for an unknown method, -32700 for a body that is not JSON, -32600 for a batch', async () => {
    const session = await openSession(emulator, key);
    const unknown = await post(emulator, request(7, 'resources/list'), { key, session });
    expect(unknown).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 7, error: { code: -32601 } } });

    const notJson = await fetch(`${emulator.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Token token=${key}`, 'Mcp-Session-Id': session, 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: { code: -32700 } });

    const batch = await post(emulator, [request(1, 'ping'), request(2, 'ping')], { key, session });
    expect(batch.status).toBe(400);
    expect(batch.body).toMatchObject({ error: { code: -32600, message: expect.stringContaining('batch') } });
  });

  it('records each message in the request log with its JSON-RPC method', async () => {
    emulator.clearRequests();
    const session = await openSession(emulator, key);
    await post(emulator, request(1, 'tools/list'), { key, session });

    expect(
      emulator.requests.map(({ method, path, status, rpcMethod }) => ({ method, path, status, rpcMethod })),
    ).toEqual([
      { method: 'POST', path: '/mcp', status: 200, rpcMethod: 'initialize' },
      { method: 'POST', path: '/mcp', status: 202, rpcMethod: 'notifications/initialized' },
      { method: 'POST', path: '/mcp', status: 200, rpcMethod: 'tools/list' },
    ]);
  });
});
