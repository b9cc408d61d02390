import { seams } from '../../helpers/test-kit.js';
/**
 * iterHistory over a year against fake endpoints that refuse (400) any since/until range
 * longer than the generated maximum of the path, as the real API does.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HISTORY_MAX_RANGE_DAYS } from '../../../src/generated/rest-tables/history-max-ranges.js';
import { BASE, makeClient, queryOf } from '../../helpers/test-kit.js';

const DAY = 86_400_000;
const SINCE = Date.UTC(2024, 0, 1);
const UNTIL = Date.UTC(2025, 0, 1);

/** One record every 12 hours over the year, and 10,500 records on 2024-05-10 (past the count limit of one window). */
const TIMESTAMPS = [
  ...Array.from({ length: 732 }, (_, i) => SINCE + i * 12 * 3_600_000 + 1_000),
  ...Array.from({ length: 10_500 }, (_, i) => Date.UTC(2024, 4, 10) + i * 1_000 + 500),
].sort((a, b) => a - b);

interface Served {
  readonly ranges: number[];
  readonly refused: number;
}

/**
 * A fake index on `path` under `key`: classic (limit/offset/total) or cursor-paged, that answers
 * 400 for a range longer than `maxDays`.
 */
function fakeIndex(path: string, key: string, style: 'classic' | 'cursor', maxDays: number): Served {
  const served = { ranges: [] as number[], refused: 0 };
  const bound = (t: number) => {
    let low = 0;
    let high = TIMESTAMPS.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (TIMESTAMPS[middle] < t) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // Only the records of the page asked for are made: a window can hold 10,500 of them.
  const record = (t: number) => ({ id: `R${t}`, created_at: new Date(t).toISOString() });
  const inRange = (since: number, until: number, from: number, to: number) => {
    const first = bound(since);
    const end = bound(until);
    return { total: end - first, page: TIMESTAMPS.slice(first + from, Math.min(first + to, end)).map(record) };
  };
  nock(BASE)
    .get(path)
    .query(true)
    .times(100_000)
    .reply((uri) => {
      const query = queryOf(uri);
      const since = Date.parse(String(query.since));
      const until = Date.parse(String(query.until));
      served.ranges.push(until - since);
      if (until - since > maxDays * DAY) {
        served.refused += 1;
        return [400, { error: { message: 'Invalid Input Provided', errors: ['Date range is too large'] } }];
      }
      const limit = Number(query.limit ?? 100);
      if (style === 'cursor') {
        const start = query.cursor === undefined ? 0 : Number(query.cursor);
        const { total, page } = inRange(since, until, start, start + limit);
        const next = start + limit < total ? String(start + limit) : null;
        return [200, { [key]: page, next_cursor: next, limit }];
      }
      const offset = Number(query.offset ?? 0);
      if (offset + limit > 10_000) return [400, { error: { message: 'Invalid Request' } }];
      const { total, page } = inRange(since, until, offset, offset + limit);
      return [
        200,
        {
          [key]: page,
          offset,
          limit,
          more: offset + page.length < total,
          total: query.total === 'true' ? total : null,
        },
      ];
    });
  return served;
}

async function readYear(path: string, concurrency = 1, policy = {}) {
  const client = makeClient({ ...seams({ restPolicy: policy }) });
  const ids: string[] = [];
  try {
    const params = { limit: 500 };
    for await (const record of client.iterHistory<{ id: string }>(path, new Date(SINCE), new Date(UNTIL), params, {
      concurrency,
    }))
      ids.push(record.id);
  } finally {
    client.close();
  }
  return ids;
}

const EVERY_RECORD = TIMESTAMPS.map((t) => `R${t}`);

afterEach(() => {
  nock.cleanAll();
});

describe('iterHistory within the longest range of each endpoint', () => {
  it('takes the maxima from the generated table: audit records 31 days, incidents 180, notifications 88', () => {
    expect(HISTORY_MAX_RANGE_DAYS['/audit/records']).toBe(31);
    expect(HISTORY_MAX_RANGE_DAYS['/users/{id}/audit/records']).toBe(31);
    expect(HISTORY_MAX_RANGE_DAYS['/incidents']).toBe(180);
    expect(HISTORY_MAX_RANGE_DAYS['/notifications']).toBe(88);
    expect(HISTORY_MAX_RANGE_DAYS['/log_entries']).toBeUndefined();
  });

  it.each<[string, string, number]>([
    ['/incidents', 'incidents', 1],
    ['/incidents', 'incidents', 4],
    ['/notifications', 'notifications', 1],
    ['/notifications', 'notifications', 3],
  ])(
    'reads a year of %s (list %s, concurrency %d): every record once, in order, no refused request',
    async (path, key, concurrency) => {
      const served = fakeIndex(path, key, 'classic', HISTORY_MAX_RANGE_DAYS[path]);
      const ids = await readYear(path, concurrency);
      expect(served.refused).toBe(0);
      expect(ids).toEqual(EVERY_RECORD);
      expect(Math.max(...served.ranges)).toBe(HISTORY_MAX_RANGE_DAYS[path] * DAY);
    },
  );

  it('reads a year of the cursor-paged /audit/records in 31-day windows', async () => {
    const served = fakeIndex('/audit/records', 'records', 'cursor', 31);
    const ids = await readYear('/audit/records');
    expect(served.refused).toBe(0);
    expect(ids).toEqual(EVERY_RECORD);
    expect(Math.max(...served.ranges)).toBe(31 * DAY);
  });

  it('reads a year of a templated audit path (/users/{id}/audit/records) in 31-day windows', async () => {
    const served = fakeIndex('/users/PUSER1/audit/records', 'records', 'cursor', 31);
    const ids = await readYear('/users/PUSER1/audit/records');
    expect(served.refused).toBe(0);
    expect(ids).toEqual(EVERY_RECORD);
  });

  it("under a policy with no declared requirements, keeps the predecessor's one request over the year", async () => {
    const served = fakeIndex('/audit/records', 'records', 'cursor', 31);
    await expect(readYear('/audit/records', 1, { declaredRequirements: false })).rejects.toThrow('400');
    expect(served.ranges).toEqual([UNTIL - SINCE]);
  });
});
