import { describe, expect, it, jest } from '@jest/globals';
import type { RequestOptions } from '../../../../src/core/client/api-client.js';
import type { RequestContext, ResponseDetails } from '../../../../src/core/errors/failure-details.js';
import { exchangePage, readTotal, type PageExchangeHost } from '../../../../src/core/rest/pagination/page-exchange.js';
import type { FetchResponse } from '../../../../src/core/transport/fetch-types.js';

const response = { status: 200, url: 'https://api.example.com/users' } as unknown as FetchResponse;

function fakeHost(body: unknown) {
  const exchangeJson = jest.fn(
    async (_method: string, _url: string, _init?: RequestOptions, _context?: RequestContext) => ({
      response,
      text: JSON.stringify(body),
      body,
    }),
  );
  const unexpectedResponse = jest.fn(
    (_method: string, _response: FetchResponse, _text: string, detail: string, facts?: ResponseDetails) =>
      Object.assign(new Error(detail), { facts }),
  );
  return { host: { exchangeJson, unexpectedResponse } as PageExchangeHost, exchangeJson, unexpectedResponse };
}

describe('exchangePage', () => {
  it('sends through the host and returns the body and the list under the wrapper', async () => {
    const { host, exchangeJson } = fakeHost({ users: [{ id: 'P1' }], more: false });
    const context: RequestContext = { operation: 'classic-pages', caller: 'iterAll' };
    await expect(
      exchangePage(host, 'GET', '/users', { params: { limit: 1 } }, 'users', undefined, context),
    ).resolves.toEqual({
      body: { users: [{ id: 'P1' }], more: false },
      items: [{ id: 'P1' }],
    });
    expect(exchangeJson).toHaveBeenCalledWith('GET', '/users', { params: { limit: 1 } }, context);
  });

  it("throws the host's unexpected-response error, naming the missing wrapper", async () => {
    const { host } = fakeHost({ other: [] });
    const error = await exchangePage(host, 'GET', '/users', {}, 'users').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: expect.stringMatching(/^API responded with a page /),
      facts: { reason: 'missing-key', expected: 'users' },
    });
  });

  it("carries the check's problem as the page's failure", async () => {
    const { host } = fakeHost({ users: [{ id: 'P1' }], next_cursor: {} });
    const page = await exchangePage(host, 'GET', '/users', {}, 'users', () => 'next_cursor is an object');
    expect(page.items).toEqual([{ id: 'P1' }]);
    expect(page.failure?.message).toBe('API responded with a page whose next_cursor is an object');
  });
});

describe('readTotal', () => {
  it("asks for one record with total=true from offset 0, keeping the caller's params, and returns the total", async () => {
    const { host, exchangeJson } = fakeHost({ users: [], total: 42 });
    const params = Object.freeze({ team_ids: ['PT1'], offset: 9 });
    const signal = new AbortController().signal;
    await expect(readTotal(host, '/users', params, signal)).resolves.toBe(42);
    expect(exchangeJson).toHaveBeenCalledWith('GET', '/users', {
      params: { team_ids: ['PT1'], offset: 0, total: true, limit: 1 },
      signal,
    });
  });

  it("throws the host's unexpected-response error without a numeric total", async () => {
    const { host } = fakeHost({ users: [], total: null });
    await expect(readTotal(host, '/users', {})).rejects.toThrow(
      'API responded without a numeric "total" (no classic pagination?)',
    );
  });
});
