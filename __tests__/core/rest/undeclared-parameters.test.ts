/**
 * The narrow escape hatch on the wire: `extraParams` reach the query string (with the `[]`
 * the REST client gives list keys), `extraFields` the entity, through every REST method;
 * a clash with `params`/`json`, or a misspelt option name, is refused before any request;
 * the caller's objects are left as they were.
 */
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { BASE, collect, deepFreeze, makeClient, queryOf } from '../../helpers/test-kit.js';

/** Answers `times` GETs of `path` with `body`, recording each request's query. */
function answerGets(path: string, body: object, times = 1): Record<string, string | string[]>[] {
  const seen: Record<string, string | string[]>[] = [];
  nock(BASE)
    .get((uri) => uri.split('?')[0] === path)
    .times(times)
    .reply(function (uri) {
      seen.push(queryOf(uri));
      return [200, body];
    });
  return seen;
}

/** Answers one `method` of `path` with `body`, recording the JSON body sent. */
function answerBody(method: 'post' | 'put', path: string, body: object): unknown[] {
  const sent: unknown[] = [];
  const scope = nock(BASE);
  scope[method](path).reply(function (_uri, requestBody) {
    sent.push(requestBody);
    return [method === 'post' ? 201 : 200, body];
  });
  return sent;
}

describe('extraParams', () => {
  it('reach the query of rget and jget next to the declared params, lists with []', async () => {
    const seen = answerGets('/incidents/PINC1', { incident: { id: 'PINC1' } }, 2);
    const client = makeClient();
    const params = deepFreeze({ include: ['acknowledgers'] } as const);
    const extraParams = deepFreeze({ beta_view: 'compact', labels: ['a', 'b'] });
    await expect(client.rget('/incidents/PINC1', { params, extraParams })).resolves.toEqual({ id: 'PINC1' });
    await client.jget('/incidents/PINC1', { extraParams: { beta_view: 'full' } });
    expect(seen).toEqual([
      { 'include[]': 'acknowledgers', beta_view: 'compact', 'labels[]': ['a', 'b'] },
      { beta_view: 'full' },
    ]);
    client.close();
  });

  it('go with every page of listAll, iterAll, iterCursor and dictAll', async () => {
    const seen = answerGets('/services', { services: [{ id: 'PS1' }], limit: 100, offset: 0, more: false }, 3);
    const cursorSeen = answerGets('/audit/records', { records: [{ id: 'R1' }], next_cursor: null });
    const client = makeClient();
    await expect(client.listAll('/services', { query: 'web' }, { extraParams: { beta: true } })).resolves.toEqual([
      { id: 'PS1' },
    ]);
    await expect(collect(client.iterAll('/services', {}, { extraParams: { beta: false } }))).resolves.toEqual([
      { id: 'PS1' },
    ]);
    await expect(client.dictAll('/services', { extraParams: { beta: 1 } })).resolves.toEqual({ PS1: { id: 'PS1' } });
    await expect(collect(client.iterCursor('/audit/records', {}, { extraParams: { beta: 2 } }))).resolves.toEqual([
      { id: 'R1' },
    ]);
    expect(seen.map((query) => [query.query, query.beta])).toEqual([
      ['web', 'true'],
      [undefined, 'false'],
      [undefined, '1'],
    ]);
    expect(seen[0]).toMatchObject({ limit: '100', offset: '0' });
    expect(cursorSeen[0]).toMatchObject({ beta: '2' });
    client.close();
  });

  it('go with every page find reads, next to its query', async () => {
    const seen = answerGets('/services', {
      services: [{ id: 'PS1', name: 'Web' }],
      limit: 100,
      offset: 0,
      more: false,
    });
    const client = makeClient();
    await expect(
      client.find('/services', 'web', { params: { include: ['teams'] }, extraParams: { beta: 'x' } }),
    ).resolves.toEqual({ id: 'PS1', name: 'Web' });
    expect(seen).toEqual([{ 'include[]': 'teams', query: 'web', beta: 'x', limit: '100', offset: '0' }]);
    await expect(client.find('/services', 'web', { extraParams: { query: 'other' } })).rejects.toThrow(
      /find: query parameter "query" is in both/,
    );
    client.close();
  });

  it('go with the request of getTotal', async () => {
    const seen = answerGets('/incidents', { incidents: [], limit: 1, offset: 0, more: true, total: 42 });
    const client = makeClient();
    await expect(
      client.getTotal('/incidents', { statuses: ['triggered'] }, { extraParams: { beta: 'x' } }),
    ).resolves.toBe(42);
    expect(seen).toEqual([expect.objectContaining({ 'statuses[]': 'triggered', beta: 'x', total: 'true' })]);
    await expect(
      client.getTotal('/incidents', { statuses: ['triggered'] }, { extraParams: { statuses: ['resolved'] } }),
    ).rejects.toThrow(/getTotal: query parameter "statuses" is in both/);
    client.close();
  });

  it('go with every window of iterHistory', async () => {
    const seen = answerGets(
      '/log_entries',
      { log_entries: [{ id: 'L1' }], limit: 100, offset: 0, more: false, total: 1 },
      2,
    );
    const client = makeClient();
    const since = new Date('2026-01-01T00:00:00Z');
    const entries = await collect(
      client.iterHistory(
        '/log_entries',
        since,
        new Date('2026-01-02T00:00:00Z'),
        { is_overview: true },
        { extraParams: { beta: 'x' } },
      ),
    );
    expect(entries).toEqual([{ id: 'L1' }]);
    expect(seen).toHaveLength(2); // the window's count, then its page
    for (const query of seen)
      expect(query).toMatchObject({ is_overview: 'true', beta: 'x', since: since.toISOString() });
    client.close();
  });

  it('reach the low-level methods too', async () => {
    const seen = answerGets('/users', { users: [] });
    const client = makeClient();
    await client.get('/users', { params: { limit: 1 }, extraParams: { beta: 'x' } });
    expect(seen).toEqual([{ limit: '1', beta: 'x' }]);
    client.close();
  });

  it('clashing with params is refused before any request, by every method', async () => {
    const client = makeClient();
    const clash = /query parameter "limit" is in both params/;
    await expect(client.jget('/users', { params: { limit: 1 }, extraParams: { limit: 2 } })).rejects.toThrow(clash);
    await expect(client.listAll('/users', { limit: 1 }, { extraParams: { limit: 2 } })).rejects.toThrow(
      /listAll: query parameter "limit"/,
    );
    expect(() =>
      client.iterAll('/users', { 'statuses[]': ['a'] } as never, { extraParams: { statuses: ['b'] } }),
    ).toThrow(/iterAll: query parameter "statuses"/);
    expect(nock.pendingMocks()).toEqual([]);
    client.close();
  });

  it('a misspelt name is refused with the right one named', async () => {
    const client = makeClient();
    const asAny = client as unknown as Record<string, (...args: unknown[]) => unknown>;
    await expect(asAny.rget.call(client, '/users/P1', { extraParam: { a: 1 } })).rejects.toThrow(
      new TypeError('unknown request option "extraParam"; did you mean extraParams?'),
    );
    await expect(asAny.listAll.call(client, '/users', {}, { extraParam: { a: 1 } })).rejects.toThrow(
      /unknown listAll option "extraParam"; did you mean extraParams\?/,
    );
    client.close();
  });
});

describe('extraFields', () => {
  it("go into the entity of rpost and rput, inside its wrapper, the caller's objects unchanged", async () => {
    const posted = answerBody('post', '/services', { service: { id: 'PS1' } });
    const put = answerBody('put', '/services/PS1', { service: { id: 'PS1' } });
    const client = makeClient();
    const json = deepFreeze({
      type: 'service',
      name: 'Web',
      escalation_policy: { id: 'PEP1', type: 'escalation_policy_reference' },
    } as const);
    const extraFields = deepFreeze({ beta_flag: true });
    await expect(client.rpost('/services', { json, extraFields })).resolves.toEqual({ id: 'PS1' });
    await client.rput('/services/PS1', { json: { service: { ...json } }, extraFields });
    expect(posted).toEqual([{ service: { ...json, beta_flag: true } }]);
    expect(put).toEqual([{ service: { ...json, beta_flag: true } }]);
    client.close();
  });

  it('go at the top of a j-method body', async () => {
    const posted = answerBody('post', '/incidents/PINC1/notes', { note: { id: 'N1' } });
    const client = makeClient();
    await client.jpost('/incidents/PINC1/notes', { json: { note: { content: 'hi' } }, extraFields: { beta: 1 } });
    expect(posted).toEqual([{ note: { content: 'hi' }, beta: 1 }]);
    client.close();
  });

  it('are refused on a GET, on a list body and when a field is in both, before any request', async () => {
    const client = makeClient();
    await expect(client.rget('/users/P1', { extraFields: { a: 1 } })).rejects.toThrow(
      /a GET request has no body, but `extraFields` was given/,
    );
    await expect(
      client.rput('/incidents', {
        json: [{ id: 'P1', type: 'incident_reference', status: 'resolved' }],
        extraFields: { a: 1 },
      }),
    ).rejects.toThrow(/json is a list/);
    await expect(
      client.jput('/users/P1', {
        json: { user: { type: 'user', name: 'A', email: 'a@example.com' } },
        extraFields: { user: {} },
      }),
    ).rejects.toThrow(/body field "user" is in both/);
    expect(nock.pendingMocks()).toEqual([]);
    client.close();
  });
});
