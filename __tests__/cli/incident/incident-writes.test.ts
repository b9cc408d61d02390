/**
 * `incident ack|resolve|reassign|snooze|note|merge|escalate` against the emulator: what each
 * sends, what it prints, and the state it leaves. The emulator models status changes and
 * notes; it keeps no assignments, escalation levels, snoozes or merges (those answer from the
 * description's shapes), so for them the request sent is what is checked.
 */
import { describe, expect, it } from '@jest/globals';
import { ANN, INCIDENTS, ME, restEmulator } from '../rest/rest-emulator.js';

const [FIRST, SECOND] = INCIDENTS.map((incident) => incident.id);

describe('pagerduty incident ack and resolve', () => {
  it('ack says what it changed, and the incident is acknowledged', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'ack', FIRST]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(/^acknowledged PINC001 \[#\d+\] Disk full on db01\n$/);
    expect(pd.emulator.state.incidents.get(FIRST)?.status).toBe('acknowledged');
    expect(pd.sent.at(-1)).toMatchObject({
      method: 'PUT',
      body: { incidents: [{ id: FIRST, type: 'incident_reference', status: 'acknowledged' }] },
    });
  });

  it('resolve --me resolves every open incident assigned to me, in one request', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'resolve', '--me']);
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^resolved PINC001 /),
      expect.stringMatching(/^resolved PINC002 /),
    ]);
    expect(INCIDENTS.map((incident) => pd.emulator.state.incidents.get(incident.id)?.status)).toEqual([
      'resolved',
      'resolved',
    ]);
    expect(pd.sent.filter((request) => request.method === 'PUT')).toHaveLength(1);
    const again = await pd.pd(['incident', 'resolve', '--me', '--json']);
    expect(JSON.parse(again.stdout)).toEqual([]);
  });

  it('with an account key, acts as the --from user', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'ack', FIRST, '--from', ANN.email], { as: 'account' });
    expect(result.status).toBe(0);
    const entries = pd.emulator.state.logEntries.all().filter((entry) => entry.incident.id === FIRST);
    expect(entries.at(-1)?.agent.id).toBe(ANN.id);
  });

  it('with an account key and no From, the API refuses: its message once, status 1', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'ack', FIRST], { as: 'account' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/status 400/);
    expect(result.stderr.split('\n').filter((line) => line.includes('status 400'))).toHaveLength(1);
    expect(pd.emulator.state.incidents.get(FIRST)?.status).toBe('triggered');
  });

  it('without ids or --me is a usage error (status 2), nothing sent', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'ack']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('name the incidents, or pass --me');
    expect(pd.sent).toEqual([]);
  });
});

describe('pagerduty incident note, reassign, snooze, merge, escalate', () => {
  it('note adds the note and names it', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'note', FIRST, '--content', 'Restarted db01']);
    expect(result.stdout).toMatch(/^added note \S+ to PINC001\n$/);
    const notes = JSON.parse((await pd.pd(['incident', 'notes', FIRST, '-o', 'json'])).stdout);
    expect(notes).toEqual([expect.objectContaining({ content: 'Restarted db01' })]);
  });

  it('reassign sends the users, looked up by email, as the assignments', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'reassign', FIRST, SECOND, '--user', ANN.email, '-u', ME.id]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`reassigned PINC001`);
    expect(result.stdout).toContain(`(to ${ANN.email}, ${ME.id})`);
    const assignments = [ANN.id, ME.id].map((id) => ({ assignee: { id, type: 'user_reference' } }));
    expect(pd.sent.at(-1)?.body).toEqual({
      incidents: [FIRST, SECOND].map((id) => ({ id, type: 'incident_reference', assignments })),
    });
  });

  it('reassign needs --user or --ep, not both (status 2)', async () => {
    await using pd = await restEmulator();
    expect((await pd.pd(['incident', 'reassign', FIRST])).status).toBe(2);
    expect((await pd.pd(['incident', 'reassign', FIRST, '--user', ME.id, '--ep', 'X'])).status).toBe(2);
  });

  it('snooze sends the duration in seconds', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'snooze', FIRST, '--for', '1h30m']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^snoozed .* \(for 1h30m\)\n$/);
    expect(pd.sent.at(-1)).toMatchObject({ method: 'POST', body: { duration: 5400 } });
    expect(pd.sent.at(-1)?.url).toMatch(/\/incidents\/PINC001\/snooze$/);
    expect((await pd.pd(['incident', 'snooze', FIRST, '--for', 'soon'])).status).toBe(2);
  });

  it('merge sends the sources as references', async () => {
    await using pd = await restEmulator();
    const result = await pd.pd(['incident', 'merge', FIRST, SECOND]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^merged .* \(from PINC002\)\n$/);
    expect(pd.sent.at(-1)).toMatchObject({
      method: 'PUT',
      body: { source_incidents: [{ id: SECOND, type: 'incident_reference' }] },
    });
    expect((await pd.pd(['incident', 'merge', FIRST, FIRST])).status).toBe(2);
  });

  it('escalate asks for the next level, or the one given; past the last level the API refuses', async () => {
    await using pd = await restEmulator();
    // The seeded policy has one level: the next one does not exist, and the emulator says so as the API does.
    const next = await pd.pd(['incident', 'escalate', FIRST]);
    expect(pd.sent.at(-1)?.body).toEqual({ incident: { type: 'incident_reference', escalation_level: 2 } });
    expect(next.status).toBe(1);
    expect(next.stderr).toContain('incident.escalation_level must be from 1 to 1');
    const first = await pd.pd(['incident', 'escalate', FIRST, '--level', '1']);
    expect(first.stdout).toMatch(/^escalated PINC001 .* \(to level 1\)\n$/);
    expect(pd.sent.at(-1)?.body).toEqual({ incident: { type: 'incident_reference', escalation_level: 1 } });
    expect((await pd.pd(['incident', 'escalate', FIRST, '--level', '0'])).status).toBe(2);
  });
});
