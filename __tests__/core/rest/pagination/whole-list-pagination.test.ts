import { describe, expect, it } from '@jest/globals';
import type { QueryParams } from '../../../../src/core/request/query.js';
import type { FetchedPage } from '../../../../src/core/rest/pagination/pages.js';
import { wholeListPages, type WholeListOptions } from '../../../../src/core/rest/pagination/whole-list-pagination.js';
import { collect } from '../../../helpers/test-kit.js';

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
