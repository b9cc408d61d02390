import { describe, expect, it } from '@jest/globals';
import { addFixtures } from '../../src/emulator/fixture-loading.js';
import { fixtureShapeProblems } from '../../src/emulator/fixtures.js';
import { seededStore } from './seeded-store.js';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RangeError);
    const [head, ...lines] = (error as Error).message.split('\n');
    expect(head).toBe('invalid fixtures:');
    return lines.map((line) => line.trim());
  }
  throw new Error('did not throw');
}

describe('fixtureShapeProblems', () => {
  it('accepts well-formed fixtures and nothing at all', () => {
    expect(fixtureShapeProblems({})).toEqual([]);
    expect(
      fixtureShapeProblems({
        users: [{ id: 'PADA001', name: 'Ada', email: 'ada@example.com', teamIds: ['PT1'], apiKey: 'u+ada' }],
        services: [{ name: 'Ledger', routingKey: 'R1' }],
        incidents: [{ serviceId: 'PS1', title: 'Down', status: 'resolved', createdAt: new Date(0) }],
      }),
    ).toEqual([]);
  });

  it('names every missing, mistyped or unknown field by its path', () => {
    expect(
      fixtureShapeProblems({
        users: [{ id: 'P 1', name: '', email: 'nobody' }, 'Ada'],
        services: {},
        incidents: [{ serviceId: 'PS1', title: 'x', status: 'open', createdAt: 'yesterday', colour: 'red' }],
        teams: [],
      }),
    ).toEqual([
      'fixtures has unknown keys teams (users, services, incidents)',
      'fixtures.users[0].id must be an id of letters, digits, _ and -',
      'fixtures.users[0].name must be a non-empty string',
      'fixtures.users[0].email must be an email address',
      'fixtures.users[1] must be an object',
      'fixtures.services must be a list',
      'fixtures.incidents[0].colour is not a field (id, serviceId, title, status, urgency, incidentKey, createdAt)',
      'fixtures.incidents[0].status must be triggered, acknowledged or resolved',
      'fixtures.incidents[0].createdAt must be a date (ISO 8601 or Date)',
    ]);
    expect(fixtureShapeProblems(null)).toEqual(['fixtures must be an object with users, services and/or incidents']);
  });
});

describe('addFixtures', () => {
  it('adds users, services and incidents with the ids, keys and statuses asked for', () => {
    const { store } = seededStore({ seedIncidents: 0 });
    const team = store.teams.all()[0];
    const added = addFixtures(store, {
      users: [
        {
          id: 'PADA001',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          role: 'admin',
          teamIds: [team.id],
          apiKey: 'u+ada-key',
        },
      ],
      services: [{ id: 'PLEDGER', name: 'Ledger', responderId: 'PADA001', routingKey: 'ledger-routing-key' }],
      incidents: [
        { id: 'PINC001', serviceId: 'PLEDGER', title: 'Ledger down', createdAt: '2024-06-01T00:00:00Z' },
        { id: 'PINC002', serviceId: 'PLEDGER', title: 'Ledger slow', status: 'acknowledged', urgency: 'low' },
        { id: 'PINC003', serviceId: 'PLEDGER', title: 'Ledger gone', status: 'resolved', incidentKey: 'k1' },
      ],
    });
    expect(added).toEqual({
      users: [{ userId: 'PADA001', email: 'ada@example.com', key: 'u+ada-key' }],
      routing: [
        {
          serviceId: 'PLEDGER',
          serviceName: 'Ledger',
          integrationId: expect.any(String),
          routingKey: 'ledger-routing-key',
        },
      ],
      incidents: ['PINC001', 'PINC002', 'PINC003'],
    });
    expect(store.users.get('PADA001')).toMatchObject({
      name: 'Ada Lovelace',
      role: 'admin',
      time_zone: 'UTC',
      teams: [{ id: team.id }],
      html_url: expect.stringMatching(/\/users\/PADA001$/),
    });
    expect(store.identify('u+ada-key')).toEqual({ kind: 'user', userId: 'PADA001' });
    expect(store.integrationByKey('ledger-routing-key')?.service.id).toBe('PLEDGER');
    const policy = store.escalationPolicies.get(store.services.get('PLEDGER')!.escalation_policy.id);
    expect(policy?.escalation_rules[0].targets).toEqual([
      expect.objectContaining({ id: 'PADA001', type: 'user_reference' }),
    ]);
    expect(store.incidents.get('PINC001')).toMatchObject({
      status: 'triggered',
      created_at: '2024-06-01T00:00:00.000Z',
      assignments: [{ assignee: { id: 'PADA001' } }],
    });
    expect(store.incidents.get('PINC002')).toMatchObject({
      status: 'acknowledged',
      urgency: 'low',
      acknowledgements: [{ acknowledger: { id: 'PADA001' } }],
    });
    expect(store.incidents.get('PINC003')).toMatchObject({ status: 'resolved', incident_key: 'k1' });
    expect(
      store.logEntries
        .all()
        .filter((entry) => entry.incident.id === 'PINC003')
        .map((entry) => entry.type),
    ).toEqual(['trigger_log_entry', 'resolve_log_entry']);
    // A fresh id never repeats one chosen by a fixture.
    expect(store.ids.reserve('PADA001')).toBe(false);
  });

  it('refuses ids, emails, keys, names and routing keys already taken, and names that point nowhere, adding nothing', () => {
    const { store, keys } = seededStore();
    const seeded = store.users.all()[0];
    const before = [store.users.size, store.services.size, store.incidents.size, store.auditRecords.size];
    const problems = problemsOf(() =>
      addFixtures(store, {
        users: [
          { id: seeded.id, name: 'Twin', email: seeded.email.toUpperCase(), apiKey: keys.users[1].key },
          { id: 'PNEW001', name: 'New', email: 'new@example.com', teamIds: ['PNOTEAM'] },
          { id: 'PNEW001', name: 'Again', email: 'NEW@example.com' },
        ],
        services: [
          {
            name: 'Checkout API',
            routingKey: keys.routing[0].routingKey,
            escalationPolicyId: 'PNOPOL0',
            responderId: 'PNOUSER',
          },
        ],
        incidents: [
          { serviceId: 'PNOSVC0', title: 'x' },
          { serviceId: keys.routing[1].serviceId, title: 'y', incidentKey: 'dup' },
          { serviceId: keys.routing[1].serviceId, title: 'z', incidentKey: 'dup' },
        ],
      }),
    );
    expect(problems).toEqual([
      `fixtures.users[0].id ${seeded.id} is already in use in the emulator`,
      `fixtures.users[0].email ${seeded.email} is already in use in the emulator`,
      `fixtures.users[0].apiKey ${keys.users[1].key} is already in use in the emulator`,
      'fixtures.users[1].teamIds names no team: PNOTEAM',
      'fixtures.users[2].id PNEW001 is also given to fixtures.users[1].id',
      'fixtures.users[2].email new@example.com is also given to fixtures.users[1].email',
      'fixtures.services[0].name Checkout API is already in use in the emulator',
      `fixtures.services[0].routingKey ${keys.routing[0].routingKey} is already in use in the emulator`,
      'fixtures.services[0].escalationPolicyId names no escalation policy: PNOPOL0',
      'fixtures.services[0].responderId names no user: PNOUSER',
      'fixtures.incidents[0].serviceId names no service: PNOSVC0',
      'fixtures.incidents[2].incidentKey dup is also given to fixtures.incidents[1].incidentKey',
    ]);
    expect([store.users.size, store.services.size, store.incidents.size, store.auditRecords.size]).toEqual(before);
  });

  it('checks shapes before the state, so a bad field is reported alone', () => {
    const { store } = seededStore();
    expect(
      problemsOf(() => addFixtures(store, { users: [{ id: store.users.all()[0].id, name: 'x', email: 'x' }] })),
    ).toEqual(['fixtures.users[0].email must be an email address']);
  });
});
