/**
 * The paging decisions for indexes whose description leaves something out (issue 12), over
 * nock: a next_cursor answered without a declared cursor parameter is followed; an index
 * without `more` is read until a page comes back short; a list the API answers whole is one
 * request; no `limit` above an endpoint's maximum is ever sent.
 */
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { BASE, makeClient, queryOf, recordingLogger, records } from '../../helpers/test-kit.js';

/** Serves `items` by cursor (c1, c2, ...) in pages of `size`, recording each query. */
function cursorIndex(path: string, key: string, items: unknown[], size: number) {
  const queries: Record<string, string | string[]>[] = [];
  nock(BASE)
    .get(path)
    .query(true)
    .times(Math.ceil(items.length / size))
    .reply((uri) => {
      const query = queryOf(uri);
      queries.push(query);
      const page = Number(String(query.cursor ?? 'c0').slice(1));
      const next = (page + 1) * size < items.length ? `c${page + 1}` : null;
      return [200, { [key]: items.slice(page * size, (page + 1) * size), limit: size, next_cursor: next }];
    });
  return queries;
}

/** Serves `items` by limit/offset without any `more` (as /change_events documents), recording each query. */
function moreLessIndex(
  path: string,
  key: string,
  items: unknown[],
  times: number,
  extra: (offset: number) => object = () => ({}),
) {
  const queries: Record<string, string | string[]>[] = [];
  nock(BASE)
    .get(path)
    .query(true)
    .times(times)
    .reply((uri) => {
      const query = queryOf(uri);
      queries.push(query);
      const offset = Number(query.offset);
      return [200, { [key]: items.slice(offset, offset + Number(query.limit)), ...extra(offset) }];
    });
  return queries;
}

describe('an index that answers next_cursor without declaring a cursor parameter', () => {
  it.each([
    ['/status_dashboards', 'status_dashboards'],
    ['/incidents/PI1/business_services/impacts', 'services'],
  ])('%s is paged by following next_cursor, so nothing is lost', async (path, key) => {
    const items = records(7, 'D');
    const queries = cursorIndex(path, key, items, 3);
    const client = makeClient();
    await expect(client.listAll(path)).resolves.toEqual(items);
    // No limit is declared, so none is sent; the cursor of each answer is sent back.
    expect(queries).toEqual([{}, { cursor: 'c1' }, { cursor: 'c2' }]);
    client.close();
  });

  it('iterCursor accepts it too', async () => {
    const items = records(2, 'D');
    cursorIndex('/status_dashboards', 'status_dashboards', items, 5);
    const client = makeClient();
    const got: unknown[] = [];
    for await (const item of client.iterCursor('/status_dashboards')) got.push(item);
    expect(got).toEqual(items);
    client.close();
  });
});

describe('an index that declares limit/offset but no more', () => {
  it.each([
    ['/change_events', 'change_events'],
    ['/services/PS1/change_events', 'change_events'],
  ])('%s is read while pages come back full, without a warning', async (path, key) => {
    const items = records(5, 'C');
    const queries = moreLessIndex(path, key, items, 3);
    const log = recordingLogger();
    const client = makeClient({ logger: log });
    await expect(client.listAll(path, {}, { pageSize: 2 })).resolves.toEqual(items);
    expect(queries.map((q) => [q.limit, q.offset])).toEqual([
      ['2', '0'],
      ['2', '2'],
      ['2', '4'],
    ]);
    expect(log.lines.warn).toEqual([]);
    client.close();
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const items = records(4, 'C');
    const queries = moreLessIndex('/change_events', 'change_events', items, 3);
    const client = makeClient();
    await expect(client.listAll('/change_events', {}, { pageSize: 2 })).resolves.toEqual(items);
    expect(queries.map((q) => q.offset)).toEqual(['0', '2', '4']);
    client.close();
  });

  it('stops at a reported total without the extra request', async () => {
    const items = records(4, 'C');
    const queries = moreLessIndex('/change_events', 'change_events', items, 2, () => ({ total: 4 }));
    const client = makeClient();
    await expect(client.listAll('/change_events', {}, { pageSize: 2, total: true })).resolves.toEqual(items);
    expect(queries).toHaveLength(2);
    client.close();
  });

  it('follows more when the answer carries it after all', async () => {
    const items = records(4, 'C');
    const queries = moreLessIndex('/change_events', 'change_events', items, 2, (offset) => ({ more: offset + 2 < 4 }));
    const client = makeClient();
    await expect(client.listAll('/change_events', {}, { pageSize: 2 })).resolves.toEqual(items);
    expect(queries).toHaveLength(2);
    client.close();
  });
});

describe('an index that declares more but answers without it', () => {
  it('reads the first page only, with a warning (the answer is not what the description says)', async () => {
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(200, { users: records(2) });
    const log = recordingLogger();
    const client = makeClient({ logger: log });
    await expect(client.listAll('/users', {}, { pageSize: 2 })).resolves.toHaveLength(2);
    expect(log.lines.warn.join('\n')).toContain('has no "more" property');
    client.close();
  });
});

describe('a list the API answers whole', () => {
  it('is one request with no paging parameters (GET /abilities)', async () => {
    let query: Record<string, string | string[]> | undefined;
    nock(BASE)
      .get('/abilities')
      .query(true)
      .reply((uri) => {
        query = queryOf(uri);
        return [200, { abilities: ['teams', 'sso'] }];
      });
    const client = makeClient();
    await expect(client.listAll('/abilities')).resolves.toEqual(['teams', 'sso']);
    expect(query).toEqual({});
    client.close();
  });

  it('sends the page size as limit where the index takes one, and warns when the answer is a full page', async () => {
    let query: Record<string, string | string[]> | undefined;
    nock(BASE)
      .get('/sre_agent/memories')
      .query(true)
      .reply((uri) => {
        query = queryOf(uri);
        return [200, { memories: records(3, 'M') }];
      });
    const log = recordingLogger();
    const client = makeClient({ logger: log });
    await expect(client.listAll('/sre_agent/memories', { service_id: 'PS1' }, { pageSize: 3 })).resolves.toHaveLength(
      3,
    );
    expect(query).toEqual({ limit: '3', service_id: 'PS1' });
    expect(log.lines.warn.join('\n')).toContain('has no way to ask for the next one');
    client.close();
  });

  it('refuses a path that is no index before any request', async () => {
    const client = makeClient();
    await expect(client.listAll('/users/me')).rejects.toThrow('GET /users/me answers no list');
    client.close();
  });
});

describe('the maximum page size of an endpoint', () => {
  it('caps the default page size: /recommendations/event_orchestrations/rules takes at most 50', async () => {
    const queries = cursorIndex(
      '/recommendations/event_orchestrations/rules',
      'recommended_rules',
      records(60, 'R'),
      50,
    );
    const log = recordingLogger();
    const client = makeClient({ logger: log });
    await expect(client.listAll('/recommendations/event_orchestrations/rules')).resolves.toHaveLength(60);
    expect(queries.map((q) => q.limit)).toEqual(['50', '50']);
    expect(log.lines.warn).toEqual([]);
    client.close();
  });

  it('lowers a larger pageSize or limit parameter to it, with a warning naming the endpoint', async () => {
    const first = cursorIndex('/recommendations/event_orchestrations/rules', 'recommended_rules', records(10, 'R'), 50);
    const second = cursorIndex(
      '/recommendations/event_orchestrations/rules',
      'recommended_rules',
      records(10, 'R'),
      50,
    );
    const log = recordingLogger();
    const client = makeClient({ logger: log });
    const params = Object.freeze({ limit: 80 });
    await client.listAll('/recommendations/event_orchestrations/rules', {}, { pageSize: 100 });
    await client.listAll('/recommendations/event_orchestrations/rules', params);
    expect([...first, ...second].map((q) => q.limit)).toEqual(['50', '50']);
    expect(params).toEqual({ limit: 80 });
    expect(log.lines.warn).toEqual([
      'pageSize 100 is above the largest page GET /recommendations/event_orchestrations/rules accepts (50): ' +
        'pages of 50 are requested',
      'The limit parameter 80 is above the largest page GET /recommendations/event_orchestrations/rules ' +
        'accepts (50): pages of 50 are requested',
    ]);
    client.close();
  });

  it('caps classic pages too (/v3/schedules/{id}/rotations takes at most 100)', async () => {
    const queries = moreLessIndex('/v3/schedules/PS1/rotations', 'rotations', records(3), 1, () => ({ more: false }));
    const client = makeClient();
    await client.listAll('/v3/schedules/PS1/rotations', {}, { pageSize: 500 });
    expect(queries.map((q) => q.limit)).toEqual(['100']);
    client.close();
  });
});
