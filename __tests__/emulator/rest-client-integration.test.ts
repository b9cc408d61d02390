import { seams } from '../helpers/test-kit.js';
/**
 * The REST client against the emulator over real HTTP: pagination to the 10,000 ceiling,
 * iterHistory past it, multi-updates with and without From for both key kinds, and
 * retries through injected faults with nothing lost or duplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HttpError } from '../../src/core/errors/error-classes.js';
import { RestApiV2Client } from '../../src/core/rest/rest-api-v2-client.js';
import type { RestApiV2ClientOptions } from '../../src/core/rest/rest-options.js';
import { startEmulator, type Emulator } from '../../src/emulator/index.js';
import { instantSleep, makeClient, realSockets, recordingLogger } from '../helpers/test-kit.js';

// Real sockets: nock's interception of each loopback request costs more than the emulator's answer.
beforeAll(realSockets);

interface Item {
  id: string;
  status?: string;
}

describe('RestApiV2Client against the emulator, past 10,000 records', () => {
  let emulator: Emulator;
  let client: RestApiV2Client;
  let logger: ReturnType<typeof recordingLogger>;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 10_050, seedIncidents: 12_000, seedIncidentSpacing: 60 });
    logger = recordingLogger();
    client = makeClient({ baseUrl: emulator.url, logger }, emulator.keys.account);
  });
  afterAll(async () => {
    client.close();
    await emulator.close();
  });

  it('pages users up to the 10,000 ceiling without a single 400, then warns', async () => {
    emulator.clearRequests();
    const users = await client.listAll<Item>('users');
    expect(users).toHaveLength(10_000);
    expect(new Set(users.map((user) => user.id)).size).toBe(10_000);
    expect(users.map((user) => user.id)).toEqual(
      emulator.state.users
        .all()
        .slice(0, 10_000)
        .map((user) => user.id),
    );
    const requests = emulator.requests;
    expect(requests).toHaveLength(100);
    expect(requests.every((request) => request.status === 200)).toBe(true);
    expect(requests.at(-1)?.query).toContain('offset=9900');
    expect(logger.lines.warn.some((warning) => warning.includes('iterHistory'))).toBe(true);
  });

  it('meets a 400 Invalid Request from the emulator when asked past the ceiling', async () => {
    const failure = await client
      .jget('users', { params: { limit: 100, offset: 9901 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(400);
    expect((failure as HttpError).body).toContain('Invalid Request');
  });

  it('iterHistory reads all 12,000 incidents, each exactly once', async () => {
    emulator.clearRequests();
    const since = new Date('2024-01-01T00:00:00Z');
    const until = new Date('2024-01-10T00:00:00Z');
    const ids: string[] = [];
    for await (const incident of client.iterHistory<Item>('incidents', since, until)) ids.push(incident.id);
    expect(ids).toHaveLength(12_000);
    expect(new Set(ids)).toEqual(new Set(emulator.state.incidents.all().map((incident) => incident.id)));
    expect(emulator.requests.every((request) => request.status === 200)).toBe(true);
  });

  it('getTotal counts with total=true', async () => {
    expect(await client.getTotal('incidents', { statuses: ['triggered', 'acknowledged', 'resolved'] })).toBe(12_000);
  });
});

describe('RestApiV2Client multi-updates against the emulator', () => {
  let emulator: Emulator;
  const clients: RestApiV2Client[] = [];
  const make = (key: string, options: RestApiV2ClientOptions = {}): RestApiV2Client => {
    const client = makeClient({ baseUrl: emulator.url, ...options }, key);
    clients.push(client);
    return client;
  };
  const triggered = (count: number): { id: string; type: 'incident_reference' }[] =>
    emulator.state.incidents
      .all()
      .filter((incident) => incident.status === 'triggered')
      .slice(0, count)
      .map((incident) => ({ id: incident.id, type: 'incident_reference' as const }));

  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 80 });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await emulator.close();
  });

  it('tells an account-level key from a user-scoped one', async () => {
    expect(await make(emulator.keys.account).apiKeyAccess()).toBe('account');
    expect(await make(emulator.keys.users[0].key).apiKeyAccess()).toBe('user');
    expect(await make(emulator.keys.users[0].key, { authType: 'bearer' }).apiKeyAccess()).toBe('user');
  });

  it('refuses an account-level key without From: HttpError 400 with code 2016, nothing changed', async () => {
    const refs = triggered(2);
    const failure = await make(emulator.keys.account)
      .rput('incidents', { json: refs.map((ref) => ({ ...ref, status: 'acknowledged' as const })) })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(400);
    expect((failure as HttpError).body).toContain('2016');
    expect(refs.every((ref) => emulator.state.incidents.get(ref.id)?.status === 'triggered')).toBe(true);
  });

  it('acknowledges with an account-level key and defaultFrom, as that user', async () => {
    const user = emulator.keys.users[2];
    const refs = triggered(3);
    const json = refs.map((ref) => ({ ...ref, status: 'acknowledged' }));
    const before = JSON.stringify(json);
    const updated = await make(emulator.keys.account, { defaultFrom: user.email }).rput<Item[]>('incidents', { json });
    expect(JSON.stringify(json)).toBe(before);
    expect(updated.map((incident) => [incident.id, incident.status])).toEqual(
      refs.map((ref) => [ref.id, 'acknowledged']),
    );
    expect(refs.every((ref) => emulator.state.incidents.get(ref.id)?.last_status_change_by.id === user.userId)).toBe(
      true,
    );
  });

  it('resolves with a user-scoped key without From, and with From ignored', async () => {
    const owner = emulator.keys.users[1];
    const [first, second] = triggered(2);
    const withoutFrom = await make(owner.key).rput<Item[]>('incidents', { json: [{ ...first, status: 'resolved' }] });
    expect(withoutFrom[0]).toMatchObject({ id: first.id, status: 'resolved' });
    const withFrom = await make(owner.key, { defaultFrom: emulator.keys.users[3].email }).rput<Item[]>('incidents', {
      json: [{ ...second, status: 'resolved' }],
    });
    expect(withFrom[0]).toMatchObject({ id: second.id, status: 'resolved' });
    expect(emulator.state.incidents.get(second.id)?.last_status_change_by.id).toBe(owner.userId);
  });

  it('updates one incident through rput on its URL', async () => {
    const [ref] = triggered(1);
    const updated = await make(emulator.keys.users[0].key).rput<Item>(`incidents/${ref.id}`, {
      json: { type: 'incident_reference', status: 'acknowledged' },
    });
    expect(updated).toMatchObject({ id: ref.id, status: 'acknowledged' });
  });

  it('adds a note with rpost and finds it with iterIncidentNotes', async () => {
    const user = emulator.keys.users[4];
    const incident = emulator.state.incidents.all()[5];
    const client = make(user.key);
    const note = await client.rpost<{ content: string }>(`incidents/${incident.id}/notes`, {
      json: { content: 'Paged the database team' },
    });
    expect(note.content).toBe('Paged the database team');
    const notes: { incident: { id: string }; channel: { summary?: string } }[] = [];
    for await (const entry of client.iterIncidentNotes()) notes.push(entry as unknown as (typeof notes)[number]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ incident: { id: incident.id }, channel: { summary: 'Paged the database team' } });
  });

  it('checks abilities and reads the subdomain', async () => {
    const client = make(emulator.keys.account);
    expect(await client.accountHasAbility('teams')).toBe(true);
    expect(await client.accountHasAbility('no_such_ability')).toBe(false);
    expect(await client.subdomain()).toBe('emulator');
  });

  it('walks the cursor-paginated audit trail with iterAll', async () => {
    const ids: string[] = [];
    for await (const record of make(emulator.keys.account).iterAll<Item>('audit/records')) ids.push(record.id);
    expect(ids).toHaveLength(emulator.state.auditRecords.size);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('RestApiV2Client retries against injected faults', () => {
  let emulator: Emulator;
  let client: RestApiV2Client;
  beforeAll(async () => {
    emulator = await startEmulator({ seedUsers: 450, seedIncidents: 60 });
    client = new RestApiV2Client(emulator.keys.account, {
      baseUrl: emulator.url,
      ...seams({ sleep: instantSleep }),
      retry: { 500: 3, 503: 3 },
      defaultFrom: emulator.keys.users[0].email,
    });
  });
  afterAll(async () => {
    client.close();
    await emulator.close();
  });

  const expectAllUsersOnce = (users: Item[]): void => {
    expect(users.map((user) => user.id)).toEqual(emulator.state.users.all().map((user) => user.id));
  };

  it('gets through every third request answering 429', async () => {
    emulator.faults = { rateLimit: { everyNth: 3, retryAfter: 1 } };
    emulator.clearRequests();
    expectAllUsersOnce(await client.listAll<Item>('users'));
    expect(emulator.requests.filter((request) => request.status === 429).length).toBeGreaterThan(0);
    expect(emulator.faultCounters.rateLimit.fired).toBe(
      emulator.requests.filter((request) => request.status === 429).length,
    );
  });

  it('gets through 5xx answers', async () => {
    emulator.faults = { serverError: { everyNth: 2, status: 503 } };
    emulator.clearRequests();
    expectAllUsersOnce(await client.listAll<Item>('users'));
    expect(emulator.requests.filter((request) => request.status === 503)).toHaveLength(
      emulator.faultCounters.serverError.fired,
    );
    expect(emulator.faultCounters.serverError.fired).toBeGreaterThanOrEqual(4);
  });

  it('gets through dropped connections', async () => {
    emulator.faults = { dropConnection: { everyNth: 3 } };
    emulator.clearRequests();
    expectAllUsersOnce(await client.listAll<Item>('users'));
    expect(emulator.requests.filter((request) => request.status === 'dropped').length).toBeGreaterThan(0);
  });

  it('applies a multi-update exactly once through a drop, a 429 and a 500', async () => {
    emulator.faults = {
      dropConnection: { next: 1 },
      rateLimit: { next: 1 },
      serverError: { next: 1 },
      pathPrefix: '/incidents',
    };
    const refs = emulator.state.incidents
      .all()
      .filter((incident) => incident.status === 'triggered')
      .slice(0, 4)
      .map((incident) => ({ id: incident.id, type: 'incident_reference', status: 'acknowledged' }));
    const updated = await client.rput<Item[]>('incidents', { json: refs });
    expect(updated.map((incident) => incident.status)).toEqual([
      'acknowledged',
      'acknowledged',
      'acknowledged',
      'acknowledged',
    ]);
    expect(emulator.faultCounters).toMatchObject({
      dropConnection: { fired: 1 },
      rateLimit: { fired: 1 },
      serverError: { fired: 1 },
    });
    for (const ref of refs) {
      expect(emulator.state.incidents.get(ref.id)?.acknowledgements).toHaveLength(1);
      const acks = emulator.state.logEntries
        .all()
        .filter((entry) => entry.incident.id === ref.id && entry.type === 'acknowledge_log_entry');
      expect(acks).toHaveLength(1);
    }
  });
});
