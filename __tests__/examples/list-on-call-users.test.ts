import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main } from '../../examples/list-on-call-users.js';

let emulator: Emulator;

beforeAll(async () => {
  // The example talks to the emulator over real sockets, which nock's patch would intercept.
  if (nock.isActive()) nock.restore();
  emulator = await startEmulator({ seedUsers: 6, seedServices: 3, seedSchedules: 2 });
});

afterAll(async () => {
  await emulator.close();
});

/** The roster the emulator's state implies: each rule's users, and the rotation of each schedule it targets. */
function expectedRosters(): { policyId: string; users: { level: number; email: string; via: string }[] }[] {
  const { state } = emulator;
  return state.escalationPolicies.all().map((policy) => ({
    policyId: policy.id,
    users: policy.escalation_rules.flatMap((rule, index) =>
      rule.targets.flatMap((target) => {
        if (target.type === 'user_reference') return [{ level: index + 1, email: state.users.get(target.id)!.email, via: 'direct' }];
        const schedule = state.schedules.get(target.id)!;
        return schedule.users.map((member) => ({ level: index + 1, email: state.users.get(member.id)!.email, via: schedule.name }));
      }),
    ),
  }));
}

describe('examples/list-on-call-users', () => {
  it('lists the users each escalation policy pages, directly and through its schedules', async () => {
    const lines: string[] = [];
    const rosters = await main({ apiKey: emulator.keys.account, baseUrl: emulator.url, print: (line) => lines.push(line), clientOptions: { sleep: async () => {} } });

    const expected = expectedRosters();
    expect(expected.some((roster) => roster.users.some((user) => user.via !== 'direct'))).toBe(true);
    expect(rosters.map((roster) => ({ policyId: roster.policyId, users: roster.users.map(({ level, email, via }) => ({ level, email, via })) }))).toEqual(expected);
    const firstUser = rosters[0].users[0];
    expect(lines).toContain(`  level 1: ${firstUser.name} <${firstUser.email}>`);
  });

  it('fetches each user once however many policies name them', async () => {
    emulator.clearRequests();
    await main({ apiKey: emulator.keys.account, baseUrl: emulator.url, print: () => {} });
    const userPaths = emulator.requests.filter((request) => request.path.startsWith('/users/')).map((request) => request.path);
    expect(userPaths.length).toBeGreaterThan(0);
    expect(new Set(userPaths).size).toBe(userPaths.length);
  });
});
