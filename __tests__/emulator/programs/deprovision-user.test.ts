/**
 * A program of the kind users write, through the REST client on the bare emulator:
 * deprovisioning a user. Deleting them while they hold open incidents is refused (400); the
 * program hands the incidents over, deletes the user, and they are gone from schedules and
 * escalation policies. Over raw HTTP too: an escalation policy a service uses, and a team
 * that still owns services, cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpError } from '../../../src/core/errors/error-classes.js';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';

beforeAll(realSockets);

describe('deprovisioning a user against the emulator', () => {
  let emulator: Emulator;
  let client: RestApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 4, seedIncidents: 20, now: () => new Date('2024-01-02T00:00:00Z') });
    client = makeClient({ baseUrl: emulator.url, defaultFrom: emulator.keys.users[1]!.email }, emulator.keys.account);
  });
  afterAll(async () => {
    client.close();
    await emulator.close();
  });

  it('is refused while the user has open incidents, then cascades once they are handed over', async () => {
    const [leaver, colleague] = emulator.state.users.all().map((user) => user.id) as [string, string];
    const refused = await client.rdelete(`/users/${leaver}`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect((refused as HttpError).body).toContain('assigned open incident');
    expect(emulator.state.users.get(leaver)).toBeDefined();

    const open = await client.listAll<{ id: string }>('/incidents', {
      user_ids: [leaver],
      statuses: ['triggered', 'acknowledged'],
    });
    await client.rput('/incidents', {
      json: open.map((incident) => ({
        id: incident.id,
        type: 'incident_reference' as const,
        assignments: [{ assignee: { id: colleague, type: 'user_reference' as const } }],
      })),
    });
    const deleted = await client.rdelete(`/users/${leaver}`);
    expect(deleted.status).toBe(204);
    expect((await call(emulator, 'GET', `/users/${leaver}`, { key: emulator.keys.account })).status).toBe(404);
    const schedules = await client.listAll<{
      users: { id: string }[];
      schedule_layers: { users: { user: { id: string } }[] }[];
    }>('/schedules');
    for (const schedule of schedules) {
      expect(schedule.users.map((user) => user.id)).not.toContain(leaver);
      expect(schedule.schedule_layers.flatMap((layer) => layer.users.map((member) => member.user.id))).not.toContain(
        leaver,
      );
    }
    const policies = await client.listAll<{ escalation_rules: { targets: { id: string }[] }[] }>(
      '/escalation_policies',
    );
    expect(
      policies.flatMap((policy) => policy.escalation_rules.flatMap((rule) => rule.targets.map((target) => target.id))),
    ).not.toContain(leaver);
    // Their key no longer works.
    const key = emulator.keys.users.find((entry) => entry.userId === leaver)!.key;
    expect((await call(emulator, 'GET', '/users/me', { key })).status).toBe(401);
  });
});

describe('deletes refused as the API refuses them', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('keeps an escalation policy a service uses, and deletes it once none does', async () => {
    const key = emulator.keys.account;
    const service = emulator.state.services.all()[0]!;
    const policyId = service.escalation_policy.id;
    const refused = await call(emulator, 'DELETE', `/escalation_policies/${policyId}`, { key });
    expect(refused).toMatchObject({ status: 400, body: { error: { message: 'Arguments Caused Error', code: 2002 } } });
    expect((await call(emulator, 'DELETE', `/services/${service.id}`, { key })).status).toBe(204);
    expect((await call(emulator, 'DELETE', `/escalation_policies/${policyId}`, { key })).status).toBe(204);
    expect((await call(emulator, 'DELETE', `/escalation_policies/${policyId}`, { key })).status).toBe(404);
  });

  it('keeps a team that owns services, policies or schedules', async () => {
    const key = emulator.keys.account;
    const team = emulator.state.teams.all()[0]!;
    const refused = await call(emulator, 'DELETE', `/teams/${team.id}`, { key });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { errors: string[] } }).error.errors[0]).toContain('still has');
    expect(emulator.state.teams.get(team.id)).toBeDefined();
  });
});
