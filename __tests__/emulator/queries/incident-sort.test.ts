import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RestApiV2Client } from '../../../src/index.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { incidentSortKeys, sortIncidents } from '../../../src/emulator/queries/incident-sort.js';
import { ReplyError } from '../../../src/emulator/server/replies.js';
import type { Incident } from '../../../src/emulator/store/resources.js';
import { call } from '../raw-http.js';

const URGENCIES = new Set(['urgencies']);
const keys = (text: string, abilities: ReadonlySet<string> = URGENCIES) =>
  incidentSortKeys(new URLSearchParams(text), abilities);

function rejection(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('incidentSortKeys', () => {
  it('reads sort_by, sort_by[] and comma-separated keys, ascending unless :desc', () => {
    expect(keys('')).toEqual([]);
    expect(keys('sort_by=incident_number')).toEqual([{ field: 'incident_number', direction: 'asc' }]);
    expect(keys('sort_by=urgency,created_at:desc')).toEqual([
      { field: 'urgency', direction: 'asc' },
      { field: 'created_at', direction: 'desc' },
    ]);
    expect(keys('sort_by[]=resolved_at:asc&sort_by[]=incident_number:desc')).toEqual([
      { field: 'resolved_at', direction: 'asc' },
      { field: 'incident_number', direction: 'desc' },
    ]);
  });

  it.each([
    ['an unknown field', 'sort_by=title', /sort_by title is not one of/],
    ['an unknown direction', 'sort_by=created_at:up', /sort_by created_at:up is not one of/],
    ['three keys', 'sort_by=incident_number,created_at,urgency', /at most 2 fields, got 3/],
  ])('refuses %s with a 400', (_, text, message) => {
    const error = rejection(() => keys(text));
    expect(error).toBeInstanceOf(ReplyError);
    expect((error as ReplyError).reply).toMatchObject({
      status: 400,
      body: { error: { errors: [expect.stringMatching(message)] } },
    });
  });

  it('refuses urgency without the urgencies ability', () => {
    const error = rejection(() => keys('sort_by=urgency', new Set()));
    expect((error as ReplyError).reply).toMatchObject({
      status: 400,
      body: { error: { errors: ['sort_by urgency needs the account ability urgencies'] } },
    });
  });
});

describe('sortIncidents', () => {
  const incident = (incident_number: number, resolved_at: string | null, urgency: 'high' | 'low') =>
    ({
      id: `P${incident_number}`,
      incident_number,
      created_at: `2024-01-0${incident_number}T00:00:00Z`,
      resolved_at,
      urgency,
    }) as Incident;
  const list = [
    incident(1, '2024-02-01T00:00:00Z', 'low'),
    incident(2, null, 'high'),
    incident(3, '2024-01-15T00:00:00Z', 'high'),
  ];
  const ids = (items: readonly Incident[]) => items.map((item) => item.id);

  it('sorts by each field and direction, open incidents after resolved ones on resolved_at:asc', () => {
    expect(ids(sortIncidents(list, [{ field: 'incident_number', direction: 'desc' }]))).toEqual(['P3', 'P2', 'P1']);
    expect(ids(sortIncidents(list, [{ field: 'created_at', direction: 'asc' }]))).toEqual(['P1', 'P2', 'P3']);
    expect(ids(sortIncidents(list, [{ field: 'resolved_at', direction: 'asc' }]))).toEqual(['P3', 'P1', 'P2']);
    expect(ids(sortIncidents(list, [{ field: 'resolved_at', direction: 'desc' }]))).toEqual(['P2', 'P1', 'P3']);
  });

  it('breaks ties with the second key, then keeps creation order, and leaves its input alone', () => {
    const copy = [...list];
    expect(
      ids(
        sortIncidents(list, [
          { field: 'urgency', direction: 'asc' },
          { field: 'incident_number', direction: 'desc' },
        ]),
      ),
    ).toEqual(['P3', 'P2', 'P1']);
    expect(ids(sortIncidents(list, [{ field: 'urgency', direction: 'asc' }]))).toEqual(['P2', 'P3', 'P1']);
    expect(list).toEqual(copy);
    expect(sortIncidents(list, [])).toBe(list);
  });
});

describe('GET /incidents?sort_by', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 12 });
  });
  afterAll(async () => {
    await emulator.close();
  });
  const numbers = async (query: string): Promise<number[]> => {
    const reply = await call(emulator, 'GET', `/incidents?${query}`, { key: emulator.keys.account });
    expect(reply.status).toBe(200);
    return (reply.body as { incidents: Incident[] }).incidents.map((incident) => incident.incident_number);
  };

  it('pages through incidents in the order asked for, with and without filters', async () => {
    expect(await numbers('sort_by=incident_number:desc&limit=5')).toEqual([12, 11, 10, 9, 8]);
    expect(await numbers('sort_by=incident_number:desc&limit=5&offset=5')).toEqual([7, 6, 5, 4, 3]);
    expect(await numbers('sort_by=created_at:desc&since=2024-01-01T00:00:00Z&until=2024-01-01T00:03:00Z')).toEqual([
      3, 2, 1,
    ]);
    const resolvedFirst = await numbers('statuses[]=resolved&statuses[]=triggered&sort_by=resolved_at:desc&limit=100');
    const open = emulator.state.incidents
      .all()
      .filter((incident) => incident.status === 'triggered')
      .map((incident) => incident.incident_number);
    expect(resolvedFirst.slice(0, open.length)).toEqual(open);
  });

  it('takes sort_by from the typed client, which sends the list comma-separated', async () => {
    await using client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url });
    const sorted = await client.listAll(
      '/incidents',
      { sort_by: ['urgency:desc', 'incident_number:desc'] },
      { pageSize: 5 },
    );
    const expected = [...emulator.state.incidents.all()]
      .sort((a, b) =>
        a.urgency === b.urgency ? b.incident_number - a.incident_number : a.urgency < b.urgency ? 1 : -1,
      )
      .map((incident) => incident.incident_number);
    expect(sorted.map((incident) => incident.incident_number)).toEqual(expected);
    expect(emulator.requests.at(-1)?.query).toContain('sort_by=urgency%3Adesc%2Cincident_number%3Adesc');
  });

  it('answers 400 for a value the API does not take', async () => {
    const reply = await call(emulator, 'GET', '/incidents?sort_by=title', { key: emulator.keys.account });
    expect(reply).toMatchObject({ status: 400, body: { error: { code: 2001 } } });
  });
});
