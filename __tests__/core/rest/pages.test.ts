import { describe, expect, it } from '@jest/globals';
import { collectItems, itemsOf, reportedTotal, type FetchedPage } from '../../../src/core/rest/pages.js';

async function* pagesFrom(...pages: FetchedPage[]): AsyncGenerator<FetchedPage> {
  yield* pages;
}

const twoPages = (): AsyncGenerator<FetchedPage> =>
  pagesFrom({ body: { total: 3 }, items: ['a', 'b'] }, { body: { total: 3 }, items: ['c'] });

describe('itemsOf', () => {
  it('flattens pages into items, calling the hook with a running count and the reported total', async () => {
    const seen: [string, number, number | null][] = [];
    const items: string[] = [];
    for await (const item of itemsOf<string>(twoPages(), (item, count, total) => void seen.push([item, count, total]))) items.push(item);
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
    await expect(collectItems<string>(twoPages(), (_item, count) => void counts.push(count))).resolves.toEqual(['a', 'b', 'c']);
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
