import { describe, expect, it } from '@jest/globals';
import type { QueryParams } from '../../../../src/core/request/query.js';
import {
  classicPages,
  type ClassicPaginationOptions,
} from '../../../../src/core/rest/pagination/classic-pagination.js';
import { itemsOf, type FetchedPage } from '../../../../src/core/rest/pagination/pages.js';
import { collect } from '../../../helpers/test-kit.js';

/** A fake index of `count` numbered items that honours limit/offset and records each request. */
function fakeIndex(count: number, overrides: Partial<Record<string, unknown>> = {}) {
  const requests: QueryParams[] = [];
  const fetchPage = async (params: QueryParams): Promise<FetchedPage> => {
    requests.push(params);
    const offset = Number(params.offset);
    const limit = Number(params.limit);
    const items = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => offset + i + 1);
    return { body: { more: offset + items.length < count, total: params.total ? count : null, ...overrides }, items };
  };
  return { requests, fetchPage };
}

const options = (overrides: Partial<ClassicPaginationOptions> = {}) => {
  const warnings: string[] = [];
  return {
    warnings,
    options: {
      params: {},
      pageSize: 100,
      total: false,
      endpoint: 'GET /users',
      warn: (m: string) => void warnings.push(m),
      ...overrides,
    },
  };
};

describe('classicPages', () => {
  it('pages with limit and offset growing by the items received until more is false', async () => {
    const index = fakeIndex(250);
    const { options: opts, warnings } = options();
    const items = await collect(itemsOf(classicPages(index.fetchPage, opts)));
    expect(items).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(index.requests).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
    expect(warnings).toEqual([]);
  });

  it('grows the offset by what was received when the server returns fewer than the limit', async () => {
    const requests: QueryParams[] = [];
    const pages = [[1, 2], [3, 4, 5], [6]];
    const fetchPage = async (params: QueryParams): Promise<FetchedPage> => {
      requests.push(params);
      const items = pages[requests.length - 1];
      return { body: { more: requests.length < pages.length }, items };
    };
    const items = await collect(itemsOf(classicPages(fetchPage, options({ pageSize: 10 }).options)));
    expect(items).toEqual([1, 2, 3, 4, 5, 6]);
    expect(requests.map((r) => r.offset)).toEqual([0, 2, 5]);
    expect(requests.every((r) => r.limit === 10)).toBe(true);
  });

  it('lets the caller params set limit and a starting offset, and sends their other params', async () => {
    const index = fakeIndex(60);
    const { options: opts } = options({ params: { limit: 25, offset: 10, query: 'x' } });
    const items = await collect(itemsOf(classicPages(index.fetchPage, opts)));
    expect(items[0]).toBe(11);
    expect(index.requests).toEqual([
      { limit: 25, offset: 10, query: 'x' },
      { limit: 25, offset: 35, query: 'x' },
    ]);
  });

  it('asks for the total when told to', async () => {
    const index = fakeIndex(3);
    const pages = await collect(classicPages(index.fetchPage, options({ total: true }).options));
    expect(index.requests[0]).toEqual({ limit: 100, total: true, offset: 0 });
    expect(pages[0].body.total).toBe(3);
  });

  it('stops before a request whose offset + limit would exceed 10,000, with a warning naming iterHistory', async () => {
    const index = fakeIndex(20000);
    const { options: opts, warnings } = options();
    const items = await collect(itemsOf(classicPages(index.fetchPage, opts)));
    expect(items).toHaveLength(10000);
    expect(index.requests).toHaveLength(100);
    expect(index.requests[99]).toEqual({ limit: 100, offset: 9900 });
    expect(Math.max(...index.requests.map((r) => Number(r.offset) + Number(r.limit)))).toBe(10000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('iterHistory');
    expect(warnings[0]).toContain('limit+offset=10100');
  });

  it('makes no request at all when the first page would already pass the limit', async () => {
    const index = fakeIndex(20000);
    const { options: opts, warnings } = options({ params: { offset: 9950 } });
    expect(await collect(itemsOf(classicPages(index.fetchPage, opts)))).toEqual([]);
    expect(index.requests).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it.each([
    ['offset past the limit', { offset: 10000 }, /offset parameter \(10000\).*use iterHistory/],
    ['a limit parameter too large', { limit: 20000 }, /limit parameter \(20000\) is the page size.*leave it out/],
    ['an offset near the limit', { offset: 9950 }, /Lower the offset parameter, or use iterHistory/],
  ])('says what to do instead when %s leaves nothing to read', async (_what, params, advice) => {
    const index = fakeIndex(20000);
    const { options: opts, warnings } = options({ params });
    expect(await collect(itemsOf(classicPages(index.fetchPage, opts)))).toEqual([]);
    expect(index.requests).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Nothing read from GET \/users/);
    expect(warnings[0]).toMatch(advice);
  });

  it('reads one page and warns when the body has no more property', async () => {
    const index = fakeIndex(250, { more: undefined });
    const { options: opts, warnings } = options();
    expect(await collect(itemsOf(classicPages(index.fetchPage, opts)))).toHaveLength(100);
    expect(index.requests).toHaveLength(1);
    expect(warnings[0]).toContain('no "more" property');
  });

  it('reads an index without more until a page comes back short, when told it declares none', async () => {
    const index = fakeIndex(250, { more: undefined, total: undefined });
    const { options: opts, warnings } = options({ untilShortPage: true });
    expect(await collect(itemsOf(classicPages(index.fetchPage, opts)))).toHaveLength(250);
    expect(index.requests.map((request) => request.offset)).toEqual([0, 100, 200]);
    expect(warnings).toEqual([]);
  });

  it('without more, asks once past a full last page, or stops at a reported total', async () => {
    const empty = fakeIndex(200, { more: undefined, total: undefined });
    await collect(itemsOf(classicPages(empty.fetchPage, options({ untilShortPage: true }).options)));
    expect(empty.requests.map((request) => request.offset)).toEqual([0, 100, 200]);
    const counted = fakeIndex(200, { more: undefined, total: 200 });
    await collect(itemsOf(classicPages(counted.fetchPage, options({ untilShortPage: true }).options)));
    expect(counted.requests.map((request) => request.offset)).toEqual([0, 100]);
  });

  it('stops on an empty page that claims more, instead of looping forever', async () => {
    const fetchPage = async (): Promise<FetchedPage> => ({ body: { more: true }, items: [] });
    const { options: opts, warnings } = options();
    expect(await collect(itemsOf(classicPages(fetchPage, opts)))).toEqual([]);
    expect(warnings[0]).toContain('empty page');
  });

  it('streams: the next page is requested only when the consumer gets that far', async () => {
    const index = fakeIndex(300);
    const iterator = classicPages(index.fetchPage, options().options);
    await iterator.next();
    expect(index.requests).toHaveLength(1);
    await iterator.return(undefined);
    expect(index.requests).toHaveLength(1);
  });
});
