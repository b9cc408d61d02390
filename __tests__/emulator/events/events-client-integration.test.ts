import { seams } from '../../helpers/test-kit.js';
/** The Events API v2 client against the emulator over real HTTP, faults included. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpError } from '../../../src/core/errors/error-classes.js';
import { EventsApiV2Client } from '../../../src/core/events/events-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { instantSleep } from '../../helpers/test-kit.js';

describe('EventsApiV2Client against the emulator', () => {
  let emulator: Emulator;
  let events: EventsApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0 });
    events = new EventsApiV2Client(emulator.keys.routing[0].routingKey, {
      baseUrl: emulator.eventsUrl,
      ...seams({ sleep: instantSleep }),
    });
  });
  afterAll(async () => {
    events.close();
    await emulator.close();
  });

  const incidentWithKey = (key: string) =>
    emulator.state.incidents.all().filter((incident) => incident.incident_key === key);

  it('triggers an incident and gets back the dedup key the client made for it', async () => {
    const key = await events.trigger('Checkout latency high', 'lb-2');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(incidentWithKey(key)).toMatchObject([
      { title: 'Checkout latency high', status: 'triggered', service: { id: emulator.keys.routing[0].serviceId } },
    ]);
  });

  it('acknowledges and resolves the alert by its dedup key', async () => {
    const key = await events.trigger('Queue backlog', 'worker-1', { dedupKey: 'queue/backlog', severity: 'warning' });
    expect(key).toBe('queue/backlog');
    expect(await events.acknowledge(key)).toEqual({ status: 'success', message: 'Event processed', dedup_key: key });
    expect(incidentWithKey(key)[0].status).toBe('acknowledged');
    await events.resolve(key);
    expect(incidentWithKey(key)[0].status).toBe('resolved');
  });

  it('submits a change event', async () => {
    const response = await events.submit('Deployed build 220', { source: 'ci', customDetails: { build: '220' } });
    expect(response.status).toBe('success');
    expect(response.id).toBeUndefined();
    expect(emulator.state.changeEvents.all().at(-1)).toMatchObject({
      summary: 'Deployed build 220',
      custom_details: { build: '220' },
    });
  });

  it('retries through a 429, a 5xx and a dropped connection, triggering exactly once', async () => {
    emulator.faults = { dropConnection: { next: 1 }, rateLimit: { next: 1 }, serverError: { next: 1, status: 502 } };
    const key = await events.trigger('Flaky network', 'edge-1', { dedupKey: 'edge/flaky' });
    expect(emulator.faultCounters).toMatchObject({
      dropConnection: { fired: 1 },
      rateLimit: { fired: 1 },
      serverError: { fired: 1 },
    });
    expect(incidentWithKey(key)).toHaveLength(1);
    expect(incidentWithKey(key)[0].alert_counts.all).toBe(1);
    emulator.faults = {};
  });

  it("gets an HttpError carrying the emulator's reason for an unknown routing key", async () => {
    const stranger = new EventsApiV2Client('0'.repeat(32), {
      baseUrl: emulator.eventsUrl,
      ...seams({ sleep: instantSleep }),
    });
    try {
      const failure = await stranger.trigger('x', 'y').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(HttpError);
      expect((failure as HttpError).status).toBe(400);
      expect((failure as HttpError).message).toContain('Invalid routing key');
    } finally {
      stranger.close();
    }
  });
});
