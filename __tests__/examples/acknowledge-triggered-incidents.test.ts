import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main } from '../../examples/acknowledge-triggered-incidents.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

const emulators: Emulator[] = [];

beforeAll(realSockets);

afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emulator) => emulator.close()));
});

async function emulatorWithTriggered(): Promise<{ emulator: Emulator; triggered: string[] }> {
  const emulator = await startEmulator({ seedIncidents: 40, seedServices: 3 });
  emulators.push(emulator);
  const triggered = emulator.state.incidents
    .all()
    .filter((incident) => incident.status === 'triggered')
    .map((incident) => incident.id);
  return { emulator, triggered };
}

const quiet = { print: () => {}, clientOptions: instantRetries };

describe('examples/acknowledge-triggered-incidents', () => {
  it('acknowledges every triggered incident as the From user of an account-level key, in batches', async () => {
    const { emulator, triggered } = await emulatorWithTriggered();
    expect(triggered.length).toBeGreaterThan(3);
    const responder = emulator.keys.users[1];

    const acknowledged = await main({
      apiKey: emulator.keys.account,
      from: responder.email,
      baseUrl: emulator.url,
      batchSize: 3,
      ...quiet,
    });

    expect(acknowledged.map((incident) => incident.id).sort()).toEqual([...triggered].sort());
    for (const id of triggered) {
      const incident = emulator.state.incidents.get(id)!;
      expect(incident.status).toBe('acknowledged');
      expect(incident.acknowledgements.at(-1)?.acknowledger.id).toBe(responder.userId);
    }
    const updates = emulator.requests.filter((request) => request.method === 'PUT' && request.path === '/incidents');
    expect(updates).toHaveLength(Math.ceil(triggered.length / 3));
    expect(emulator.state.incidents.all().filter((incident) => incident.status === 'triggered')).toEqual([]);
  });

  it('acts as the key’s own user with a user-scoped key, without From', async () => {
    const { emulator, triggered } = await emulatorWithTriggered();
    const user = emulator.keys.users[2];

    await main({ apiKey: user.key, baseUrl: emulator.url, ...quiet });

    for (const id of triggered)
      expect(emulator.state.incidents.get(id)!.acknowledgements.at(-1)?.acknowledger.id).toBe(user.userId);
  });

  it('only touches the given services', async () => {
    const { emulator } = await emulatorWithTriggered();
    const [service] = emulator.state.services.all();
    const before = new Map(emulator.state.incidents.all().map((incident) => [incident.id, incident.status]));

    const acknowledged = await main({
      apiKey: emulator.keys.account,
      from: emulator.keys.users[0].email,
      serviceIds: [service.id],
      baseUrl: emulator.url,
      ...quiet,
    });

    expect(acknowledged.length).toBeGreaterThan(0);
    for (const incident of emulator.state.incidents.all()) {
      const wasTriggered = before.get(incident.id) === 'triggered';
      const expected = wasTriggered && incident.service.id === service.id ? 'acknowledged' : before.get(incident.id);
      expect(incident.status).toBe(expected);
    }
  });

  it('stops before any update when an account-level key comes without From', async () => {
    const { emulator, triggered } = await emulatorWithTriggered();

    await expect(main({ apiKey: emulator.keys.account, baseUrl: emulator.url, ...quiet })).rejects.toThrow(
      'account-level API key',
    );

    expect(emulator.requests.some((request) => request.method === 'PUT')).toBe(false);
    for (const id of triggered) expect(emulator.state.incidents.get(id)!.status).toBe('triggered');
  });
});
