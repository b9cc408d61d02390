import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the emulator over HTTP', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 30, seedIncidents: 40 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('listens on loopback and answers every request with a UUID x-request-id', async () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ok = await call(emulator, 'GET', '/users', { key: emulator.keys.account });
    const denied = await call(emulator, 'GET', '/users', { key: 'wrong' });
    const missing = await call(emulator, 'GET', '/nothing-here', { key: emulator.keys.account });
    for (const result of [ok, denied, missing]) expect(result.headers.get('x-request-id')).toMatch(UUID);
    expect(ok.headers.get('x-request-id')).not.toBe(denied.headers.get('x-request-id'));
  });

  it('answers 401 in the REST error shape for a missing or unknown key', async () => {
    expect(await call(emulator, 'GET', '/users')).toMatchObject({
      status: 401,
      body: { error: { message: 'Authentication failed', code: 2006 } },
    });
    expect((await call(emulator, 'GET', '/users', { key: 'u+not-a-real-key' })).status).toBe(401);
  });

  it('accepts API keys as Token token=... and Bearer', async () => {
    expect((await call(emulator, 'GET', '/users', { key: emulator.keys.users[0].key })).status).toBe(200);
    expect((await call(emulator, 'GET', '/users', { bearer: emulator.keys.users[0].key })).status).toBe(200);
  });

  it('serves /users/me to a user-scoped key and refuses an account-level key with 400', async () => {
    const user = emulator.keys.users[4];
    expect(await call(emulator, 'GET', '/users/me', { key: user.key })).toMatchObject({
      status: 200,
      body: { user: { id: user.userId, email: user.email } },
    });
    const account = await call(emulator, 'GET', '/users/me', { key: emulator.keys.account });
    expect(account.status).toBe(400);
    expect((account.body as { error: { message: string } }).error.message).toContain('account-level access token');
  });

  it('pages users with limit, offset and more, and counts them only with total=true', async () => {
    const key = emulator.keys.account;
    const first = await call(emulator, 'GET', '/users?limit=10&offset=0', { key });
    expect(first.body).toMatchObject({ limit: 10, offset: 0, more: true, total: null });
    const last = await call(emulator, 'GET', '/users?limit=10&offset=20&total=true', { key });
    expect(last.body).toMatchObject({ limit: 10, offset: 20, more: false, total: 30 });
    expect((last.body as { users: unknown[] }).users).toHaveLength(10);
    const limitOverflow = await call(emulator, 'GET', '/users?limit=100&offset=9950', { key });
    expect(limitOverflow).toMatchObject({ status: 400, body: { error: { message: 'Invalid Request' } } });
  });

  it('filters users with query, and gets one by id', async () => {
    const key = emulator.keys.account;
    const target = emulator.keys.users[7];
    const found = await call(emulator, 'GET', `/users?query=${encodeURIComponent(target.email)}`, { key });
    expect((found.body as { users: { id: string }[] }).users.map((user) => user.id)).toEqual([target.userId]);
    expect(await call(emulator, 'GET', `/users/${target.userId}`, { key })).toMatchObject({
      status: 200,
      body: { user: { id: target.userId } },
    });
    expect(await call(emulator, 'GET', '/users/PNOPE00', { key })).toMatchObject({
      status: 404,
      body: { error: { code: 2100 } },
    });
  });

  it('updates a user from a wrapped body and records it in the audit trail', async () => {
    const target = emulator.keys.users[2];
    const reply = await call(emulator, 'PUT', `/users/${target.userId}`, {
      key: target.key,
      json: { user: { type: 'user', name: 'Renamed Person' } },
    });
    expect(reply).toMatchObject({ status: 200, body: { user: { name: 'Renamed Person', summary: 'Renamed Person' } } });
    const records = await call(emulator, 'GET', '/audit/records?limit=1', { key: emulator.keys.account });
    expect(records.body).toMatchObject({
      records: [{ action: 'update', root_resource: { id: target.userId }, actors: [{ id: target.userId }] }],
    });
    expect(
      (await call(emulator, 'PUT', `/users/${target.userId}`, { key: target.key, json: { name: 'unwrapped' } })).status,
    ).toBe(400);
  });

  it('answers 400 in the API error shape, not 500, to a path with a malformed percent-escape (issue 47)', async () => {
    for (const path of ['/users/%ZZ', '/schedules/%E0%A4%A/overrides', '/no-such-thing/%']) {
      const reply = await call(emulator, 'GET', path, { key: emulator.keys.account });
      expect(reply).toMatchObject({ status: 400, body: { error: { message: 'Invalid Input Provided', code: 2001 } } });
      expect((reply.body as { error: { errors: string[] } }).error.errors[0]).toContain('malformed percent-escape');
    }
    const wellFormed = await call(emulator, 'GET', '/users/P%5AZZZZZ', { key: emulator.keys.account });
    expect(wellFormed.status).toBe(404);
  });

  it('answers 400 for a body that is not JSON, and 405 for a method the path lacks', async () => {
    const key = emulator.keys.users[0].key;
    const broken = await call(emulator, 'PUT', '/incidents', {
      key,
      rawBody: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken).toMatchObject({ status: 400, body: { error: { code: 2001 } } });
    const wrongMethod = await call(emulator, 'DELETE', '/incidents', { key });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST, PUT');
  });

  it('walks the audit trail with cursors, newest first, each record once', async () => {
    const key = emulator.keys.account;
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=25&cursor=${encodeURIComponent(cursor)}` : 'limit=25';
      const page = (await call(emulator, 'GET', `/audit/records?${query}`, { key })).body as {
        records: { id: string; execution_time: string }[];
        next_cursor: string | null;
        limit: number;
      };
      expect(page.limit).toBe(25);
      ids.push(...page.records.map((record) => record.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(ids).toHaveLength(emulator.state.auditRecords.size);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await call(emulator, 'GET', '/audit/records?cursor=garbage', { key })).status).toBe(400);
  });

  it('answers abilities with 204 or 402', async () => {
    const key = emulator.keys.account;
    expect(await call(emulator, 'GET', '/abilities', { key })).toMatchObject({
      status: 200,
      body: { abilities: expect.arrayContaining(['teams']) },
    });
    const has = await call(emulator, 'GET', '/abilities/teams', { key });
    expect(has.status).toBe(204);
    expect(has.body).toBeUndefined();
    expect(await call(emulator, 'GET', '/abilities/time_travel', { key })).toMatchObject({
      status: 402,
      body: { error: { code: 2014 } },
    });
  });

  it('serves services, escalation policies with rules and derived services, schedules and teams', async () => {
    const key = emulator.keys.account;
    const services = (await call(emulator, 'GET', '/services', { key })).body as {
      services: { id: string; escalation_policy: { id: string } }[];
    };
    expect(services.services).toHaveLength(3);
    const policyId = services.services[0].escalation_policy.id;
    const policy = await call(emulator, 'GET', `/escalation_policies/${policyId}`, { key });
    expect(policy.body).toMatchObject({
      escalation_policy: {
        id: policyId,
        services: [{ id: services.services[0].id, type: 'service_reference' }],
        escalation_rules: [
          { escalation_delay_in_minutes: 30, targets: [{ type: 'user_reference' }] },
          { targets: [{ type: 'schedule_reference' }] },
        ],
      },
    });
    const schedules = (await call(emulator, 'GET', '/schedules', { key })).body as {
      schedules: { escalation_policies: unknown[] }[];
    };
    expect(schedules.schedules[0].escalation_policies.length).toBeGreaterThan(0);
    expect(((await call(emulator, 'GET', '/teams', { key })).body as { teams: unknown[] }).teams).toHaveLength(2);
    const routing = emulator.keys.routing[0];
    const integration = await call(
      emulator,
      'GET',
      `/services/${routing.serviceId}/integrations/${routing.integrationId}`,
      { key },
    );
    expect(integration.body).toMatchObject({ integration: { integration_key: routing.routingKey } });
  });

  it('updates escalation rules, refusing targets that do not exist', async () => {
    const key = emulator.keys.account;
    const policy = emulator.state.escalationPolicies.all()[1];
    const user = emulator.keys.users[9];
    const rules = [{ escalation_delay_in_minutes: 5, targets: [{ id: user.userId, type: 'user_reference' }] }];
    const updated = await call(emulator, 'PUT', `/escalation_policies/${policy.id}`, {
      key,
      json: { escalation_policy: { escalation_rules: rules } },
    });
    expect(updated.body).toMatchObject({
      escalation_policy: { escalation_rules: [{ escalation_delay_in_minutes: 5, targets: [{ id: user.userId }] }] },
    });
    const bad = await call(emulator, 'PUT', `/escalation_policies/${policy.id}`, {
      key,
      json: {
        escalation_policy: {
          escalation_rules: [
            { escalation_delay_in_minutes: 5, targets: [{ id: 'PGHOST0', type: 'schedule_reference' }] },
          ],
        },
      },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { errors: ['escalation_rules[0].targets[0] references a schedule that does not exist'] } },
    });
  });

  it('creates overrides in bulk, failing only the item whose end is before its start', async () => {
    const key = emulator.keys.account;
    const schedule = emulator.state.schedules.all()[0];
    const user = { id: emulator.keys.users[1].userId, type: 'user_reference' };
    const overrides = [
      { start: '2024-07-01T00:00:00-04:00', end: '2024-07-02T00:00:00-04:00', user, time_zone: 'UTC' },
      { start: '2024-07-05T00:00:00-04:00', end: '2024-07-04T00:00:00-04:00', user, time_zone: 'UTC' },
      { start: '2024-07-03T00:00:00-04:00', end: '2024-07-04T00:00:00-04:00', user, time_zone: 'UTC' },
    ];
    const reply = await call(emulator, 'POST', `/schedules/${schedule.id}/overrides`, { key, json: { overrides } });
    expect(reply.status).toBe(201);
    const items = reply.body as { status: number; override: { id?: string; user: unknown }; errors?: string[] }[];
    expect(items.map((item) => item.status)).toEqual([201, 400, 201]);
    expect(items[1].errors).toEqual(['end must be after start']);
    expect(items[0].override).toMatchObject({ id: expect.any(String), user: { id: user.id, type: 'user_reference' } });
    const listed = await call(
      emulator,
      'GET',
      `/schedules/${schedule.id}/overrides?since=2024-07-01T00:00:00Z&until=2024-08-01T00:00:00Z`,
      { key },
    );
    expect((listed.body as { overrides: unknown[] }).overrides).toHaveLength(2);
  });

  it('adds and lists notes, which show as annotate_log_entry log entries', async () => {
    const user = emulator.keys.users[0];
    const incident = emulator.state.incidents.all()[0];
    const created = await call(emulator, 'POST', `/incidents/${incident.id}/notes`, {
      key: user.key,
      json: { note: { content: 'On it' } },
    });
    expect(created).toMatchObject({ status: 200, body: { note: { content: 'On it', user: { id: user.userId } } } });
    const notes = await call(emulator, 'GET', `/incidents/${incident.id}/notes`, { key: user.key });
    expect(notes.body).toMatchObject({ notes: [{ content: 'On it' }] });
    const entries = (await call(emulator, 'GET', `/incidents/${incident.id}/log_entries`, { key: user.key })).body as {
      log_entries: { type: string }[];
    };
    expect(entries.log_entries.map((entry) => entry.type)).toContain('annotate_log_entry');
  });
});
