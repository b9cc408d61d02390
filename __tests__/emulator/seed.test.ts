import { describe, expect, it } from '@jest/globals';
import { resolvePort, resolveSeedOptions } from '../../src/emulator/emulator-options.js';
import { seededStore } from './seeded-store.js';

describe('seedStore', () => {
  it('seeds the same ids, keys and statuses from the same seed', () => {
    const a = seededStore({ seed: 5 });
    const b = seededStore({ seed: 5 });
    expect(b.keys).toEqual(a.keys);
    expect(b.store.incidents.all().map((i) => [i.id, i.status])).toEqual(
      a.store.incidents.all().map((i) => [i.id, i.status]),
    );
    expect(b.store.users.all().map((u) => u.email)).toEqual(a.store.users.all().map((u) => u.email));
  });

  it('seeds something else from another seed', () => {
    expect(seededStore({ seed: 6 }).keys.account).not.toEqual(seededStore({ seed: 5 }).keys.account);
  });

  it('seeds the counts asked for, with one user key per user and one routing key per service', () => {
    const { store, keys } = seededStore({
      seedUsers: 7,
      seedServices: 4,
      seedIncidents: 9,
      seedTeams: 3,
      seedSchedules: 1,
    });
    expect(store.users.size).toBe(7);
    expect(store.teams.size).toBe(3);
    expect(store.services.size).toBe(4);
    expect(store.escalationPolicies.size).toBe(4);
    expect(store.schedules.size).toBe(1);
    expect(store.incidents.size).toBe(9);
    expect(keys.users.map((user) => user.userId)).toEqual(store.users.all().map((user) => user.id));
    expect(new Set(keys.users.map((user) => user.key)).size).toBe(7);
    expect(keys.users.every((user) => user.key.startsWith('u+'))).toBe(true);
    expect(keys.routing).toHaveLength(4);
    for (const routing of keys.routing)
      expect(store.integrationByKey(routing.routingKey)?.service.id).toBe(routing.serviceId);
    expect(store.identify(keys.account)).toEqual({ kind: 'account' });
  });

  it('gives users unique emails, escalation policies user and schedule targets, and incidents assignees', () => {
    const { store } = seededStore({ seedUsers: 30 });
    expect(new Set(store.users.all().map((user) => user.email)).size).toBe(30);
    const rules = store.escalationPolicies.all()[0].escalation_rules;
    expect(rules.map((rule) => rule.targets[0].type)).toEqual(['user_reference', 'schedule_reference']);
    const open = store.incidents.all().filter((incident) => incident.status !== 'resolved');
    expect(open.every((incident) => incident.assignments.length === 1)).toBe(true);
  });

  it('spaces seeded incidents from the epoch and logs their history', () => {
    const { store } = seededStore({ seedIncidents: 3, seedEpoch: '2024-05-01T00:00:00Z', seedIncidentSpacing: 120 });
    expect(store.incidents.all().map((incident) => incident.created_at)).toEqual([
      '2024-05-01T00:00:00.000Z',
      '2024-05-01T00:02:00.000Z',
      '2024-05-01T00:04:00.000Z',
    ]);
    const triggers = store.logEntries.all().filter((entry) => entry.type === 'trigger_log_entry');
    expect(triggers).toHaveLength(3);
  });
});

describe('option checks', () => {
  it('fills in defaults', () => {
    expect(resolveSeedOptions()).toMatchObject({ seed: 1, seedUsers: 5, seedServices: 3, seedIncidents: 12 });
  });

  it('refuses impossible counts, epochs and ports', () => {
    expect(() => resolveSeedOptions({ seedUsers: 0 })).toThrow(RangeError);
    expect(() => resolveSeedOptions({ seedIncidents: 2.5 })).toThrow(RangeError);
    expect(() => resolveSeedOptions({ seedServices: 0, seedIncidents: 1 })).toThrow(RangeError);
    expect(() => resolveSeedOptions({ seedEpoch: 'not a date' })).toThrow(RangeError);
    expect(resolvePort(undefined)).toBe(0);
    expect(() => resolvePort(70000)).toThrow(RangeError);
  });
});
