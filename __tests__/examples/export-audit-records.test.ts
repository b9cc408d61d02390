import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from 'pagerduty-client/emulator';
import { main, rangeFromArguments, type AuditRecord } from '../../examples/export-audit-records.js';
import { instantRetries, realSockets } from '../helpers/test-kit.js';

let emulator: Emulator;
let clock = new Date('2024-03-01T12:00:00Z');

beforeAll(async () => {
  realSockets();
  emulator = await startEmulator({ seedUsers: 8, now: () => clock });
});

afterAll(async () => {
  await emulator.close();
});

function inRange(record: { execution_time: string }, since: Date, until: Date): boolean {
  const time = Date.parse(record.execution_time);
  return time >= since.getTime() && time < until.getTime();
}

describe('examples/export-audit-records', () => {
  it('writes every audit record of [since, until) as one JSON line, and nothing outside it', async () => {
    // Two changes at known times, one inside the range and one after it.
    const [first, second] = emulator.keys.users;
    const put = (userId: string, title: string): Promise<Response> =>
      fetch(`${emulator.url}/users/${userId}`, {
        method: 'PUT',
        headers: { Authorization: `Token token=${emulator.keys.account}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ user: { job_title: title } }),
      });
    clock = new Date('2024-03-01T12:00:00Z');
    expect((await put(first.userId, 'Manager')).status).toBe(200);
    clock = new Date('2024-03-05T12:00:00Z');
    expect((await put(second.userId, 'Director')).status).toBe(200);

    const since = new Date('2024-01-01T00:00:00Z');
    const until = new Date('2024-03-02T00:00:00Z');
    const lines: string[] = [];
    const count = await main({
      apiKey: emulator.keys.account,
      baseUrl: emulator.url,
      since,
      until,
      write: (line) => lines.push(line),
      clientOptions: instantRetries,
    });

    const exported = lines.map((line) => JSON.parse(line) as AuditRecord);
    const expected = emulator.state.auditRecords.all().filter((record) => inRange(record, since, until));
    expect(count).toBe(expected.length);
    expect(exported.map((record) => record.id).sort()).toEqual(expected.map((record) => record.id).sort());
    expect(
      exported.some((record) => record.action === 'update' && record.execution_time.startsWith('2024-03-01')),
    ).toBe(true);
    expect(exported.every((record) => !record.execution_time.startsWith('2024-03-05'))).toBe(true);
  });

  it('passes filters through and reads the cursor pages in one pass', async () => {
    emulator.clearRequests();
    const since = new Date('2024-01-01T00:00:00Z');
    const until = new Date('2024-12-31T00:00:00Z');
    const lines: string[] = [];
    await main({
      apiKey: emulator.keys.account,
      baseUrl: emulator.url,
      since,
      until,
      params: { actions: ['update'] },
      write: (line) => lines.push(line),
    });

    const updates = emulator.state.auditRecords
      .all()
      .filter((record) => record.action === 'update' && inRange(record, since, until));
    expect(lines).toHaveLength(updates.length);
    expect(
      emulator.requests.every(
        (request) => request.path === '/audit/records' && request.query.includes('actions%5B%5D=update'),
      ),
    ).toBe(true);
  });

  it('reads the range from the command line, defaulting to the last 24 hours', () => {
    const now = new Date('2024-06-02T00:00:00Z');
    expect(rangeFromArguments([], now)).toEqual({ since: new Date('2024-06-01T00:00:00Z'), until: now });
    expect(rangeFromArguments(['2024-01-01T00:00:00Z'], now)).toEqual({
      since: new Date('2024-01-01T00:00:00Z'),
      until: now,
    });
    expect(() => rangeFromArguments(['yesterday'], now)).toThrow(RangeError);
  });
});
