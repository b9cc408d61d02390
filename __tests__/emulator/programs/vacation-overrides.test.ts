/**
 * A program of the kind users write, through the REST client on the bare emulator: the
 * pdpyras "vacation overrides" script. For a user going on vacation it reads each
 * schedule's final_schedule over the vacation, and creates an override for a substitute
 * over every entry of theirs; afterwards the final schedule and /oncalls name the
 * substitute for that time.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

interface Entry {
  user: { id: string };
  start: string;
  end: string;
}
interface ScheduleBody {
  id: string;
  final_schedule: { rendered_schedule_entries: Entry[] };
}

/** The script: one override per entry of the vacationer's, in every schedule they are on. */
async function coverVacation(
  client: RestApiV2Client,
  vacationer: string,
  substitute: string,
  since: string,
  until: string,
) {
  const created: string[] = [];
  for (const { id } of await client.listAll<{ id: string }>('/schedules')) {
    const schedule = await client.rget<ScheduleBody>(`/schedules/${id}`, { params: { since, until } });
    for (const entry of schedule.final_schedule.rendered_schedule_entries) {
      if (entry.user.id !== vacationer) continue;
      // rpost wraps the list in `overrides`, as pdpyras does; the answer is per item.
      const [result] = await client.rpost<{ status: number; override: { id: string } }[]>(
        `/schedules/${id}/overrides`,
        {
          json: [{ start: entry.start, end: entry.end, user: { id: substitute, type: 'user_reference' } }],
        },
      );
      expect(result?.status).toBe(201);
      created.push(result!.override.id);
    }
  }
  return created;
}

describe('the vacation-overrides program against the emulator', () => {
  let emulator: Emulator;
  let client: RestApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({
      seedUsers: 4,
      seedSchedules: 2,
      seedIncidents: 0,
      now: () => new Date('2024-01-03T00:00:00Z'),
    });
    client = makeClient({ baseUrl: emulator.url }, emulator.keys.account);
  });
  afterAll(async () => {
    client.close();
    await emulator.close();
  });

  it('covers each final_schedule entry of the vacationer with an override: the substitute is on call', async () => {
    const [first, , , substitute] = emulator.state.users.all().map((user) => user.id) as string[];
    // Seeded rotations: weekly from Monday 2024-01-01; the first user's turn is that week on the first schedule.
    const since = '2024-01-02T00:00:00Z';
    const until = '2024-01-10T00:00:00Z';
    const created = await coverVacation(client, first!, substitute!, since, until);
    expect(created.length).toBeGreaterThan(0);

    for (const { id } of await client.listAll<{ id: string }>('/schedules')) {
      const after = await client.rget<ScheduleBody>(`/schedules/${id}`, { params: { since, until } });
      expect(after.final_schedule.rendered_schedule_entries.some((entry) => entry.user.id === first)).toBe(false);
    }
    const onCall = await client.listAll<{ user: { id: string }; schedule: { id: string } | null }>('/oncalls', {
      since: '2024-01-03T00:00:00Z',
      until: '2024-01-03T00:00:00Z',
      schedule_ids: emulator.state.schedules.all().map((schedule) => schedule.id),
    });
    expect(onCall.map((entry) => entry.user.id)).not.toContain(first);
    expect(onCall.map((entry) => entry.user.id)).toContain(substitute);
  });
});
