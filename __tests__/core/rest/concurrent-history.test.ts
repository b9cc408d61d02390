import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { BASE, makeClient, queryOf, recordingLogger } from '../../helpers/test-kit.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 1);

/** /log_entries over timestamped records, honouring since/until, total, limit and offset. */
function logEntries(unsorted: number[]) {
  const timestamps = [...unsorted].sort((a, b) => a - b);
  /** The index of the first timestamp at or after `t`. */
  const bound = (t: number) => {
    let low = 0;
    let high = timestamps.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (timestamps[middle] < t) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const queries: Record<string, string | string[]>[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  nock(BASE)
    .get('/log_entries')
    .query(true)
    .times(10_000)
    .reply(function (uri, _body, callback) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const query = queryOf(uri);
      queries.push(query);
      const since = Date.parse(String(query.since));
      const until = Date.parse(String(query.until));
      const offset = Number(query.offset);
      const limit = Number(query.limit);
      // Answered on a later turn, so that requests sent together overlap.
      setImmediate(() => {
        inFlight -= 1;
        if (offset + limit > 10000) return callback(null, [400, { error: { message: 'Invalid Request' } }]);
        const first = bound(since);
        const count = bound(until) - first;
        const page = timestamps
          .slice(first + offset, first + Math.min(offset + limit, count))
          .map((t, i) => ({ id: `L${t}-${offset + i}`, created_at: new Date(t).toISOString() }));
        callback(null, [
          200,
          {
            log_entries: page,
            offset,
            limit,
            more: offset + page.length < count,
            total: query.total === 'true' ? count : null,
          },
        ]);
      });
    });
  return { queries, maxInFlight: () => maxInFlight };
}

async function read(concurrency: number, timestamps: number[]) {
  const server = logEntries(timestamps);
  const logger = recordingLogger();
  const client = makeClient({ logger });
  const ids: string[] = [];
  for await (const entry of client.iterHistory<{ id: string }>(
    '/log_entries',
    new Date(T0),
    new Date(T0 + 8 * DAY),
    { is_overview: true, limit: 500 },
    { concurrency },
  )) {
    ids.push(entry.id);
  }
  client.close();
  nock.cleanAll();
  return { ids, queries: server.queries, maxInFlight: server.maxInFlight(), warnings: logger.lines.warn };
}

describe('iterHistory with concurrency', () => {
  const dense = Array.from({ length: 10_500 }, (_, i) => T0 + Math.floor((i * DAY) / 10_500));
  const sparse = Array.from({ length: 300 }, (_, i) => T0 + 5 * DAY + i * 60_000);

  it('yields the records of the sequential reading, in the same order, with no more requests', async () => {
    const sequential = await read(1, [...dense, ...sparse]);
    const concurrent = await read(4, [...dense, ...sparse]);
    expect(concurrent.ids).toHaveLength(10_800);
    expect(new Set(concurrent.ids).size).toBe(10_800);
    expect(concurrent.ids).toEqual(sequential.ids);
    expect(concurrent.queries.length).toBeLessThanOrEqual(sequential.queries.length);
    expect(concurrent.queries.every((q) => q.is_overview === 'true')).toBe(true);
    expect(Math.max(...concurrent.queries.map((q) => Number(q.offset) + Number(q.limit)))).toBeLessThanOrEqual(10000);
    expect(sequential.maxInFlight).toBe(1);
    expect(concurrent.maxInFlight).toBeGreaterThan(1);
    expect(concurrent.maxInFlight).toBeLessThanOrEqual(4);
  });

  it('warns about a one-second window that still holds too many records, as sequential reading does', async () => {
    const burst = Array.from({ length: 10_050 }, () => T0 + DAY);
    const sequential = await read(1, burst);
    const concurrent = await read(3, burst);
    expect(concurrent.ids).toEqual(sequential.ids);
    expect(concurrent.ids).toHaveLength(10_000);
    expect(concurrent.warnings.filter((w) => w.startsWith('iterHistory cannot split'))).toHaveLength(1);
    expect(concurrent.warnings.filter((w) => w.startsWith('iterHistory cannot split'))).toEqual(
      sequential.warnings.filter((w) => w.startsWith('iterHistory cannot split')),
    );
  });
});
