import { describe, expect, it } from '@jest/globals';
import { RestApiV2Client } from '../../src/index.js';
import { startEmulator } from '../../src/emulator/index.js';

describe('startEmulator({ fixtures }) and emulator.addFixtures', () => {
  it('serves fixtures with their known ids and keys, listed in emulator.keys after the seeded ones', async () => {
    await using emulator = await startEmulator({
      seedUsers: 2,
      seedServices: 1,
      seedIncidents: 0,
      fixtures: {
        users: [{ id: 'PADA001', name: 'Ada', email: 'ada@example.com', apiKey: 'u+ada' }],
        services: [{ id: 'PLEDGER', name: 'Ledger', responderId: 'PADA001' }],
        incidents: [{ id: 'PINC001', serviceId: 'PLEDGER', title: 'Ledger down' }],
      },
    });
    expect(emulator.keys.users.map((user) => user.userId)).toEqual([
      ...emulator.state.users
        .all()
        .slice(0, 2)
        .map((user) => user.id),
      'PADA001',
    ]);
    expect(emulator.keys.routing.map((routing) => routing.serviceId).at(-1)).toBe('PLEDGER');
    await using client = new RestApiV2Client('u+ada', { baseUrl: emulator.url });
    expect(await client.rget('/users/me')).toMatchObject({ id: 'PADA001', email: 'ada@example.com' });
    const incident = await client.rget('/incidents/PINC001');
    expect(incident).toMatchObject({
      id: 'PINC001',
      service: { id: 'PLEDGER', html_url: 'https://emulator.pagerduty.invalid/services/PLEDGER' },
    });

    const added = emulator.addFixtures({
      incidents: [{ id: 'PINC002', serviceId: 'PLEDGER', title: 'Ledger slow', status: 'acknowledged' }],
    });
    expect(added).toEqual({ users: [], routing: [], incidents: ['PINC002'] });
    expect((await client.rget('/incidents/PINC002')).status).toBe('acknowledged');
    expect(() => emulator.addFixtures({ users: [{ id: 'PADA001', name: 'Ada', email: 'ada2@example.com' }] })).toThrow(
      'invalid fixtures:\n  fixtures.users[0].id PADA001 is already in use in the emulator',
    );
  });

  it('rejects fixtures of the wrong shape', async () => {
    await expect(startEmulator({ fixtures: { users: [{ name: 'Ada', email: 'nobody' }] } })).rejects.toThrow(
      'invalid fixtures:\n  fixtures.users[0].email must be an email address',
    );
  });

  it('rejects fixtures that clash with the seeded data, listing the problems', async () => {
    await expect(startEmulator({ fixtures: { incidents: [{ serviceId: 'PNOSVC0', title: 'x' }] } })).rejects.toThrow(
      /^invalid fixtures:\n {2}fixtures.incidents\[0\].serviceId names no service: PNOSVC0$/,
    );
  });
});
