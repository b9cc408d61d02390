/** `incident list|show|notes|log` against the emulator, in each output format. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { csvRows, INCIDENTS, ME, restEmulator, SERVICE, type RestEmulator } from '../rest/rest-emulator.js';

let pd: RestEmulator;
beforeAll(async () => {
  pd = await restEmulator();
  // A note to list, added as the emulator's own API would.
  expect((await pd.pd(['incident', 'note', INCIDENTS[0].id, '-m', 'Restarted db01'])).status).toBe(0);
});
afterAll(async () => {
  await pd[Symbol.asyncDispose]();
});

const MINE = INCIDENTS.map((incident) => incident.id);

describe('pagerduty incident list', () => {
  it('prints a table with a header, the open incidents of the account', async () => {
    const result = await pd.pd(['incident', 'list']);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header.split(/\s{2,}/)).toEqual([
      'ID',
      'INCIDENT NUMBER',
      'STATUS',
      'URGENCY',
      'TITLE',
      'SERVICE',
      'CREATED AT',
    ]);
    const open = pd.emulator.state.incidents.all().filter((incident) => incident.status !== 'resolved');
    expect(rows.map((row) => row.split(' ')[0]).sort()).toEqual(open.map((incident) => incident.id).sort());
    expect(result.stdout).toContain('Disk full on db01');
  });

  it('--me with a user token: the incidents assigned to the user behind the key', async () => {
    const result = await pd.pd(['incident', 'list', '--me', '-o', 'csv', '--columns', 'id,service']);
    expect(result.status).toBe(0);
    expect(csvRows(result.stdout)).toEqual([['id', 'service'], ...MINE.map((id) => [id, SERVICE.name])]);
  });

  it('--me with an account key and --from: the --from user, looked up by email', async () => {
    const result = await pd.pd(['incident', 'list', '--me', '--from', ME.email, '-o', 'jsonl'], { as: 'account' });
    expect(result.status).toBe(0);
    const items = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(items.map((item) => item.id)).toEqual(MINE);
    expect(pd.sent.some((request) => request.url.includes(`user_ids%5B%5D=${ME.id}`))).toBe(true);
  });

  it('--me with an account key and no --from is a usage error naming --from', async () => {
    const result = await pd.pd(['incident', 'list', '--me'], { as: 'account' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--me with an account-level key needs the user');
    expect(result.stderr).toContain('--from EMAIL');
  });

  it('-o json prints the incidents whole, as one array; --columns cuts them to those paths', async () => {
    const whole = JSON.parse((await pd.pd(['incident', 'list', '--service', SERVICE.name, '-o', 'json'])).stdout);
    expect(whole.map((item: { id: string }) => item.id)).toEqual(MINE);
    expect(whole[0].service).toMatchObject({ id: SERVICE.id, type: 'service_reference' });
    const cut = JSON.parse(
      (await pd.pd(['incident', 'list', '--service', SERVICE.id, '-o', 'json', '--columns', 'id,service.id'])).stdout,
    );
    expect(cut).toEqual(MINE.map((id) => ({ id, 'service.id': SERVICE.id })));
  });

  it('CSV quotes a field with a comma or a quote', async () => {
    const result = await pd.pd(['incident', 'list', '--me', '-o', 'csv', '--columns', 'title']);
    expect(result.stdout).toBe('title\nDisk full on db01\n"CPU ""hot"", db02"\n');
  });

  it('--limit reads only as many as asked; --status filters, with open and all', async () => {
    const limited = await pd.pd(['incident', 'list', '--limit', '1', '-o', 'jsonl']);
    expect(limited.stdout.trimEnd().split('\n')).toHaveLength(1);
    const resolved = await pd.pd(['incident', 'list', '--status', 'resolved', '-o', 'jsonl']);
    for (const line of resolved.stdout.trimEnd().split('\n').filter(Boolean))
      expect(JSON.parse(line).status).toBe('resolved');
    await pd.pd(['incident', 'list', '--status', 'open,resolved', '--limit', '1']);
    expect(pd.sent.at(-1)?.url).toMatch(/statuses%5B%5D=triggered&statuses%5B%5D=acknowledged&statuses%5B%5D=resolved/);
  });

  it('refuses an unknown status, a bad --limit or urgency before any request (status 2)', async () => {
    const before = pd.sent.length;
    for (const args of [
      ['--status', 'closed'],
      ['--limit', '0'],
      ['--urgency', 'medium'],
    ]) {
      const result = await pd.pd(['incident', 'list', ...args]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^pagerduty: /);
    }
    expect(pd.sent.slice(before).filter((request) => request.url.includes('/incidents'))).toEqual([]);
  });

  it('a service that does not exist is named in the error (status 1)', async () => {
    const result = await pd.pd(['incident', 'list', '--service', 'No Such Service']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('pagerduty: no service has the id or name No Such Service\n');
  });
});

describe('pagerduty incident show', () => {
  it('prints the incident as FIELD VALUE lines, references by their summary', async () => {
    const result = await pd.pd(['incident', 'show', INCIDENTS[0].id]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^id {17}PINC001$/m);
    expect(result.stdout).toMatch(/^service +Docs Service$/m);
    expect(result.stdout).toMatch(/^assignments +Me Myself$/m);
  });

  it('in JSON, JSON lines and CSV', async () => {
    const json = JSON.parse((await pd.pd(['incident', 'show', INCIDENTS[0].id, '-o', 'json'])).stdout);
    expect(json).toMatchObject({ id: INCIDENTS[0].id, title: INCIDENTS[0].title });
    const jsonl = (await pd.pd(['incident', 'show', INCIDENTS[0].id, '-o', 'jsonl'])).stdout;
    expect(jsonl.trimEnd().split('\n')).toHaveLength(1);
    const csv = (await pd.pd(['incident', 'show', INCIDENTS[0].id, '-o', 'csv', '--columns', 'id,status'])).stdout;
    expect(csv).toBe('id,status\nPINC001,triggered\n');
  });

  it('a missing incident is the API 404, printed once (status 1)', async () => {
    const result = await pd.pd(['incident', 'show', 'PNOSUCH']);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')[0]).toContain('status 404');
  });
});

describe('pagerduty incident notes and log', () => {
  it('notes: a table, and CSV with a header', async () => {
    const table = await pd.pd(['incident', 'notes', INCIDENTS[0].id]);
    expect(table.stdout).toMatch(/^ID +CREATED AT +USER +CONTENT\n\S+ +\S+ +Me Myself +Restarted db01\n$/);
    const csv = await pd.pd(['incident', 'notes', INCIDENTS[0].id, '-o', 'csv', '--columns', 'user.id,content']);
    expect(csv.stdout).toBe(`user.id,content\n${ME.id},Restarted db01\n`);
  });

  it('log: every entry, oldest first, in each format', async () => {
    const jsonl = await pd.pd(['incident', 'log', INCIDENTS[0].id, '-o', 'jsonl']);
    const types = jsonl.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).type);
    expect(types).toEqual(['trigger_log_entry', 'annotate_log_entry']);
    const table = await pd.pd(['incident', 'log', INCIDENTS[0].id]);
    expect(table.stdout.split('\n')[0]).toMatch(/^CREATED AT +TYPE +AGENT +SUMMARY$/);
    const json = JSON.parse((await pd.pd(['incident', 'log', INCIDENTS[0].id, '-o', 'json'])).stdout);
    expect(json).toHaveLength(2);
    const csv = await pd.pd(['incident', 'log', INCIDENTS[0].id, '-o', 'csv', '--columns', 'type', '--limit', '1']);
    expect(csv.stdout).toBe('type\ntrigger_log_entry\n');
  });
});
