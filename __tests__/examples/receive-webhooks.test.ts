import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main } from '../../examples/receive-webhooks.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

const emulators: Emulator[] = [];
beforeAll(realSockets);
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

describe('examples/receive-webhooks', () => {
  it('subscribes to the emulator, handles the incident.triggered it delivers, then unsubscribes', async () => {
    const emulator = await startEmulator({ seedIncidents: 0 });
    emulators.push(emulator);
    const lines: string[] = [];
    const [routing] = emulator.keys.routing;

    const triggered = await main({
      apiKey: emulator.keys.account,
      baseUrl: emulator.url,
      routingKey: routing!.routingKey,
      eventsUrl: emulator.eventsUrl,
      print: (line) => lines.push(line),
      clientOptions: instantRetries,
    });

    expect(triggered).toEqual([
      {
        id: expect.any(String),
        title: 'Test incident from the receive-webhooks example',
        urgency: 'high',
        webhookId: expect.any(String),
      },
    ]);
    expect(emulator.state.incidents.get(triggered[0]!.id)?.status).toBe('triggered');
    expect(lines.at(-1)).toBe(
      `incident ${triggered[0]!.id} triggered (high): Test incident from the receive-webhooks example`,
    );
    expect(emulator.state.webhookSubscriptions.all()).toEqual([]);
    expect(emulator.webhookDeliveries.map((delivery) => delivery.status)).toEqual(['delivered']);
  });
});
