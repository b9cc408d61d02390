import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

/** Tuesday of the second rotation week: the second user of each rotation is on call. */
const NOW = new Date('2024-01-09T12:00:00Z');

interface OnCall {
  escalation_policy: { id: string; type: string; name?: string };
  escalation_level: number;
  schedule: { id: string; type: string; name?: string } | null;
  user: { id: string; type: string; email?: string };
  start: string | null;
  end: string | null;
}

let emulator: Emulator;
let key: string;

beforeAll(async () => {
  emulator = await startEmulator({ seedUsers: 4, seedServices: 2, seedSchedules: 2, seedIncidents: 0, now: () => NOW });
  key = emulator.keys.account;
});

afterAll(async () => {
  await emulator.close();
});

async function onCalls(
  query = '',
): Promise<{ status: number; body: { oncalls: OnCall[]; more: boolean; error?: unknown } }> {
  const result = await call(emulator, 'GET', `/oncalls${query}`, { key });
  return result as { status: number; body: { oncalls: OnCall[]; more: boolean } };
}

describe('GET /oncalls', () => {
  it('lists per policy and level the user a rule targets (for good) and who the schedule has on call now', async () => {
    const { status, body } = await onCalls();
    expect(status).toBe(200);
    const policies = emulator.state.escalationPolicies.all();
    expect(body.oncalls).toHaveLength(policies.length * 2);
    for (const policy of policies) {
      const [direct, scheduled] = body.oncalls.filter((entry) => entry.escalation_policy.id === policy.id);
      const userTarget = policy.escalation_rules[0]?.targets[0];
      expect(direct).toMatchObject({
        escalation_level: 1,
        schedule: null,
        user: { id: userTarget?.id },
        start: null,
        end: null,
      });
      const schedule = emulator.state.schedules.get(policy.escalation_rules[1]?.targets[0]?.id ?? '');
      expect(scheduled).toMatchObject({
        escalation_level: 2,
        schedule: { id: schedule?.id, type: 'schedule_reference' },
        user: { id: schedule?.users[1]?.id },
        start: '2024-01-08T00:00:00Z',
        end: '2024-01-15T00:00:00Z',
      });
    }
  });

  it('puts an override user on call during the override', async () => {
    const schedule = emulator.state.schedules.all()[0]!;
    const substitute = emulator.state.users.all()[3]!;
    const created = await call(emulator, 'POST', `/schedules/${schedule.id}/overrides`, {
      key,
      json: {
        override: {
          start: '2024-01-09T08:00:00Z',
          end: '2024-01-09T18:00:00Z',
          user: { id: substitute.id, type: 'user_reference' },
        },
      },
    });
    expect(created.status).toBe(201);
    const { body } = await onCalls(`?schedule_ids[]=${schedule.id}`);
    expect(body.oncalls.length).toBeGreaterThan(0);
    for (const entry of body.oncalls) {
      expect(entry).toMatchObject({
        user: { id: substitute.id },
        start: '2024-01-09T08:00:00Z',
        end: '2024-01-09T18:00:00Z',
      });
    }
    emulator.state.overrides.set(schedule.id, []);
  });

  it('filters by user_ids[], escalation_policy_ids[] and schedule_ids[] (null for rules targeting users)', async () => {
    const policy = emulator.state.escalationPolicies.all()[1]!;
    expect(
      (await onCalls(`?escalation_policy_ids[]=${policy.id}`)).body.oncalls.map((entry) => entry.escalation_policy.id),
    ).toEqual([policy.id, policy.id]);
    const user = policy.escalation_rules[0]!.targets[0]!;
    const byUser = (await onCalls(`?user_ids[]=${user.id}`)).body.oncalls;
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((entry) => entry.user.id === user.id)).toBe(true);
    const direct = (await onCalls('?schedule_ids[]=null')).body.oncalls;
    expect(direct.length).toBe(emulator.state.escalationPolicies.all().length);
    expect(direct.every((entry) => entry.schedule === null)).toBe(true);
  });

  it('lists every shift in since/until; with earliest=true only the first per policy, level and user', async () => {
    const window =
      '?since=2024-01-09T00:00:00Z&until=2024-01-30T00:00:00Z&schedule_ids[]=' + emulator.state.schedules.all()[0]!.id;
    const all = (await onCalls(window)).body.oncalls;
    const policyId = all[0]!.escalation_policy.id;
    expect(all.filter((entry) => entry.escalation_policy.id === policyId).map((entry) => entry.start)).toEqual([
      '2024-01-08T00:00:00Z',
      '2024-01-15T00:00:00Z',
      '2024-01-22T00:00:00Z',
      '2024-01-29T00:00:00Z',
    ]);
    const earliest = (await onCalls(`${window}&earliest=true`)).body.oncalls.filter(
      (entry) => entry.escalation_policy.id === policyId,
    );
    // Three users take turns: the fourth week is the first user's second shift in the window.
    expect(earliest.map((entry) => entry.start)).toEqual([
      '2024-01-08T00:00:00Z',
      '2024-01-15T00:00:00Z',
      '2024-01-22T00:00:00Z',
    ]);
  });

  it('expands references with include[] and writes times in time_zone', async () => {
    const { body } = await onCalls(
      '?include[]=users&include[]=schedules&include[]=escalation_policies&time_zone=Europe/Paris&schedule_ids[]=' +
        emulator.state.schedules.all()[0]!.id,
    );
    const [entry] = body.oncalls;
    expect(entry?.user.type).toBe('user');
    expect(entry?.user.email).toMatch(/@/);
    expect(entry?.schedule?.type).toBe('schedule');
    expect(entry?.escalation_policy.type).toBe('escalation_policy');
    expect(entry?.start).toBe('2024-01-08T01:00:00+01:00');
  });

  it('pages classically', async () => {
    const first = await onCalls('?limit=1');
    expect(first.body.oncalls).toHaveLength(1);
    expect(first.body.more).toBe(true);
  });

  it.each([
    ['?since=2024-01-10T00:00:00Z&until=2024-01-09T00:00:00Z', 'since must not be after until'],
    ['?since=2024-01-01T00:00:00Z&until=2024-06-01T00:00:00Z', '90 days'],
    ['?since=yesterday', 'since must be an ISO 8601 date-time'],
    ['?time_zone=Mars/Olympus', 'time_zone'],
    ['?include[]=teams', 'include[]'],
  ])('answers 400 for %s', async (query, message) => {
    const { status, body } = await onCalls(query);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(message);
  });
});
