/**
 * A program of the kind users write, through the REST client on the bare emulator: hand
 * every open incident of a user over to a colleague (a multi-update of `assignments`), then
 * escalate whatever is still triggered on one service to the next level.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';

beforeAll(realSockets);

interface IncidentItem {
  id: string;
  status: string;
  assignments: { assignee: { id: string } }[];
}

describe('the reassign-incidents program against the emulator', () => {
  let emulator: Emulator;
  let client: RestApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 4, seedIncidents: 30, now: () => new Date('2024-01-02T00:00:00Z') });
    client = makeClient({ baseUrl: emulator.url, defaultFrom: emulator.keys.users[0]!.email }, emulator.keys.account);
  });
  afterAll(async () => {
    client.close();
    await emulator.close();
  });

  it("moves a user's open incidents to a colleague, and the log and the incidents say so", async () => {
    const [leaver, colleague] = emulator.state.users.all().map((user) => user.id) as [string, string];
    const mine = await client.listAll<IncidentItem>('/incidents', {
      user_ids: [leaver],
      statuses: ['triggered', 'acknowledged'],
    });
    expect(mine.length).toBeGreaterThan(0);
    await client.rput('/incidents', {
      json: mine.map((incident) => ({
        id: incident.id,
        type: 'incident_reference' as const,
        assignments: [{ assignee: { id: colleague, type: 'user_reference' as const } }],
      })),
    });
    expect(
      await client.listAll<IncidentItem>('/incidents', { user_ids: [leaver], statuses: ['triggered', 'acknowledged'] }),
    ).toEqual([]);
    const theirs = await client.listAll<IncidentItem>('/incidents', { user_ids: [colleague], statuses: ['triggered'] });
    expect(theirs.map((incident) => incident.id)).toEqual(expect.arrayContaining(mine.map((incident) => incident.id)));
    const log = await client.listAll<{ type: string; assignees?: { id: string }[] }>(
      `/incidents/${mine[0]!.id}/log_entries`,
    );
    expect(log.at(-1)).toMatchObject({ type: 'assign_log_entry', assignees: [{ id: colleague }] });
  });

  it('escalates the still-triggered incidents of a service to level 2', async () => {
    const service = emulator.state.services.all()[0]!;
    const open = await client.listAll<IncidentItem>('/incidents', {
      service_ids: [service.id],
      statuses: ['triggered'],
    });
    for (const incident of open)
      await client.rput(`/incidents/${incident.id}`, { json: { type: 'incident_reference', escalation_level: 2 } });
    const policy = emulator.state.escalationPolicies.get(service.escalation_policy.id)!;
    const schedule = emulator.state.schedules.get(policy.escalation_rules[1]!.targets[0]!.id)!;
    for (const incident of open)
      expect(
        emulator.state.incidents.get(incident.id)?.assignments.map((assignment) => assignment.assignee.id),
      ).toEqual([schedule.users[0]!.id]);
  });
});
