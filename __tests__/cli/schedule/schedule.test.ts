/**
 * `pagerduty schedule list|show` and `schedule override add|list|remove` against the
 * emulator. The emulator models adding and listing overrides (and on-call follows them);
 * removing one is answered from the description's shape, so for it the request is checked.
 */
import { describe, expect, it } from '@jest/globals';
import { ANN, restEmulator } from '../rest/rest-emulator.js';

const END = '2030-01-01T04:00:00.000Z';

describe('pagerduty schedule', () => {
  it('list and show, by name, in each format', async () => {
    await using pd = await restEmulator();
    const [first] = pd.emulator.state.schedules.all();
    const table = await pd.pd(['schedule', 'list']);
    expect(table.stdout).toMatch(/^ID +NAME +TIME ZONE +TEAMS\n/);
    expect(table.stdout).toContain(first.name);
    const csv = await pd.pd(['schedule', 'list', '-o', 'csv', '--columns', 'id,name']);
    expect(csv.stdout.split('\n')[0]).toBe('id,name');
    const json = JSON.parse((await pd.pd(['schedule', 'show', first.name, '-o', 'json'])).stdout);
    expect(json.id).toBe(first.id);
    const jsonl = await pd.pd(['schedule', 'list', '-o', 'jsonl']);
    expect(jsonl.stdout.trimEnd().split('\n')).toHaveLength(pd.emulator.state.schedules.all().length);
    expect((await pd.pd(['schedule', 'show', first.id])).stdout).toMatch(new RegExp(`^name +${first.name}$`, 'm'));
  });

  it('override add puts the user on call, and override list shows it', async () => {
    await using pd = await restEmulator();
    const [schedule] = pd.emulator.state.schedules.all();
    const start = '2030-01-01T00:00:00Z';
    const added = await pd.pd([
      'schedule',
      'override',
      'add',
      schedule.id,
      '--user',
      ANN.email,
      '--start',
      start,
      '--for',
      '4h',
    ]);
    expect(added).toMatchObject({ status: 0, stderr: '' });
    expect(added.stdout).toMatch(
      new RegExp(
        `^added override \\S+ to ${schedule.name}: ${ANN.name} from ${start.replace('Z', '.000Z')} to ${END}\\n$`,
      ),
    );
    const listed = await pd.pd([
      'schedule',
      'override',
      'list',
      schedule.name,
      '--since',
      start,
      '-o',
      'csv',
      '--columns',
      'user.id,end',
    ]);
    expect(listed.stdout).toBe(`user.id,end\n${ANN.id},2030-01-01T04:00:00.000Z\n`);
    const oncall = JSON.parse(
      (await pd.pd(['oncall', '--schedule', schedule.id, '--at', '2030-01-01T01:00:00Z', '-o', 'json'])).stdout,
    );
    expect(oncall.map((entry: { user: { id: string } }) => entry.user.id)).toContain(ANN.id);
  });

  it('override add refuses a span without an end, or one that ends first (status 2), before any request', async () => {
    await using pd = await restEmulator();
    const [schedule] = pd.emulator.state.schedules.all();
    const base = ['schedule', 'override', 'add', schedule.id, '--user', ANN.email];
    expect((await pd.pd(base)).status).toBe(2);
    const backwards = await pd.pd([...base, '--start', '2030-01-02T00:00:00Z', '--end', '2030-01-01T00:00:00Z']);
    expect(backwards.stderr).toContain('the override must end after it starts');
    expect(pd.sent).toEqual([]);
  });

  it('override remove sends DELETE for the override and says so', async () => {
    await using pd = await restEmulator();
    const [schedule] = pd.emulator.state.schedules.all();
    const result = await pd.pd(['schedule', 'override', 'remove', schedule.id, 'QOVERRIDE1']);
    expect(pd.sent.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(pd.sent.at(-1)?.url).toMatch(new RegExp(`/schedules/${schedule.id}/overrides/QOVERRIDE1$`));
    if (result.status === 0) expect(result.stdout).toBe(`removed override QOVERRIDE1 from ${schedule.name}\n`);
    else expect(result.stderr).toContain('status 404');
  });
});
