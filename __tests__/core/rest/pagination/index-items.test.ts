import { describe, expect, it, jest } from '@jest/globals';
import { iterateIndex, keyIndex, listIndex } from '../../../../src/core/rest/pagination/index-items.js';
import { Refusal } from '../../../../src/core/errors/refusal.js';
import type { FetchedPage } from '../../../../src/core/rest/pagination/pages.js';

async function* twoPages(): AsyncGenerator<FetchedPage, void, undefined> {
  yield { body: { total: 3 }, items: [{ id: 'P1' }, { id: 'P2' }] };
  yield { body: {}, items: [{ id: 'P3' }] };
}

describe('iterateIndex', () => {
  it('yields the items of the pages, calling the hook with the count and total', async () => {
    const seen: unknown[] = [];
    const items: unknown[] = [];
    const hook = (item: unknown, count: number, total: number | null): void => void seen.push([item, count, total]);
    for await (const item of iterateIndex('iterAll', { itemHook: hook }, twoPages, '?')) items.push(item);
    expect(items).toEqual([{ id: 'P1' }, { id: 'P2' }, { id: 'P3' }]);
    expect(seen).toEqual([
      [{ id: 'P1' }, 1, 3],
      [{ id: 'P2' }, 2, 3],
      [{ id: 'P3' }, 3, '?'],
    ]);
  });

  it('throws at once for an unknown option, before asking for the pages, with the iterator hint', () => {
    const pages = jest.fn(twoPages);
    expect(() => iterateIndex('iterAll', { limit: 5 } as never, pages, null)).toThrow(
      /iterAll.*query parameters are the second argument/s,
    );
    // iterCursor has no `total` or `concurrency`.
    expect(() => iterateIndex('iterCursor', { total: true } as never, pages, null)).toThrow(/iterCursor/);
    expect(pages).not.toHaveBeenCalled();
  });
});

describe('listIndex', () => {
  it('collects every item', async () => {
    await expect(listIndex({}, twoPages, null)).resolves.toEqual([{ id: 'P1' }, { id: 'P2' }, { id: 'P3' }]);
  });

  it('rejects (does not throw) for an unknown option, before asking for the pages', async () => {
    const pages = jest.fn(twoPages);
    const result = listIndex({ by: 'id' } as never, pages, null);
    await expect(result).rejects.toThrow(/listAll.*query parameters are the second argument/s);
    expect(pages).not.toHaveBeenCalled();
  });
});

describe('keyIndex', () => {
  it('keys the listed items by `by` (id by default), passing params and concurrency to the list', async () => {
    const list = jest.fn(async () => [
      { id: 'P1', email: 'a@x' },
      { id: 'P2', email: 'b@x' },
    ]);
    await expect(keyIndex('/users', { params: { a: 1 }, concurrency: 2 }, list)).resolves.toEqual({
      P1: { id: 'P1', email: 'a@x' },
      P2: { id: 'P2', email: 'b@x' },
    });
    expect(list).toHaveBeenCalledWith({ a: 1 }, { concurrency: 2 });
    await expect(keyIndex('/users', { by: 'email' }, list)).resolves.toHaveProperty('b@x');
  });

  it('answers the refusal naming the URL of an item without the attribute, and rejects an unknown option', async () => {
    const list = jest.fn(async () => [{ id: 'P1' }]);
    await expect(keyIndex('/users', { by: 'email' }, list)).resolves.toEqual(
      new Refusal('dictAll: an item of /users has no "email" attribute', 'ERR_INVALID_ARGUMENT'),
    );
    await expect(keyIndex('/users', { limit: 1 } as never, list)).rejects.toThrow(
      /dictAll.*query parameters go in params/s,
    );
  });
});
