import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpServerError, UrlError } from '../../../src/index.js';
import { BASE, collect, deepFreeze, makeClient, queryOf, recordingLogger, records } from '../../helpers/test-kit.js';

/** Serves a classic-paginated index of `items` under `wrapper`, recording each query. */
function classicIndex(
  path: string,
  wrapper: string,
  items: unknown[],
  times: number,
  fail?: (offset: number) => boolean,
) {
  const queries: Record<string, string | string[]>[] = [];
  nock(BASE)
    .get(path)
    .query(true)
    .times(times)
    .reply(function (uri) {
      const query = queryOf(uri);
      queries.push(query);
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit ?? 25);
      if (offset + limit > 10000) return [400, { error: { message: 'Invalid Request' } }];
      if (fail?.(offset)) return [500, { error: 'boom' }];
      const page = items.slice(offset, offset + limit);
      return [
        200,
        {
          [wrapper]: page,
          offset,
          limit,
          more: offset + page.length < items.length,
          total: query.total === 'true' ? items.length : null,
        },
      ];
    });
  return queries;
}

describe('iterAll with classic pagination', () => {
  it('reads many pages with the exact limit and offset of each request', async () => {
    const users = records(950);
    const queries = classicIndex('/users', 'users', users, 10);
    const client = makeClient();
    const got = await collect(client.iterAll('/users', { team_ids: ['T1'] }));
    expect(got).toEqual(users);
    expect(queries.map((q) => [q.limit, q.offset])).toEqual(
      Array.from({ length: 10 }, (_, i) => ['100', String(i * 100)]),
    );
    expect(queries.every((q) => q['team_ids[]'] === 'T1')).toBe(true);
    client.close();
  });

  it('honours pageSize, and total with the item hook', async () => {
    const queries = classicIndex('/services', 'services', records(5, 'S'), 3);
    const client = makeClient();
    const hooked: [string, number, number | null][] = [];
    await collect(
      client.iterAll<{ id: string }>(
        '/services',
        {},
        { pageSize: 2, total: true, itemHook: (item, n, total) => void hooked.push([item.id, n, total]) },
      ),
    );
    expect(queries.map((q) => [q.limit, q.offset, q.total])).toEqual([
      ['2', '0', 'true'],
      ['2', '2', 'true'],
      ['2', '4', 'true'],
    ]);
    expect(hooked[4]).toEqual(['S5', 5, 5]);
    client.close();
  });

  it('stops before passing 10,000 records: no request beyond it, and a warning naming iterHistory', async () => {
    const logger = recordingLogger();
    const queries = classicIndex('/incidents', 'incidents', records(12000, 'I'), 101);
    const client = makeClient({ logger });
    const got = await collect(client.iterAll('/incidents'));
    expect(got).toHaveLength(10000);
    expect(queries).toHaveLength(100);
    expect(Math.max(...queries.map((q) => Number(q.offset) + Number(q.limit)))).toBe(10000);
    expect(logger.lines.warn).toHaveLength(1);
    expect(logger.lines.warn[0]).toContain('iterHistory');
    expect(logger.lines.warn[0]).toContain('GET /incidents');
    client.close();
  });

  it('streams: a page is requested only when the consumer reaches it', async () => {
    const queries = classicIndex('/users', 'users', records(300), 3);
    const client = makeClient();
    const iterator = client.iterAll('/users');
    await iterator.next();
    expect(queries).toHaveLength(1);
    await iterator.return?.();
    expect(queries).toHaveLength(1);
    client.close();
  });

  it("never changes the caller's params", async () => {
    classicIndex('/users', 'users', records(150), 2);
    const params = deepFreeze({ query: 'a', team_ids: ['T1'] });
    const client = makeClient();
    await collect(client.iterAll('/users', params));
    expect(params).toEqual({ query: 'a', team_ids: ['T1'] });
    client.close();
  });
});

describe('iterAll with cursor pagination', () => {
  it('pages a cursor-based path by next_cursor', async () => {
    const queries: Record<string, string | string[]>[] = [];
    const pages: Record<string, { records: unknown[]; next_cursor: string | null }> = {
      '': { records: records(2, 'R'), next_cursor: 'c2' },
      c2: { records: records(2, 'S'), next_cursor: 'c3' },
      c3: { records: records(1, 'T'), next_cursor: null },
    };
    nock(BASE)
      .get('/audit/records')
      .query(true)
      .times(3)
      .reply(function (uri) {
        const query = queryOf(uri);
        queries.push(query);
        return [200, { ...pages[String(query.cursor ?? '')], limit: 100 }];
      });
    const client = makeClient();
    const got = await collect(client.iterAll<{ id: string }>('/audit/records', { 'actions[]': ['create'] }));
    expect(got.map((r) => r.id)).toEqual(['R1', 'R2', 'S1', 'S2', 'T1']);
    expect(queries).toEqual([
      { limit: '100', 'actions[]': 'create' },
      { limit: '100', 'actions[]': 'create', cursor: 'c2' },
      { limit: '100', 'actions[]': 'create', cursor: 'c3' },
    ]);
    client.close();
  });

  it('iterCursor refuses a path that is not cursor-based', async () => {
    const client = makeClient();
    await expect(collect(client.iterCursor('/users'))).rejects.toThrow('does not use cursor-based pagination');
    client.close();
  });

  it('iterCursor sends pageSize as limit', async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get('/users/U1/audit/records')
      .query(true)
      .reply(function (uri) {
        seen = queryOf(uri);
        return [200, { records: [{ id: 'R1' }], next_cursor: null }];
      });
    const client = makeClient();
    expect(await collect(client.iterCursor('/users/U1/audit/records', {}, { pageSize: 7 }))).toEqual([{ id: 'R1' }]);
    expect(seen).toEqual({ limit: '7' });
    client.close();
  });
});

describe('listAll and iterAll when a page fails', () => {
  it('listAll rejects and returns nothing when page 3 fails', async () => {
    classicIndex('/users', 'users', records(500), 3, (offset) => offset === 200);
    const client = makeClient();
    await expect(client.listAll('/users')).rejects.toBeInstanceOf(HttpServerError);
    client.close();
  });

  it('iterAll keeps what it yielded before page 3 failed', async () => {
    classicIndex('/users', 'users', records(500), 3, (offset) => offset === 200);
    const client = makeClient();
    const got: unknown[] = [];
    const error = await (async () => {
      for await (const user of client.iterAll('/users')) got.push(user);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpServerError);
    expect(got).toEqual(records(200));
    client.close();
  });

  it('listAll returns every item on success', async () => {
    classicIndex('/users', 'users', records(230), 3);
    const client = makeClient();
    await expect(client.listAll('/users')).resolves.toEqual(records(230));
    client.close();
  });
});

describe('dictAll and getTotal', () => {
  it('dictAll keys items by id, or by another attribute', async () => {
    classicIndex('/users', 'users', records(3), 2);
    const client = makeClient();
    const byId = await client.dictAll('/users');
    expect(Object.keys(byId)).toEqual(['P1', 'P2', 'P3']);
    const byName = await client.dictAll<{ id: string }>('/users', { by: 'name' });
    expect(byName['User 2'].id).toBe('P2');
    client.close();
  });

  it('dictAll refuses items without the attribute', async () => {
    classicIndex('/users', 'users', records(2), 1);
    const client = makeClient();
    await expect(client.dictAll('/users', { by: 'email' })).rejects.toThrow(UrlError);
    client.close();
  });

  it('getTotal asks for total with limit 1', async () => {
    const queries = classicIndex('/incidents', 'incidents', records(4321), 1);
    const client = makeClient();
    await expect(client.getTotal('/incidents', { statuses: ['triggered'] })).resolves.toBe(4321);
    expect(queries[0]).toEqual({ 'statuses[]': 'triggered', total: 'true', limit: '1', offset: '0' });
    client.close();
  });

  it('getTotal fails with HttpServerError when the response has no total', async () => {
    nock(BASE)
      .get('/abilities')
      .query(true)
      .reply(200, { abilities: ['teams'] });
    const client = makeClient();
    await expect(client.getTotal('/abilities')).rejects.toThrow(HttpServerError);
    client.close();
  });
});

describe('the generic iterators refuse what they cannot page', () => {
  it.each([
    ['/users/P1', 'is a single resource'],
    ['/business_services/priority_thresholds', 'answers no list'],
    ['/users/me', 'answers no list'],
    ['/change_events/C1', 'is a single resource'],
    ['/analytics/raw/incidents', 'use iterAnalyticsRawIncidents()'],
    ['/alert_grouping_settings', 'use iterAlertGroupingSettings()'],
    ['/nowhere', 'does not match any canonical path'],
  ])('iterAll(%s) is a UrlError: %s', async (url, message) => {
    const client = makeClient();
    const error = await collect(client.iterAll(url)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UrlError);
    expect((error as Error).message).toContain(message);
    client.close();
  });

  it('iterCursor on a specialised endpoint names its method too', async () => {
    const client = makeClient();
    await expect(collect(client.iterCursor('/alert_grouping_settings'))).rejects.toThrow('iterAlertGroupingSettings');
    client.close();
  });

  it('refuses a bad page size', async () => {
    const client = makeClient();
    await expect(collect(client.iterAll('/users', {}, { pageSize: 0 }))).rejects.toThrow(RangeError);
    client.close();
  });

  it('fails with HttpServerError when a page has no list under its wrapper', async () => {
    nock(BASE)
      .get('/users')
      .query(true)
      .reply(200, { users: { id: 'P1' }, more: false });
    nock(BASE).get('/services').query(true).reply(200, { items: [], more: false });
    const client = makeClient();
    await expect(collect(client.iterAll('/users'))).rejects.toThrow('is not a list');
    await expect(collect(client.iterAll('/services'))).rejects.toThrow('its keys are: items, more');
    client.close();
  });
});
