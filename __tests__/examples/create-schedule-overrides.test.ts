import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main, overrideBody } from '../../examples/create-schedule-overrides.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

let emulator: Emulator;

beforeAll(async () => {
  realSockets();
  emulator = await startEmulator();
});

afterAll(async () => {
  await emulator.close();
});

describe('examples/create-schedule-overrides', () => {
  it('creates the valid overrides in one request and reports the item that failed', async () => {
    const [schedule] = emulator.state.schedules.all();
    const [ada, grace] = emulator.keys.users;
    const lines: string[] = [];

    const outcome = await main({
      apiKey: emulator.keys.account,
      baseUrl: emulator.url,
      scheduleId: schedule.id,
      overrides: [
        {
          userId: ada.userId,
          start: '2030-03-01T09:00:00+01:00',
          end: '2030-03-01T17:00:00+01:00',
          timeZone: 'Europe/Paris',
        },
        { userId: grace.userId, start: '2030-03-02T17:00:00Z', end: '2030-03-02T09:00:00Z' },
        { userId: grace.userId, start: '2030-03-03T09:00:00Z', end: '2030-03-03T17:00:00Z' },
      ],
      print: (line) => lines.push(line),
      clientOptions: instantRetries,
    });

    const stored = emulator.state.overrides.get(schedule.id) ?? [];
    expect(stored.map((override) => override.id).sort()).toEqual(outcome.created.map((override) => override.id).sort());
    expect(stored.map((override) => [override.user.id, override.start])).toEqual([
      [ada.userId, '2030-03-01T09:00:00+01:00'],
      [grace.userId, '2030-03-03T09:00:00Z'],
    ]);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0]).toMatchObject({ index: 1, status: 400, override: { start: '2030-03-02T17:00:00Z' } });
    expect(outcome.failed[0].errors.join(' ')).toContain('end must be after start');
    expect(lines).toContain('2 created, 1 failed');
    expect(emulator.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('builds the API shape of an override, leaving out an absent time zone', () => {
    expect(overrideBody({ userId: 'PU1', start: 's', end: 'e' })).toEqual({
      start: 's',
      end: 'e',
      user: { id: 'PU1', type: 'user_reference' },
    });
    expect(overrideBody({ userId: 'PU1', start: 's', end: 'e', timeZone: 'UTC' }).time_zone).toBe('UTC');
  });
});
