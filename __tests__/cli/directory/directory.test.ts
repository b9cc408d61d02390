/** `pagerduty service|user|team|ep list|show` against the emulator: lookups by id, name or email, each format. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ANN, csvRows, ME, restEmulator, SERVICE, type RestEmulator } from '../rest/rest-emulator.js';

let pd: RestEmulator;
beforeAll(async () => {
  pd = await restEmulator();
});
afterAll(async () => {
  await pd[Symbol.asyncDispose]();
});

const GROUPS: [word: string, collection: 'services' | 'users' | 'teams' | 'escalationPolicies', header: string[]][] = [
  ['service', 'services', ['ID', 'NAME', 'STATUS', 'ESCALATION POLICY', 'TEAMS']],
  ['user', 'users', ['ID', 'NAME', 'EMAIL', 'ROLE', 'TEAMS']],
  ['team', 'teams', ['ID', 'NAME', 'DESCRIPTION']],
  ['ep', 'escalationPolicies', ['ID', 'NAME', 'NUM LOOPS', 'TEAMS']],
];

describe.each(GROUPS)('pagerduty %s list', (word, collection, header) => {
  const all = (): readonly { id: string }[] => pd.emulator.state[collection].all();

  it('reads every page by default: a table with a header, one row each', async () => {
    const result = await pd.pd([word, 'list']);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const [first, ...rows] = result.stdout.trimEnd().split('\n');
    expect(first.split(/\s{2,}/)).toEqual(header);
    expect(rows.map((row) => row.split(' ')[0])).toEqual(all().map((item) => item.id));
  });

  it('JSON, JSON lines and CSV; --limit and --no-paginate stop early', async () => {
    expect(JSON.parse((await pd.pd([word, 'list', '-o', 'json'])).stdout)).toHaveLength(all().length);
    expect((await pd.pd([word, 'list', '-o', 'jsonl', '--limit', '1'])).stdout.trimEnd().split('\n')).toHaveLength(1);
    const csv = csvRows((await pd.pd([word, 'list', '-o', 'csv', '--columns', 'id'])).stdout);
    expect(csv).toEqual([['id'], ...all().map((item) => [item.id])]);
    expect((await pd.pd([word, 'list', '--no-paginate', '-o', 'jsonl'])).status).toBe(0);
  });
});

describe('pagerduty service|user|team|ep show', () => {
  it('finds a user by email, by name and by id', async () => {
    for (const target of [ANN.email, ANN.name, ANN.id]) {
      const result = await pd.pd(['user', 'show', target, '-o', 'json']);
      expect(JSON.parse(result.stdout)).toMatchObject({ id: ANN.id, email: ANN.email });
    }
    expect((await pd.pd(['user', 'show', ME.email])).stdout).toMatch(/^email +me@example.com$/m);
  });

  it('finds a service and a policy by name, and a team by id', async () => {
    const service = await pd.pd(['service', 'show', SERVICE.name, '-o', 'csv', '--columns', 'id,name']);
    expect(service.stdout).toBe(`id,name\n${SERVICE.id},${SERVICE.name}\n`);
    const ep = await pd.pd(['ep', 'show', `${SERVICE.name} Escalation`]);
    expect(ep.stdout).toMatch(/^escalation_rules +/m);
    const [team] = pd.emulator.state.teams.all();
    expect((await pd.pd(['team', 'show', team.id, '-o', 'jsonl'])).stdout).toContain(`"id":"${team.id}"`);
  });

  it('names what it could not find (status 1)', async () => {
    const result = await pd.pd(['user', 'show', 'nobody@example.com']);
    expect(result).toMatchObject({ status: 1, stderr: 'pagerduty: no user has the email nobody@example.com\n' });
  });

  it('list --team filters by a team named by name', async () => {
    const [team] = pd.emulator.state.teams.all();
    const result = await pd.pd(['user', 'list', '--team', team.name, '-o', 'jsonl']);
    expect(result.status).toBe(0);
    expect(pd.sent.at(-1)?.url).toContain(`team_ids%5B%5D=${team.id}`);
  });
});
