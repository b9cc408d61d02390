/** Builds a seeded store without a server, for the unit tests of the emulator's modules. */
import { resolveSeedOptions, type SeedOptions } from '../../src/emulator/emulator-options.js';
import { seededRandom } from '../../src/emulator/store/random.js';
import { seedStore, type EmulatorKeys } from '../../src/emulator/fixtures/seed.js';
import { createIncident } from '../../src/emulator/store/incident-lifecycle.js';
import { EmulatorStore } from '../../src/emulator/store/store.js';

export const TEST_BASE_URL = 'http://127.0.0.1:9';
export const FIXED_NOW = new Date('2025-06-01T12:00:00Z');

export function seededStore(options: SeedOptions = {}): { store: EmulatorStore; keys: EmulatorKeys } {
  const resolved = resolveSeedOptions(options);
  const store = new EmulatorStore({
    baseUrl: TEST_BASE_URL,
    random: seededRandom(resolved.seed),
    now: () => FIXED_NOW,
  });
  return { store, keys: seedStore(store, resolved) };
}

/** A seeded store without incidents but one, triggered on its first service through the API at {@link FIXED_NOW}. */
export function storeWithOneIncident() {
  const { store } = seededStore({ seedIncidents: 0 });
  const service = store.services.all()[0]!;
  const incident = createIncident(store, {
    service,
    title: 'Disk',
    incidentKey: 'k',
    at: FIXED_NOW,
    agent: store.ref(service),
    channel: 'api',
  });
  return { store, service, incident };
}
