/**
 * Team membership over raw HTTP and through the REST client: PUT and DELETE
 * /teams/{id}/users/{user_id} change /teams/{id}/members (with roles) and the users'
 * teams, and an unknown team or user is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';

beforeAll(realSockets);

let emulator: Emulator;
let key: string;
let client: RestApiV2Client;

beforeAll(async () => {
  emulator = await startEmulator({ seedUsers: 4, seedTeams: 2, seedIncidents: 0 });
  key = emulator.keys.account;
  client = makeClient({ baseUrl: emulator.url }, key);
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

const members = async (teamId: string, query = '') =>
  (await call(emulator, 'GET', `/teams/${teamId}/members${query}`, { key })).body as {
    members: { user: { id: string; type: string; email?: string }; role: string }[];
    total: number | null;
  };

describe('team membership over HTTP', () => {
  it('lists the seeded members of a team, managers by default', async () => {
    const team = emulator.state.teams.all()[0]!;
    const seeded = emulator.state.users.all().filter((user) => user.teams.some((ref) => ref.id === team.id));
    const listed = await members(team.id, '?total=true');
    expect(listed.members).toEqual(
      seeded.map((user) => ({
        user: expect.objectContaining({ id: user.id, type: 'user_reference' }),
        role: 'manager',
      })),
    );
    expect(listed.total).toBe(seeded.length);
  });

  it('adds a user with a role, changes it, expands users on include[]=users, and removes them', async () => {
    const other = emulator.state.teams.all()[1];
    const user = emulator.state.users.all().find((candidate) => !candidate.teams.some((ref) => ref.id === other!.id))!;
    const added = await call(emulator, 'PUT', `/teams/${other!.id}/users/${user.id}`, {
      key,
      json: { role: 'observer' },
    });
    expect(added.status).toBe(204);
    expect((await members(other!.id)).members).toContainEqual({
      user: expect.objectContaining({ id: user.id }),
      role: 'observer',
    });
    await call(emulator, 'PUT', `/teams/${other!.id}/users/${user.id}`, { key, json: { role: 'responder' } });
    const expanded = await members(other!.id, '?include[]=users');
    expect(expanded.members.find((member) => member.user.id === user.id)).toMatchObject({
      user: { type: 'user', email: user.email },
      role: 'responder',
    });
    const inTeam = await call(emulator, 'GET', `/users?team_ids[]=${other!.id}`, { key });
    expect((inTeam.body as { users: { id: string }[] }).users.map((listed) => listed.id)).toContain(user.id);
    expect((await call(emulator, 'DELETE', `/teams/${other!.id}/users/${user.id}`, { key })).status).toBe(204);
    expect((await members(other!.id)).members.map((member) => member.user.id)).not.toContain(user.id);
    expect(emulator.state.users.get(user.id)?.teams.map((ref) => ref.id)).not.toContain(other!.id);
  });

  it('answers 404 for an unknown user or team, and 400 for a role the API does not have', async () => {
    const team = emulator.state.teams.all()[0]!;
    const user = emulator.state.users.all()[0]!;
    const before = JSON.stringify(await members(team.id));
    for (const [method, path] of [
      ['PUT', `/teams/${team.id}/users/PNOBODY`],
      ['DELETE', `/teams/${team.id}/users/PNOBODY`],
      ['PUT', `/teams/PNOTEAM/users/${user.id}`],
      ['GET', '/teams/PNOTEAM/members'],
    ] as const) {
      const reply = await call(emulator, method, path, { key });
      expect(reply).toMatchObject({ status: 404, body: { error: { code: 2100 } } });
    }
    const badRole = await call(emulator, 'PUT', `/teams/${team.id}/users/${user.id}`, { key, json: { role: 'boss' } });
    expect(badRole).toMatchObject({
      status: 400,
      body: { error: { errors: ['role must be one of observer, responder, manager'] } },
    });
    expect(JSON.stringify(await members(team.id))).toBe(before);
  });

  it('refuses a read_only_user, as the description says', async () => {
    const user = emulator.state.users.all()[3]!;
    user.role = 'read_only_user';
    const team = emulator.state.teams.all()[1]!;
    expect((await call(emulator, 'PUT', `/teams/${team.id}/users/${user.id}`, { key })).status).toBe(400);
  });
});

describe('team membership through the REST client', () => {
  it('syncs a team to a list of users, and listAll sees the result', async () => {
    const team = emulator.state.teams.all()[0]!;
    const wanted = emulator.state.users
      .all()
      .slice(0, 2)
      .map((user) => user.id);
    const current = (await client.listAll<{ user: { id: string } }>(`/teams/${team.id}/members`)).map(
      (member) => member.user.id,
    );
    for (const id of current.filter((id) => !wanted.includes(id))) await client.delete(`/teams/${team.id}/users/${id}`);
    for (const id of wanted.filter((id) => !current.includes(id)))
      await client.put(`/teams/${team.id}/users/${id}`, { json: { role: 'responder' } });
    const after = await client.listAll<{ user: { id: string } }>(`/teams/${team.id}/members`);
    expect(after.map((member) => member.user.id).sort()).toEqual([...wanted].sort());
  });
});
