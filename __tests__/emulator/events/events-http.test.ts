import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

describe('the Events API over HTTP', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  const event = (body: unknown) => call(emulator, 'POST', '/v2/enqueue', { json: body });

  it('triggers, acknowledges and resolves by dedup_key without a REST key, visible through the REST API', async () => {
    const routing_key = emulator.keys.routing[0].routingKey;
    const triggered = await event({
      routing_key,
      event_action: 'trigger',
      payload: { summary: 'Checkout down', source: 'lb-1', severity: 'error' },
    });
    expect(triggered.status).toBe(202);
    expect(triggered.headers.get('x-request-id')).toBeTruthy();
    const { dedup_key } = triggered.body as { dedup_key: string };
    const listed = await call(emulator, 'GET', `/incidents?incident_key=${dedup_key}`, { key: emulator.keys.account });
    expect(listed.body).toMatchObject({ incidents: [{ title: 'Checkout down', status: 'triggered' }] });
    expect((await event({ routing_key, event_action: 'acknowledge', dedup_key })).body).toEqual({
      status: 'success',
      message: 'Event processed',
      dedup_key,
    });
    expect((await event({ routing_key, event_action: 'resolve', dedup_key })).status).toBe(202);
    const after = await call(emulator, 'GET', `/incidents?incident_key=${dedup_key}`, { key: emulator.keys.account });
    expect(after.body).toMatchObject({ incidents: [{ status: 'resolved' }] });
  });

  it('answers 400 Unrecognized object to a body that is not JSON, 400 invalid event to a bad event', async () => {
    const broken = await call(emulator, 'POST', '/v2/enqueue', {
      rawBody: 'routing_key=x',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken).toMatchObject({
      status: 400,
      body: { status: 'Unrecognized object', errors: ['JSON parse error'] },
    });
    const invalid = await event({ routing_key: emulator.keys.routing[0].routingKey, event_action: 'trigger' });
    expect(invalid).toMatchObject({
      status: 400,
      body: { status: 'invalid event', message: 'Event object is invalid' },
    });
  });

  it('stores change events, which the REST API lists', async () => {
    const reply = await call(emulator, 'POST', '/v2/change/enqueue', {
      json: { routing_key: emulator.keys.routing[1].routingKey, payload: { summary: 'Release 1.2', source: 'ci' } },
    });
    expect(reply).toMatchObject({ status: 202, body: { status: 'success' } });
    const listed = await call(emulator, 'GET', '/change_events', { key: emulator.keys.account });
    expect(listed.body).toMatchObject({ change_events: [{ summary: 'Release 1.2', source: 'ci' }] });
  });

  it('answers 404 for other Events paths and 405 for other methods', async () => {
    expect((await call(emulator, 'POST', '/v2/nothing', { json: {} })).status).toBe(404);
    expect((await call(emulator, 'GET', '/v2/enqueue')).status).toBe(405);
  });
});
