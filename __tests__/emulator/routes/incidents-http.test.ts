import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

interface IncidentBody {
  id: string;
  status: string;
  acknowledgements: { acknowledger: { id: string } }[];
  last_status_change_by: { id: string };
}

describe('incidents over HTTP', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 50, now: () => new Date('2025-01-01T00:00:00Z') });
  });
  afterAll(async () => {
    await emulator.close();
  });

  const open = (): string[] =>
    emulator.state.incidents
      .all()
      .filter((incident) => incident.status === 'triggered')
      .map((incident) => incident.id);

  it('lists incidents filtered by statuses[], service_ids[] and a since/until window', async () => {
    const key = emulator.keys.account;
    const triggered = (await call(emulator, 'GET', '/incidents?statuses[]=triggered&limit=100', { key })).body as {
      incidents: IncidentBody[];
    };
    expect(triggered.incidents.map((incident) => incident.id)).toEqual(open());
    const service = emulator.keys.routing[0].serviceId;
    const byService = (await call(emulator, 'GET', `/incidents?service_ids[]=${service}&total=true`, { key })).body as {
      total: number;
    };
    expect(byService.total).toBe(17);
    const window = (
      await call(emulator, 'GET', '/incidents?since=2024-01-01T00:05:00Z&until=2024-01-01T00:08:00Z', { key })
    ).body as { incidents: unknown[] };
    expect(window.incidents).toHaveLength(3);
  });

  it('refuses a multi-update with an account-level key and no From (400, code 2016), changing nothing', async () => {
    const ids = open().slice(0, 2);
    const reply = await call(emulator, 'PUT', '/incidents', {
      key: emulator.keys.account,
      json: { incidents: ids.map((id) => ({ id, type: 'incident_reference', status: 'acknowledged' })) },
    });
    expect(reply).toMatchObject({ status: 400, body: { error: { code: 2016 } } });
    expect(ids.every((id) => emulator.state.incidents.get(id)?.status === 'triggered')).toBe(true);
  });

  it('refuses an account-level key whose From is no user', async () => {
    const reply = await call(emulator, 'PUT', '/incidents', {
      key: emulator.keys.account,
      headers: { From: 'stranger@example.com' },
      json: { incidents: [{ id: open()[0], type: 'incident_reference', status: 'acknowledged' }] },
    });
    expect(reply).toMatchObject({ status: 400, body: { error: { code: 2016 } } });
  });

  it('acknowledges many incidents at once as the From user with an account-level key', async () => {
    const user = emulator.keys.users[3];
    const ids = open().slice(0, 3);
    const reply = await call(emulator, 'PUT', '/incidents', {
      key: emulator.keys.account,
      headers: { From: user.email },
      json: { incidents: ids.map((id) => ({ id, type: 'incident_reference', status: 'acknowledged' })) },
    });
    expect(reply.status).toBe(200);
    const incidents = (reply.body as { incidents: IncidentBody[] }).incidents;
    expect(incidents.map((incident) => [incident.id, incident.status])).toEqual(ids.map((id) => [id, 'acknowledged']));
    expect(incidents.every((incident) => incident.acknowledgements.at(-1)?.acknowledger.id === user.userId)).toBe(true);
  });

  it('resolves incidents with a user-scoped key and no From, as that user', async () => {
    const user = emulator.keys.users[1];
    const ids = open().slice(0, 2);
    const reply = await call(emulator, 'PUT', '/incidents', {
      key: user.key,
      json: { incidents: ids.map((id) => ({ id, type: 'incident_reference', status: 'resolved' })) },
    });
    expect(reply.status).toBe(200);
    const incidents = (reply.body as { incidents: IncidentBody[] }).incidents;
    expect(incidents.map((incident) => incident.status)).toEqual(['resolved', 'resolved']);
    expect(incidents[0].last_status_change_by.id).toBe(user.userId);
  });

  it('changes all or nothing: an unknown id is a 404 and a resolved incident cannot be acknowledged', async () => {
    const key = emulator.keys.users[0].key;
    const [first] = open();
    const missing = await call(emulator, 'PUT', '/incidents', {
      key,
      json: {
        incidents: [
          { id: first, type: 'incident_reference', status: 'acknowledged' },
          { id: 'PGHOST1', type: 'incident_reference', status: 'resolved' },
        ],
      },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: { errors: ['Incident PGHOST1 not found'] } } });
    expect(emulator.state.incidents.get(first)?.status).toBe('triggered');
    const resolved = emulator.state.incidents.all().find((incident) => incident.status === 'resolved');
    const refused = await call(emulator, 'PUT', '/incidents', {
      key,
      json: { incidents: [{ id: resolved?.id, type: 'incident_reference', status: 'acknowledged' }] },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 2002 } } });
  });

  it('refuses malformed multi-updates with the errors of every item', async () => {
    const key = emulator.keys.users[0].key;
    const reply = await call(emulator, 'PUT', '/incidents', {
      key,
      json: { incidents: [{ id: 'P1', type: 'incident_reference', status: 'snoozed' }] },
    });
    expect(reply).toMatchObject({
      status: 400,
      body: { error: { errors: ['incidents[0].status must be acknowledged or resolved'] } },
    });
    const tooMany = Array.from({ length: 251 }, () => ({ id: 'P1', type: 'incident_reference', status: 'resolved' }));
    expect((await call(emulator, 'PUT', '/incidents', { key, json: { incidents: tooMany } })).status).toBe(400);
    expect((await call(emulator, 'PUT', '/incidents', { key, json: { incident: {} } })).status).toBe(400);
  });

  it('gets and updates one incident', async () => {
    const user = emulator.keys.users[2];
    const [id] = open();
    expect(await call(emulator, 'GET', `/incidents/${id}`, { key: user.key })).toMatchObject({
      status: 200,
      body: { incident: { id } },
    });
    const noFrom = await call(emulator, 'PUT', `/incidents/${id}`, {
      key: emulator.keys.account,
      json: { incident: { type: 'incident_reference', status: 'acknowledged' } },
    });
    expect(noFrom.status).toBe(400);
    const reply = await call(emulator, 'PUT', `/incidents/${id}`, {
      key: user.key,
      json: { incident: { type: 'incident_reference', status: 'acknowledged', title: 'Renamed' } },
    });
    expect(reply).toMatchObject({ status: 200, body: { incident: { id, status: 'acknowledged', title: 'Renamed' } } });
  });

  it('creates an incident through POST /incidents, refusing a second open one with the same key', async () => {
    const user = emulator.keys.users[0];
    const service = emulator.keys.routing[2].serviceId;
    const body = {
      incident: {
        type: 'incident',
        title: 'Manual page',
        service: { id: service, type: 'service_reference' },
        incident_key: 'manual-1',
      },
    };
    const created = await call(emulator, 'POST', '/incidents', {
      key: emulator.keys.account,
      headers: { From: user.email },
      json: body,
    });
    expect(created).toMatchObject({
      status: 201,
      body: { incident: { title: 'Manual page', status: 'triggered', created_at: '2025-01-01T00:00:00.000Z' } },
    });
    const again = await call(emulator, 'POST', '/incidents', { key: user.key, json: body });
    expect(again).toMatchObject({
      status: 400,
      body: { error: { errors: ['Open incident with key manual-1 already exists'] } },
    });
  });
});
