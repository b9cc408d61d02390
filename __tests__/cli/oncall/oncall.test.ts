/** `pagerduty oncall` against the emulator: for a policy, a schedule or a user, now or at a time. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { csvRows, ME, restEmulator, SERVICE, type RestEmulator } from '../rest/rest-emulator.js';

let pd: RestEmulator;
beforeAll(async () => {
  pd = await restEmulator();
});
afterAll(async () => {
  await pd[Symbol.asyncDispose]();
});

const POLICY = `${SERVICE.name} Escalation`;

describe('pagerduty oncall', () => {
  it('for a policy by name: a table by policy and level', async () => {
    const result = await pd.pd(['oncall', '--ep', POLICY]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ESCALATION POLICY +ESCALATION LEVEL +SCHEDULE +USER +START +END\n/);
    expect(result.stdout).toMatch(new RegExp(`^${POLICY} +1 +${ME.name}\\n$`, 'm'));
    expect(pd.sent.at(-1)?.url).toMatch(/escalation_policy_ids%5B%5D=/);
  });

  it('--me with a user token, and with an account key and --from, in JSON and CSV', async () => {
    const user = JSON.parse((await pd.pd(['oncall', '--me', '-o', 'json'])).stdout);
    expect(user.map((entry: { user: { id: string } }) => entry.user.id)).toEqual([ME.id]);
    const account = await pd.pd(
      ['oncall', '--me', '--from', ME.email, '-o', 'csv', '--columns', 'user.id,escalation_level'],
      {
        as: 'account',
      },
    );
    expect(csvRows(account.stdout)).toEqual([
      ['user.id', 'escalation_level'],
      [ME.id, '1'],
    ]);
  });

  it('for a schedule at a time: since and until are that instant', async () => {
    const schedule = pd.emulator.state.schedules.all()[0];
    const result = await pd.pd(['oncall', '--schedule', schedule.name, '--at', '2030-01-01T12:00:00Z', '-o', 'jsonl']);
    expect(result.status).toBe(0);
    const entries = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.schedule.id).toBe(schedule.id);
    const url = new URL(pd.sent.at(-1)?.url ?? '');
    expect(url.searchParams.get('since')).toBe('2030-01-01T12:00:00.000Z');
    expect(url.searchParams.get('until')).toBe('2030-01-01T12:00:00.000Z');
  });

  it('refuses a time that is not one before any request (status 2)', async () => {
    const before = pd.sent.length;
    const result = await pd.pd(['oncall', '--at', 'teatime']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--at: "teatime" is not a time');
    expect(pd.sent.length).toBe(before);
  });
});
