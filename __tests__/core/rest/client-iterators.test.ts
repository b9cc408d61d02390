import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { UrlError } from '../../../src/index.js';
import { BASE, makeClient, queryOf, recordingLogger } from '../../helpers/test-kit.js';

describe('iterHistory', () => {
  const DAY = 86_400_000;
  const T0 = Date.UTC(2024, 0, 1);

  /** /log_entries over timestamped records, honouring since/until, total, limit and offset. */
  function logEntries(timestamps: number[]) {
    const queries: Record<string, string | string[]>[] = [];
    nock(BASE)
      .get('/log_entries')
      .query(true)
      .times(1000)
      .reply(function (uri) {
        const query = queryOf(uri);
        queries.push(query);
        const since = Date.parse(String(query.since));
        const until = Date.parse(String(query.until));
        const offset = Number(query.offset);
        const limit = Number(query.limit);
        if (offset + limit > 10000) return [400, { error: { message: 'Invalid Request' } }];
        const inWindow = timestamps.filter((t) => t >= since && t < until);
        const page = inWindow
          .slice(offset, offset + limit)
          .map((t, i) => ({ id: `L${t}-${offset + i}`, created_at: new Date(t).toISOString() }));
        return [
          200,
          {
            log_entries: page,
            offset,
            limit,
            more: offset + page.length < inWindow.length,
            total: query.total === 'true' ? inWindow.length : null,
          },
        ];
      });
    return queries;
  }

  it('splits a window that needs several splits and yields each record once', async () => {
    const dense = Array.from({ length: 10_500 }, (_, i) => T0 + Math.floor((i * DAY) / 10_500));
    const sparse = Array.from({ length: 300 }, (_, i) => T0 + 5 * DAY + i * 60_000);
    const queries = logEntries([...dense, ...sparse]);
    const client = makeClient();
    const got = [];
    for await (const entry of client.iterHistory<{ id: string }>('/log_entries', new Date(T0), new Date(T0 + 8 * DAY), {
      is_overview: true,
    })) {
      got.push(entry.id);
    }
    expect(got).toHaveLength(10_800);
    expect(new Set(got).size).toBe(10_800);
    const windows = new Set(queries.filter((q) => q.total !== 'true').map((q) => `${q.since}..${q.until}`));
    expect([...windows]).toEqual([
      '2024-01-01T00:00:00.000Z..2024-01-01T12:00:00.000Z',
      '2024-01-01T12:00:00.000Z..2024-01-02T00:00:00.000Z',
      '2024-01-05T00:00:00.000Z..2024-01-09T00:00:00.000Z',
    ]);
    expect(queries.every((q) => q.is_overview === 'true')).toBe(true);
    expect(Math.max(...queries.map((q) => Number(q.offset) + Number(q.limit)))).toBeLessThanOrEqual(10000);
    client.close();
  });

  it('reads a cursor-based historical path in one pass with since and until', async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get('/audit/records')
      .query(true)
      .reply(function (uri) {
        seen = queryOf(uri);
        return [200, { records: [{ id: 'R1' }], next_cursor: null }];
      });
    const client = makeClient();
    const got = [];
    for await (const record of client.iterHistory('/audit/records', new Date(T0), new Date(T0 + DAY))) got.push(record);
    expect(got).toEqual([{ id: 'R1' }]);
    expect(seen).toEqual({ limit: '100', since: '2024-01-01T00:00:00.000Z', until: '2024-01-02T00:00:00.000Z' });
    client.close();
  });

  it('refuses endpoints that are not historical, and bad dates', async () => {
    const client = makeClient();
    const drain = async (iterable: AsyncIterable<unknown>) => {
      for await (const _ of iterable) void _;
    };
    await expect(drain(client.iterHistory('/users', new Date(T0), new Date(T0 + DAY)))).rejects.toThrow(
      'iterHistory does not support /users',
    );
    await expect(drain(client.iterHistory('/log_entries', new Date(T0 + DAY), new Date(T0)))).rejects.toThrow(UrlError);
    await expect(drain(client.iterHistory('/log_entries', new Date('nope'), new Date(T0)))).rejects.toThrow(UrlError);
    client.close();
  });
});

describe('specialised iterators', () => {
  it('iterIncidentNotes yields only annotate_log_entry entries of /log_entries', async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get('/log_entries')
      .query(true)
      .reply(function (uri) {
        seen = queryOf(uri);
        return [
          200,
          {
            log_entries: [
              { id: 'L1', type: 'annotate_log_entry' },
              { id: 'L2', type: 'trigger_log_entry' },
            ],
            more: false,
          },
        ];
      });
    const client = makeClient();
    const notes = [];
    for await (const note of client.iterIncidentNotes({ params: { team_ids: ['T1'] } })) notes.push(note.id);
    expect(notes).toEqual(['L1']);
    expect(seen['team_ids[]']).toBe('T1');
    client.close();
  });

  it('iterIncidentNotes for one incident drops team_ids with a warning', async () => {
    let seen: Record<string, string | string[]> = {};
    nock(BASE)
      .get('/incidents/PINC1/log_entries')
      .query(true)
      .reply(function (uri) {
        seen = queryOf(uri);
        return [200, { log_entries: [{ id: 'L3', type: 'annotate_log_entry' }], more: false }];
      });
    const logger = recordingLogger();
    const client = makeClient({ logger });
    const notes = [];
    for await (const note of client.iterIncidentNotes({
      incidentId: 'PINC1',
      params: { team_ids: ['T1'], since: '2024-01-01' },
    }))
      notes.push(note.id);
    expect(notes).toEqual(['L3']);
    expect(seen).toEqual({ since: '2024-01-01', limit: '100', offset: '0' });
    expect(logger.lines.warn[0]).toContain('team_ids');
    client.close();
  });

  it('iterAnalyticsRawIncidents pages with starting_after = last while more', async () => {
    const bodies: Record<string, unknown>[] = [];
    nock(BASE)
      .post('/analytics/raw/incidents')
      .times(2)
      .reply((_uri, body) => {
        bodies.push(body as Record<string, unknown>);
        return bodies.length === 1
          ? [200, { data: [{ id: 'A1' }, { id: 'A2' }], last: 'A2', more: true }]
          : [200, { data: [{ id: 'A3' }], last: 'A3', more: false }];
      });
    const client = makeClient();
    const rows = [];
    for await (const row of client.iterAnalyticsRawIncidents(
      { urgency: 'high' },
      { order: 'asc', limit: 2, timeZone: 'UTC' },
    ))
      rows.push(row.id);
    expect(rows).toEqual(['A1', 'A2', 'A3']);
    expect(bodies).toEqual([
      { filters: { urgency: 'high' }, order: 'asc', order_by: 'created_at', limit: 2, time_zone: 'UTC' },
      {
        filters: { urgency: 'high' },
        order: 'asc',
        order_by: 'created_at',
        limit: 2,
        time_zone: 'UTC',
        starting_after: 'A2',
      },
    ]);
    client.close();
  });

  it('iterAlertGroupingSettings pages by after', async () => {
    const queries: Record<string, string | string[]>[] = [];
    nock(BASE)
      .get('/alert_grouping_settings')
      .query(true)
      .times(2)
      .reply(function (uri) {
        queries.push(queryOf(uri));
        return queries.length === 1
          ? [200, { alert_grouping_settings: [{ id: 'G1' }], after: 'cursor-1' }]
          : [200, { alert_grouping_settings: [{ id: 'G2' }], after: null }];
      });
    const client = makeClient();
    const ids = [];
    for await (const setting of client.iterAlertGroupingSettings({ serviceIds: ['S1', 'S2'], limit: 1 }))
      ids.push(setting.id);
    expect(ids).toEqual(['G1', 'G2']);
    expect(queries).toEqual([
      { limit: '1', 'service_ids[]': ['S1', 'S2'] },
      { limit: '1', 'service_ids[]': ['S1', 'S2'], after: 'cursor-1' },
    ]);
    client.close();
  });
});
