import { describe, expect, it } from '@jest/globals';
import {
  collectItems,
  itemsByKey,
  itemsOf,
  reportedTotal,
  type FetchedPage,
  readPage,
  wholeListPages,
  type WholeListOptions,
} from '../../../../src/core/rest/pagination/pages.js';
import type { QueryParams } from '../../../../src/core/request/query.js';
import { collect } from '../../../helpers/test-kit.js';

async function* pagesFrom(...pages: FetchedPage[]): AsyncGenerator<FetchedPage> {
  yield* pages;
}

const twoPages = (): AsyncGenerator<FetchedPage> =>
  pagesFrom({ body: { total: 3 }, items: ['a', 'b'] }, { body: { total: 3 }, items: ['c'] });

describe('itemsOf', () => {
  it('flattens pages into items, calling the hook with a running count and the reported total', async () => {
    const seen: [string, number, number | null][] = [];
    const items: string[] = [];
    for await (const item of itemsOf<string>(twoPages(), (item, count, total) => void seen.push([item, count, total])))
      items.push(item);
    expect(items).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual([
      ['a', 1, 3],
      ['b', 2, 3],
      ['c', 3, 3],
    ]);
  });

  it('calls the hook for an item just before yielding it, not for the whole page at once', async () => {
    const seen: string[] = [];
    const iterator = itemsOf<string>(twoPages(), (item) => void seen.push(item));
    await iterator.next();
    expect(seen).toEqual(['a']);
    await iterator.return(undefined);
  });
});

describe('collectItems', () => {
  it('gathers every item in order, calling the hook for each', async () => {
    const counts: number[] = [];
    await expect(collectItems<string>(twoPages(), (_item, count) => void counts.push(count))).resolves.toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(counts).toEqual([1, 2, 3]);
  });

  it('rejects, with nothing returned, when a page fails', async () => {
    async function* failing(): AsyncGenerator<FetchedPage> {
      yield { body: {}, items: ['a'] };
      throw new Error('page 2 failed');
    }
    await expect(collectItems(failing())).rejects.toThrow('page 2 failed');
  });
});

describe('reportedTotal', () => {
  it('is the numeric total of a page, else null', () => {
    expect(reportedTotal({ body: { total: 12 }, items: [] })).toBe(12);
    expect(reportedTotal({ body: { total: null }, items: [] })).toBeNull();
    expect(reportedTotal({ body: {}, items: [] })).toBeNull();
  });
});

describe('itemsOf, as an iterator', () => {
  it('answers calls made while a page is fetched in order, and ends after the last item', async () => {
    const iterator = itemsOf<string>(twoPages());
    const results = await Promise.all([iterator.next(), iterator.next(), iterator.next(), iterator.next()]);
    expect(results).toEqual([
      { value: 'a', done: false },
      { value: 'b', done: false },
      { value: 'c', done: false },
      { value: undefined, done: true },
    ]);
  });

  it('skips empty pages, ends after a failed page, and closes the pages on return', async () => {
    let closed = false;
    async function* pages(): AsyncGenerator<FetchedPage> {
      try {
        yield { body: {}, items: [] };
        yield { body: {}, items: ['a'] };
        yield { body: {}, items: ['b'] };
      } finally {
        closed = true;
      }
    }
    const iterator = itemsOf<string>(pages());
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    expect(await iterator.return()).toEqual({ value: undefined, done: true });
    expect(closed).toBe(true);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });

    async function* failing(): AsyncGenerator<FetchedPage> {
      yield { body: {}, items: ['a'] };
      throw new Error('page 2 failed');
    }
    const failed = itemsOf<string>(failing());
    expect(await failed.next()).toEqual({ value: 'a', done: false });
    await expect(failed.next()).rejects.toThrow('page 2 failed');
    expect(await failed.next()).toEqual({ value: undefined, done: true });
  });
});

describe('itemsByKey', () => {
  it('keys items by the attribute, a later item replacing an earlier one with the same key', () => {
    const items = [
      { id: 'P1', n: 1 },
      { id: 2, n: 2 },
      { id: 'P1', n: 3 },
    ];
    expect(itemsByKey(items, 'id')).toEqual({ P1: { id: 'P1', n: 3 }, '2': { id: 2, n: 2 } });
    expect(itemsByKey([{ email: 'a@example.com' }], 'email')).toEqual({
      'a@example.com': { email: 'a@example.com' },
    });
  });

  it('answers undefined for an item without the attribute, with null, or no object', () => {
    expect(itemsByKey([{ id: 'P1' }, { name: 'x' }], 'id')).toBeUndefined();
    expect(itemsByKey([{ id: null }], 'id')).toBeUndefined();
    expect(itemsByKey(['P1'], 'id')).toBeUndefined();
  });
});

describe('readPage', () => {
  it('reads the list under the wrapper, with the whole body', () => {
    const body = { users: [{ id: 'P1' }], more: false };
    expect(readPage(body, 'users')).toEqual({ ok: true, page: { body, items: [{ id: 'P1' }] } });
  });

  it('refuses a body without the wrapper, as a missing key', () => {
    expect(readPage({ teams: [] }, 'users')).toEqual({
      ok: false,
      detail: 'that expected the response body to be an object with the key "users", but its keys are: teams',
      missingKey: true,
    });
    expect(readPage(null, 'users')).toMatchObject({ ok: false, missingKey: true });
  });

  it('refuses a wrapper that is not a list', () => {
    expect(readPage({ users: 'none' }, 'users')).toEqual({
      ok: false,
      detail: 'whose "users" is not a list',
      missingKey: false,
    });
  });

  it('keeps a page whose check names a problem, with the problem', () => {
    const check = (body: Readonly<Record<string, unknown>>): string | undefined =>
      body.next_cursor === 7 ? 'next_cursor is odd' : undefined;
    expect(readPage({ users: [], next_cursor: 7 }, 'users', check)).toMatchObject({
      ok: true,
      problem: 'next_cursor is odd',
    });
    expect(readPage({ users: [] }, 'users', check)).not.toHaveProperty('problem');
  });
});

function run(count: number, options: Partial<WholeListOptions>) {
  const requests: QueryParams[] = [];
  const warnings: string[] = [];
  const fetchPage = async (params: QueryParams): Promise<FetchedPage> => {
    requests.push(params);
    return { body: {}, items: Array.from({ length: count }, (_, i) => i) };
  };
  const pages = wholeListPages(fetchPage, {
    params: {},
    pageSize: 10,
    sendLimit: false,
    endpoint: 'GET /things',
    warn: (message) => void warnings.push(message),
    ...options,
  });
  return { requests, warnings, pages };
}

describe('wholeListPages', () => {
  it("asks once with the caller's parameters only, for an index that takes no limit", async () => {
    const { requests, warnings, pages } = run(30, { params: { query: 'a' } });
    expect(await collect(pages)).toHaveLength(1);
    expect(requests).toEqual([{ query: 'a' }]);
    expect(warnings).toEqual([]);
  });

  it("sends the page size as limit where the index takes one (the caller's limit wins)", async () => {
    const first = run(3, { sendLimit: true });
    await collect(first.pages);
    expect(first.requests).toEqual([{ limit: 10 }]);
    const second = run(3, { sendLimit: true, params: { limit: 4 } });
    await collect(second.pages);
    expect(second.requests).toEqual([{ limit: 4 }]);
  });

  it('warns that the list may be incomplete when the answer is a full page', async () => {
    const { warnings, pages } = run(10, { sendLimit: true });
    await collect(pages);
    expect(warnings).toEqual([
      'GET /things answered a full page (10 items, the limit sent) and has no way to ask for the next one, ' +
        'so the list may be incomplete: narrow the query with filters.',
    ]);
  });
});
