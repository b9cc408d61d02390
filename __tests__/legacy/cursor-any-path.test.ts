// Issue 29: pdpyras 4.5's iter_cursor took any path, used its last node as the key, followed
// next_cursor and sent no limit (pdpyras-tables, 4.5.2, 50 iter_cursor break cases). 4.4.0
// had no iter_cursor, and 5.0.0 pages by cursor only the paths of its cursor table.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { PDClientError, URLError } from '../../src/legacy/errors.js';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { BASE, makeSession } from './helpers.js';

/** Serves two cursor pages of `key` at `path`, recording each request's query. */
function cursorPages(path: string, key: string, queries: Record<string, string>[]): void {
  nock(BASE)
    .get(path)
    .query(true)
    .times(2)
    .reply((uri) => {
      const query = Object.fromEntries(new URL(uri, BASE).searchParams);
      queries.push(query);
      return query.cursor === 'c1'
        ? [200, { [key]: [{ id: 'P3' }], next_cursor: null }]
        : [200, { [key]: [{ id: 'P1' }, { id: 'P2' }], next_cursor: 'c1' }];
    });
}

async function drain(iterator: AsyncIterable<Record<string, unknown>>): Promise<unknown[]> {
  const items: unknown[] = [];
  for await (const item of iterator) items.push(item.id);
  return items;
}

describe('iterCursor on any path (4.5.0 to 5.0.0)', () => {
  it.each<PdpyrasVersion>(['4.5.0', '4.5.2'])(
    '%s: /users is paged by cursor under "users", with no limit',
    async (compat) => {
      const queries: Record<string, string>[] = [];
      cursorPages('/users', 'users', queries);
      await expect(drain(makeSession(compat).iterCursor('/users', { query: 'a' }))).resolves.toEqual([
        'P1',
        'P2',
        'P3',
      ]);
      expect(queries).toEqual([{ query: 'a' }, { query: 'a', cursor: 'c1' }]);
    },
  );

  it('4.5.2: the key is the last node, even of a single resource (/users/me pages "me")', async () => {
    const queries: Record<string, string>[] = [];
    cursorPages('/users/me', 'me', queries);
    await expect(drain(makeSession('4.5.2').iterCursor('/users/me'))).resolves.toEqual(['P1', 'P2', 'P3']);
  });

  it('4.5.2: a cursor path of the table is sent without limit too', async () => {
    const queries: Record<string, string>[] = [];
    cursorPages('/audit/records', 'records', queries);
    await expect(drain(makeSession('4.5.2').iterCursor('/audit/records'))).resolves.toEqual(['P1', 'P2', 'P3']);
    expect(queries).toEqual([{}, { cursor: 'c1' }]);
  });

  it('4.4.0 (no iter_cursor in pdpyras) keeps refusing a path outside the cursor table', async () => {
    await expect(drain(makeSession('4.4.0').iterCursor('/users'))).rejects.toThrow(PDClientError);
  });

  it('5.0.0 refuses a path outside its cursor table with URLError', async () => {
    await expect(drain(makeSession('5.0.0').iterCursor('/users'))).rejects.toThrow(URLError);
  });
});
