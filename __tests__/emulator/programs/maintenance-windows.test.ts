/**
 * Maintenance windows, through the REST client (a deploy script that puts its services in
 * maintenance) and over raw HTTP: an ongoing window keeps its services from opening
 * incidents (Events API and REST), the list filters by service, references are checked,
 * and a delete ends an ongoing window. The emulator's clock is moved by the test.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';

beforeAll(realSockets);

let clock = Date.parse('2024-05-01T10:00:00Z');
let emulator: Emulator;
let client: RestApiV2Client;
const hours = (n: number) => new Date(clock + n * 3_600_000).toISOString();

beforeAll(async () => {
  emulator = await startEmulator({ seedIncidents: 0, seedServices: 2, now: () => new Date(clock) });
  client = makeClient({ baseUrl: emulator.url, defaultFrom: emulator.keys.users[0]!.email }, emulator.keys.account);
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

const trigger = (routingKey: string, dedupKey: string) =>
  fetch(`${emulator.eventsUrl}/v2/enqueue`, {
    method: 'POST',
    body: JSON.stringify({
      routing_key: routingKey,
      dedup_key: dedupKey,
      event_action: 'trigger',
      payload: { summary: 'Deploy noise', source: 'ci', severity: 'error' },
    }),
  });

describe('maintenance windows', () => {
  it('suppress incidents on their services while ongoing, and only there', async () => {
    const [quiet, loud] = emulator.keys.routing;
    const window = await client.rpost<{ id: string; start_time: string; created_by: { id: string } }>(
      '/maintenance_windows',
      {
        json: {
          type: 'maintenance_window',
          start_time: hours(-1), // in the past: it starts now, as the description says
          end_time: hours(1),
          description: 'Deploy',
          services: [{ id: quiet!.serviceId, type: 'service_reference' }],
        },
      },
    );
    expect(window.start_time).toBe(new Date(clock).toISOString());
    expect(window.created_by.id).toBe(emulator.keys.users[0]!.userId);

    expect((await trigger(quiet!.routingKey, 'during')).status).toBe(202);
    expect((await trigger(loud!.routingKey, 'during')).status).toBe(202);
    const opened = () => emulator.state.incidents.all().map((incident) => [incident.service.id, incident.incident_key]);
    expect(opened()).toEqual([[loud!.serviceId, 'during']]);
    const rest = await call(emulator, 'POST', '/incidents', {
      key: emulator.keys.account,
      headers: { From: emulator.keys.users[0]!.email },
      json: {
        incident: { type: 'incident', title: 'Manual', service: { id: quiet!.serviceId, type: 'service_reference' } },
      },
    });
    expect(rest).toMatchObject({ status: 400, body: { error: { code: 2002 } } });

    clock += 2 * 3_600_000; // the window is over
    await trigger(quiet!.routingKey, 'after');
    expect(opened()).toContainEqual([quiet!.serviceId, 'after']);
    const ended = await call(emulator, 'DELETE', `/maintenance_windows/${window.id}`, { key: emulator.keys.account });
    expect(ended.status).toBe(400);
  });

  it('lists by service_ids[] and filter, and a delete ends an ongoing window', async () => {
    const [first, second] = emulator.keys.routing;
    const make = (serviceId: string, start: number, end: number) =>
      client.rpost<{ id: string }>('/maintenance_windows', {
        json: {
          type: 'maintenance_window',
          start_time: hours(start),
          end_time: hours(end),
          services: [{ id: serviceId, type: 'service_reference' }],
        },
      });
    const ongoing = await make(first!.serviceId, 0, 2);
    const future = await make(second!.serviceId, 5, 6);
    const forFirst = await client.listAll<{ id: string }>('/maintenance_windows', {
      service_ids: [first!.serviceId],
      filter: 'open',
    });
    expect(forFirst.map((window) => window.id)).toEqual([ongoing.id]);
    const upcoming = await client.listAll<{ id: string }>('/maintenance_windows', { filter: 'future' });
    expect(upcoming.map((window) => window.id)).toEqual([future.id]);

    expect((await client.rdelete(`/maintenance_windows/${ongoing.id}`)).status).toBe(204);
    expect(emulator.state.maintenanceWindows.get(ongoing.id)?.end_time).toBe(new Date(clock).toISOString());
    expect((await client.rdelete(`/maintenance_windows/${future.id}`)).status).toBe(204);
    expect(emulator.state.maintenanceWindows.get(future.id)).toBeUndefined();
  });

  it('refuses an unknown service or an end before now, inventing nothing', async () => {
    const before = emulator.state.maintenanceWindows.size;
    const reply = await call(emulator, 'POST', '/maintenance_windows', {
      key: emulator.keys.account,
      headers: { From: emulator.keys.users[0]!.email },
      json: {
        maintenance_window: {
          type: 'maintenance_window',
          start_time: hours(1),
          end_time: hours(-1),
          services: [{ id: 'PNOSERV', type: 'service_reference' }],
        },
      },
    });
    expect(reply).toMatchObject({ status: 400, body: { error: { message: 'Invalid Input Provided' } } });
    expect((reply.body as { error: { errors: string[] } }).error.errors).toEqual([
      'maintenance_window.end_time must be in the future and after the start_time',
      'maintenance_window.services[0]: Service PNOSERV not found',
    ]);
    const noFrom = await call(emulator, 'POST', '/maintenance_windows', {
      key: emulator.keys.account,
      json: { maintenance_window: {} },
    });
    expect(noFrom).toMatchObject({ status: 400, body: { error: { code: 2016 } } });
    expect(emulator.state.maintenanceWindows.size).toBe(before);
  });
});
