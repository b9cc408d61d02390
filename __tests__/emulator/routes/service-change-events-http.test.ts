import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RestApiV2Client } from '../../../src/index.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

describe('GET /services/{id}/change_events', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0 });
    const send = (routingKey: string, summary: string, timestamp: string) =>
      call(emulator, 'POST', '/v2/change/enqueue', {
        json: { routing_key: routingKey, payload: { summary, timestamp } },
      });
    const [first, second] = emulator.keys.routing;
    for (let index = 0; index < 30; index += 1) {
      await send(first.routingKey, `deploy ${index}`, new Date(Date.UTC(2025, 0, 1, index)).toISOString());
    }
    await send(second.routingKey, 'other service', '2025-01-01T00:00:00Z');
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('lists only the events sent to the service, classic-paginated, so listAll reads them all', async () => {
    const [first, second] = emulator.keys.routing;
    const page = await call(
      emulator,
      'GET',
      `/services/${first.serviceId}/change_events?limit=10&offset=20&total=true`,
      { key: emulator.keys.account },
    );
    expect(page.body).toMatchObject({ limit: 10, offset: 20, more: false, total: 30 });
    expect((page.body as { change_events: { summary: string }[] }).change_events.map((event) => event.summary)).toEqual(
      Array.from({ length: 10 }, (_, index) => `deploy ${index + 20}`),
    );
    await using client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url });
    const all = await client.listAll(`/services/${first.serviceId}/change_events`, {}, { pageSize: 7 });
    expect(all).toHaveLength(30);
    const other = await client.listAll(`/services/${second.serviceId}/change_events`);
    expect(other.map((event) => [event.summary, event.integration?.id])).toEqual([
      ['other service', second.integrationId],
    ]);
  });

  it('filters by since/until and integration_ids[], and answers 404 for an unknown service', async () => {
    const [first, second] = emulator.keys.routing;
    const key = emulator.keys.account;
    const window = await call(
      emulator,
      'GET',
      `/services/${first.serviceId}/change_events?since=2025-01-01T03:00:00Z&until=2025-01-01T05:00:00Z`,
      { key },
    );
    expect(
      (window.body as { change_events: { summary: string }[] }).change_events.map((event) => event.summary),
    ).toEqual(['deploy 3', 'deploy 4']);
    const none = await call(
      emulator,
      'GET',
      `/services/${first.serviceId}/change_events?integration_ids[]=${second.integrationId}`,
      { key },
    );
    expect(none.body).toMatchObject({ change_events: [] });
    expect((await call(emulator, 'GET', '/services/PNOPE00/change_events', { key })).status).toBe(404);
  });
});
