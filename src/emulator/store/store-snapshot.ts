/**
 * Snapshots of the store: everything a test can arrange or the API can change, copied at
 * once (one `structuredClone`, so records that share an object still share it), and put
 * back in place: `emulator.state` stays the same object, so references a test holds to the
 * store (not to its records) stay good. The ids and keys to come are restored too (the
 * seeded random source's position), so a test after `restore` sees what it saw after the
 * snapshot. OAuth tokens and webhook deliveries are not part of it.
 *
 * @module
 */
import type { EmulatorStore } from './store.js';
import type { SeededRandom } from './random.js';

function contents(store: EmulatorStore) {
  return {
    teams: store.teams.all(),
    users: store.users.all(),
    services: store.services.all(),
    integrations: store.integrations.all(),
    escalationPolicies: store.escalationPolicies.all(),
    schedules: store.schedules.all(),
    overrides: [...store.overrides],
    incidents: store.incidents.all(),
    logEntries: store.logEntries.all(),
    auditRecords: store.auditRecords.all(),
    changeEvents: store.changeEvents.all(),
    webhookSubscriptions: store.webhookSubscriptions.all(),
    priorities: store.priorities.all(),
    alerts: store.alerts.all(),
    maintenanceWindows: store.maintenanceWindows.all(),
    escalationLevels: [...store.escalationLevels],
    contactMethods: [...store.contactMethods],
    notificationRules: [...store.notificationRules],
    timers: store.timers.all(),
    teamRoles: [...store.teamRoles],
    abilities: [...store.abilities],
    apiKeys: [...store.apiKeys],
    records: store.records.export(),
    usedIds: store.ids.used(),
    incidentCounter: store.incidentCounter,
    randomPosition: (store.random as Partial<SeededRandom>).position,
  };
}

type Contents = ReturnType<typeof contents>;

/**
 * A copy of the store's state, to give back to the emulator's `restore` (as often as wanted): opaque, its
 * contents the emulator's own.
 */
export interface StoreSnapshot {
  /** Marks the type; the contents are not part of the API. */
  readonly kind: 'emulator-store-snapshot';
}

/** Copies the store's state. */
export function takeSnapshot(store: EmulatorStore): StoreSnapshot {
  return { kind: 'emulator-store-snapshot', ...structuredClone(contents(store)) } as StoreSnapshot;
}

/** Puts the store back as it was when `snapshot` was taken (the snapshot itself is left as it is). */
export function restoreSnapshot(store: EmulatorStore, snapshot: StoreSnapshot): void {
  const copy = structuredClone(snapshot) as unknown as Contents;
  store.teams.replaceAll(copy.teams);
  store.users.replaceAll(copy.users);
  store.services.replaceAll(copy.services);
  store.integrations.replaceAll(copy.integrations);
  store.escalationPolicies.replaceAll(copy.escalationPolicies);
  store.schedules.replaceAll(copy.schedules);
  store.incidents.replaceAll(copy.incidents);
  store.logEntries.replaceAll(copy.logEntries);
  store.auditRecords.replaceAll(copy.auditRecords);
  store.changeEvents.replaceAll(copy.changeEvents);
  store.webhookSubscriptions.replaceAll(copy.webhookSubscriptions);
  store.priorities.replaceAll(copy.priorities);
  store.alerts.replaceAll(copy.alerts);
  store.maintenanceWindows.replaceAll(copy.maintenanceWindows);
  const refill = <K, V>(map: Map<K, V>, entries: [K, V][]) => {
    map.clear();
    for (const [key, value] of entries) map.set(key, value);
  };
  refill(store.overrides, copy.overrides);
  refill(store.escalationLevels, copy.escalationLevels);
  refill(store.contactMethods, copy.contactMethods);
  refill(store.notificationRules, copy.notificationRules);
  store.timers.replaceAll(copy.timers);
  refill(store.teamRoles, copy.teamRoles);
  refill(store.apiKeys, copy.apiKeys);
  store.abilities.clear();
  for (const ability of copy.abilities) store.abilities.add(ability);
  store.records.import(copy.records);
  store.ids.setUsed(copy.usedIds);
  if (copy.randomPosition !== undefined && 'position' in store.random)
    (store.random as SeededRandom).position = copy.randomPosition;
  store.resumeFrom(copy.incidentCounter);
}
