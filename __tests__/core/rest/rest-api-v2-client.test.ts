import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpError, HttpServerError, UrlError } from '../../../src/index.js';
import type { BulkOverrideResult, Incident, IncidentUpdate } from '../../../src/index.js';
import { API_KEY, BASE, makeClient, queryOf, recordingLogger } from '../../helpers/test-kit.js';

const EU = 'https://api.eu.pagerduty.com';

/** Captures the headers of one GET /users/me and answers it. */
function captureHeaders(base = BASE) {
  const seen: Record<string, string>[] = [];
  nock(base)
    .get('/users/me')
    .times(3)
    .reply(function () {
      seen.push({ ...this.req.headers });
      return [200, { user: { id: 'PME' } }];
    });
  return seen;
}

describe('construction and headers', () => {
  it('uses the US base URL, the v2 Accept header and the token by default', async () => {
    const seen = captureHeaders();
    const client = makeClient();
    expect(client.url).toBe(BASE);
    await client.rget('/users/me');
    expect(seen[0].accept).toBe('application/vnd.pagerduty+json;version=2');
    expect(seen[0].authorization).toBe(`Token token=${API_KEY}`);
    expect(seen[0]['user-agent']).toMatch(/^pagerduty-client\//);
    expect(seen[0].from).toBeUndefined();
    client.close();
  });

  it("sends requests to the EU host with region: 'eu'", async () => {
    const seen = captureHeaders(EU);
    const client = makeClient({ region: 'eu' });
    expect(client.url).toBe(EU);
    await expect(client.rget('/users/me')).resolves.toEqual({ id: 'PME' });
    expect(seen).toHaveLength(1);
    client.close();
  });

  it('lets baseUrl win over region, and refuses an unknown region', () => {
    const client = makeClient({ region: 'eu', baseUrl: 'https://api.example.test' });
    expect(client.url).toBe('https://api.example.test');
    client.close();
    expect(() => makeClient({ region: 'mars' as 'eu' })).toThrow(TypeError);
  });

  it('sends a bearer token with authType oauth2', async () => {
    const seen = captureHeaders();
    const client = makeClient({ authType: 'oauth2' }, 'oauth-token-1234');
    await client.rget('/users/me');
    expect(seen[0].authorization).toBe('Bearer oauth-token-1234');
    client.close();
  });

  it('sends From from defaultFrom, read at request time, and lets a per-request header win', async () => {
    const seen = captureHeaders();
    const client = makeClient({ defaultFrom: 'first@example.com' });
    await client.rget('/users/me');
    client.defaultFrom = 'second@example.com';
    await client.rget('/users/me');
    await client.rget('/users/me', { headers: { From: 'override@example.com' } });
    expect(seen.map((h) => h.from)).toEqual(['first@example.com', 'second@example.com', 'override@example.com']);
    client.close();
  });
});

describe('endpoints the specification shows', () => {
  it('multi-updates incidents with rput and a list of references, with From', async () => {
    const wire = [
      { id: 'PINC1', type: 'incident_reference' as const, status: 'acknowledged' as const },
      { id: 'PINC2', type: 'incident_reference' as const, status: 'resolved' as const },
    ];
    const refs: IncidentUpdate[] = wire;
    let from: string | undefined;
    nock(BASE)
      .put('/incidents', { incidents: wire })
      .reply(function (_uri, body) {
        from = this.req.headers.from;
        const sent = (body as { incidents: IncidentUpdate[] }).incidents;
        return [200, { incidents: sent.map((r) => ({ id: r.id, type: 'incident', status: r.status })) }];
      });
    const client = makeClient({ defaultFrom: 'oncall@example.com' });
    const updated = await client.rput<Incident[]>('incidents', { json: refs });
    expect(updated.map((i) => [i.id, i.status])).toEqual([
      ['PINC1', 'acknowledged'],
      ['PINC2', 'resolved'],
    ]);
    expect(from).toBe('oncall@example.com');
    expect(refs[0]).toEqual({ id: 'PINC1', type: 'incident_reference', status: 'acknowledged' });
    client.close();
  });

  it('multi-updates priorities the same way, with a per-request From', async () => {
    let from: string | undefined;
    nock(BASE)
      .put('/priorities', { priorities: [{ id: 'PR1', type: 'priority_reference', name: 'P1' }] })
      .reply(function () {
        from = this.req.headers.from;
        return [200, { priorities: [{ id: 'PR1', name: 'P1' }] }];
      });
    const client = makeClient();
    const result = await client.rput('/priorities', {
      json: [{ id: 'PR1', type: 'priority_reference', name: 'P1' }],
      headers: { From: 'admin@example.com' },
    });
    expect(result).toEqual([{ id: 'PR1', name: 'P1' }]);
    expect(from).toBe('admin@example.com');
    client.close();
  });

  it('creates overrides in bulk and keeps the status and errors of a failed item', async () => {
    const overrides = [
      {
        start: '2024-01-01T00:00:00-05:00',
        end: '2024-01-02T00:00:00-05:00',
        user: { id: 'U1', type: 'user_reference' as const },
        time_zone: 'America/New_York',
      },
      {
        start: '2024-01-03T00:00:00-05:00',
        end: '2024-01-02T00:00:00-05:00',
        user: { id: 'U2', type: 'user_reference' as const },
      },
    ];
    const answer: BulkOverrideResult[] = [
      { status: 201, override: { ...overrides[0], id: 'O1' } },
      { status: 400, override: overrides[1], errors: ['Override must end after its start'] },
    ];
    nock(BASE).post('/schedules/PSCH1/overrides', { overrides }).reply(201, answer);
    const client = makeClient();
    const results = await client.rpost<BulkOverrideResult[]>('/schedules/PSCH1/overrides', { json: overrides });
    expect(results).toEqual(answer);
    expect(results.filter((r) => (r.status ?? 0) >= 400).map((r) => r.errors)).toEqual([
      ['Override must end after its start'],
    ]);
    client.close();
  });

  it('subscribes to a business service: request wrapped in subscribers, response in subscriptions', async () => {
    const subscribers = [{ subscriber_id: 'U1', subscriber_type: 'user' as const }];
    nock(BASE)
      .post('/business_services/PBS1/subscribers', { subscribers })
      .reply(200, { subscriptions: [{ ...subscribers[0], result: 'success' }] });
    const client = makeClient();
    await expect(client.rpost('/business_services/PBS1/subscribers', { json: subscribers })).resolves.toEqual([
      { ...subscribers[0], result: 'success' },
    ]);
    client.close();
  });

  it('posts a status update unwrapped and unwraps status_update from the response', async () => {
    nock(BASE)
      .post('/incidents/PINC1/status_updates', { message: 'Working on it' })
      .reply(200, { status_update: { id: 'SU1', message: 'Working on it' } });
    const client = makeClient();
    await expect(
      client.rpost('/incidents/PINC1/status_updates', { json: { message: 'Working on it' } }),
    ).resolves.toEqual({ id: 'SU1', message: 'Working on it' });
    client.close();
  });

  it('updates an escalation policy through its wrapper', async () => {
    const rules = [{ escalation_delay_in_minutes: 30, targets: [{ id: 'PSCH1', type: 'schedule_reference' }] }];
    nock(BASE)
      .put('/escalation_policies/PEP1', { escalation_policy: { escalation_rules: rules } })
      .reply(200, { escalation_policy: { id: 'PEP1', type: 'escalation_policy', escalation_rules: rules } });
    const client = makeClient();
    const policy = await client.rput<{ escalation_rules: unknown[] }>('/escalation_policies/PEP1', {
      json: { escalation_rules: rules },
    });
    expect(policy.escalation_rules).toEqual(rules);
    client.close();
  });
});

describe('find and persist', () => {
  it('find sends query and returns the case-insensitive exact match, or null', async () => {
    const queries: Record<string, string | string[]>[] = [];
    nock(BASE)
      .get('/users')
      .query(true)
      .times(2)
      .reply(function (uri) {
        queries.push(queryOf(uri));
        return [
          200,
          {
            users: [
              { id: 'P1', email: 'ann.b@example.com' },
              { id: 'P2', email: 'Ann@Example.com' },
            ],
            more: false,
          },
        ];
      });
    const client = makeClient();
    await expect(
      client.find('/users', 'ann@example.com', { attribute: 'email', params: { include: ['teams'] } }),
    ).resolves.toEqual({ id: 'P2', email: 'Ann@Example.com' });
    await expect(client.find('/users', 'nobody@example.com', { attribute: 'email' })).resolves.toBeNull();
    expect(queries[0]).toEqual({ 'include[]': 'teams', query: 'ann@example.com', limit: '100', offset: '0' });
    client.close();
  });

  it('persist creates the resource when none matches', async () => {
    nock(BASE).get('/teams').query(true).reply(200, { teams: [], more: false });
    nock(BASE)
      .post('/teams', { team: { name: 'Ops' } })
      .reply(201, { team: { id: 'T1', name: 'Ops' } });
    const client = makeClient();
    await expect(client.persist('/teams', 'name', { name: 'Ops' })).resolves.toEqual({ id: 'T1', name: 'Ops' });
    client.close();
  });

  it('persist returns an existing resource unchanged without update, even when it differs', async () => {
    const existing = { id: 'T1', name: 'Ops', description: 'old', self: `${BASE}/teams/T1` };
    const scope = nock(BASE)
      .get('/teams')
      .query(true)
      .reply(200, { teams: [existing], more: false });
    const client = makeClient();
    await expect(client.persist('/teams', 'name', { name: 'ops', description: 'new' })).resolves.toEqual(existing);
    expect(scope.isDone()).toBe(true);
    client.close();
  });

  it('persist with update puts the found record, values over it, to self only when a field differs', async () => {
    const existing = { id: 'T1', name: 'Ops', description: 'old', self: `${BASE}/teams/T1` };
    nock(BASE)
      .get('/teams')
      .query(true)
      .times(2)
      .reply(200, { teams: [existing], more: false });
    // As both predecessors: existing.update(values), then rput(existing, json=existing).
    nock(BASE)
      .put('/teams/T1', { team: { ...existing, description: 'new' } })
      .reply(200, { team: { ...existing, description: 'new' } });
    const client = makeClient();
    await expect(
      client.persist('/teams', 'name', { name: 'Ops', description: 'new' }, { update: true }),
    ).resolves.toMatchObject({ description: 'new' });
    // Same values: no PUT (nock would refuse an unexpected one).
    await expect(
      client.persist('/teams', 'name', { name: 'Ops', description: 'old' }, { update: true }),
    ).resolves.toEqual(existing);
    client.close();
  });

  it('persist refuses values without the attribute', async () => {
    const client = makeClient();
    await expect(client.persist('/teams', 'name', { description: 'x' })).rejects.toThrow(UrlError);
    client.close();
  });
});

describe('account introspection', () => {
  it("apiKeyAccess is 'user' when /users/me answers, and memoised", async () => {
    const scope = nock(BASE)
      .get('/users/me')
      .once()
      .reply(200, { user: { id: 'P1' } });
    const client = makeClient();
    await expect(client.apiKeyAccess()).resolves.toBe('user');
    await expect(client.apiKeyAccess()).resolves.toBe('user');
    expect(scope.isDone()).toBe(true);
    client.close();
  });

  it("apiKeyAccess is 'account' on the account-level 400", async () => {
    nock(BASE)
      .get('/users/me')
      .reply(400, {
        error: {
          code: 2100,
          message:
            'Because this request was made using an account-level access token, we were unable to determine the user.',
        },
      });
    const client = makeClient();
    await expect(client.apiKeyAccess()).resolves.toBe('account');
    client.close();
  });

  it('apiKeyAccess is null (and not memoised) for any other answer', async () => {
    nock(BASE)
      .get('/users/me')
      .reply(403, { error: { message: 'Forbidden' } });
    nock(BASE)
      .get('/users/me')
      .reply(200, { user: { id: 'P1' } });
    const logger = recordingLogger();
    const client = makeClient({ logger });
    await expect(client.apiKeyAccess()).resolves.toBeNull();
    expect(logger.lines.error).toHaveLength(1);
    await expect(client.apiKeyAccess()).resolves.toBe('user');
    client.close();
  });

  it('accountHasAbility: 204 true, 402 false, anything else an HttpError', async () => {
    nock(BASE).get('/abilities/teams').reply(204);
    nock(BASE).get('/abilities/urgencies').reply(402, { error: 'Payment Required' });
    nock(BASE).get('/abilities/nonsense').reply(404, { error: 'Not Found' });
    const client = makeClient();
    await expect(client.accountHasAbility('teams')).resolves.toBe(true);
    await expect(client.accountHasAbility('urgencies')).resolves.toBe(false);
    await expect(client.accountHasAbility('nonsense')).rejects.toBeInstanceOf(HttpError);
    client.close();
  });

  it("subdomain comes from the first user's html_url, memoised", async () => {
    let query: Record<string, string | string[]> = {};
    const scope = nock(BASE)
      .get('/users')
      .query(true)
      .once()
      .reply(function (uri) {
        query = queryOf(uri);
        return [200, { users: [{ id: 'P1', html_url: 'https://acme.pagerduty.com/users/P1' }], more: true }];
      });
    const client = makeClient();
    await expect(client.subdomain()).resolves.toBe('acme');
    await expect(client.subdomain()).resolves.toBe('acme');
    expect(query).toEqual({ limit: '1' });
    expect(scope.isDone()).toBe(true);
    client.close();
  });

  it('subdomain fails with HttpServerError when there is no user to read it from', async () => {
    nock(BASE).get('/users').query(true).reply(200, { users: [], more: false });
    const client = makeClient();
    await expect(client.subdomain()).rejects.toBeInstanceOf(HttpServerError);
    client.close();
  });
});
