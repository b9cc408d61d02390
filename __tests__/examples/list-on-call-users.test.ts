import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main } from '../../examples/list-on-call-users.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

/** Tuesday of the second rotation week: the second user of each schedule's rotation is on call. */
const NOW = new Date('2024-01-09T12:00:00Z');

let emulator: Emulator;

beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({ seedUsers: 6, seedServices: 3, seedSchedules: 2, now: () => NOW });
});

afterAll(async () => {
  await emulator.close();
});

describe('examples/list-on-call-users', () => {
  it("lists who is on call now by policy and level: a rule's target, the one on call on its schedule", async () => {
    const lines: string[] = [];
    const entries = await main({
      apiKey: emulator.keys.account,
      baseUrl: emulator.url,
      print: (line) => lines.push(line),
      clientOptions: instantRetries,
    });

    const { state } = emulator;
    const expected = state.escalationPolicies.all().flatMap((policy) =>
      policy.escalation_rules.flatMap((rule, index) =>
        rule.targets.map((target) => {
          if (target.type === 'user_reference')
            return {
              policyId: policy.id,
              level: index + 1,
              email: state.users.get(target.id)!.email,
              via: 'direct',
              until: null,
            };
          const schedule = state.schedules.get(target.id)!;
          return {
            policyId: policy.id,
            level: index + 1,
            email: state.users.get(schedule.users[1]!.id)!.email,
            via: schedule.name,
            until: '2024-01-15T00:00:00Z',
          };
        }),
      ),
    );
    expect(expected.some((entry) => entry.via !== 'direct')).toBe(true);
    expect(entries.map(({ policyId, level, email, via, until }) => ({ policyId, level, email, via, until }))).toEqual(
      expected,
    );
    const scheduled = entries.find((entry) => entry.via !== 'direct')!;
    expect(lines).toContain(
      `  level ${scheduled.level}: ${scheduled.name} <${scheduled.email}> ` +
        `(${scheduled.via}, until 2024-01-15T00:00:00Z)`,
    );
    expect(lines).toContain(scheduled.policyName);
  });

  it('asks GET /oncalls once for the current shifts, with the users included', async () => {
    emulator.clearRequests();
    await main({ apiKey: emulator.keys.account, baseUrl: emulator.url, print: () => {} });
    expect(emulator.requests.map((request) => request.path)).toEqual(['/oncalls']);
    expect(emulator.requests[0]?.query).toMatch(/earliest=true/);
    expect(emulator.requests[0]?.query).toMatch(/include%5B%5D=users|include\[\]=users/);
  });
});
