import { describe, expect, it, jest } from '@jest/globals';
import type { RequestOptions } from '../../../src/core/client/api-client.js';
import type { HttpErrorCode } from '../../../src/core/errors/error-classes.js';
import type { DecodedResponse } from '../../../src/core/rest/rest-options.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import type { FetchResponse } from '../../../src/core/platform/fetch-types.js';
import { API_KEY, deepFreeze } from '../../helpers/test-kit.js';

const response = (status: number, text = ''): FetchResponse =>
  ({
    status,
    url: 'https://api.pagerduty.com/users/P1',
    text: () => Promise.resolve(text),
  }) as unknown as FetchResponse;

/** A client whose exchanges are recorded; every answer is `text` with `status`. */
class RecordingClient extends RestApiV2Client {
  readonly calls: unknown[][] = [];
  text = '';
  status = 200;

  override async requestJson<T = unknown>(method: string, url: string, options?: RequestOptions): Promise<T | null> {
    this.calls.push(['requestJson', method, url, options]);
    return { users: [] } as T;
  }

  override async delete(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.calls.push(['delete', url, options]);
    return response(this.status, this.text);
  }

  override async get(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.calls.push(['get', url, options]);
    return response(this.status, this.text);
  }

  override async post(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.calls.push(['post', url, options]);
    return response(this.status, this.text);
  }

  override async put(url: string, options?: RequestOptions): Promise<FetchResponse> {
    this.calls.push(['put', url, options]);
    return response(this.status, this.text);
  }

  protected override async exchangeJson(method: string, url: string, init?: RequestOptions): Promise<DecodedResponse> {
    this.calls.push(['exchangeJson', method, url, init]);
    const body = this.text.trim() === '' ? null : (JSON.parse(this.text) as unknown);
    return { response: response(this.status, this.text), text: this.text, body };
  }

  protected override unexpectedResponse(
    _method: string,
    _response: FetchResponse,
    _text: string,
    detail: string,
    code?: HttpErrorCode,
  ): Error {
    return Object.assign(new Error(detail), { code });
  }

  fetchPageForTest(...args: Parameters<RestApiV2Client['fetchPage']>) {
    return this.fetchPage(...args);
  }
}

function recording(text = '', status = 200): RecordingClient {
  const client = new RecordingClient(API_KEY);
  client.text = text;
  client.status = status;
  return client;
}

describe('the j-methods', () => {
  it("send through the client's requestJson to the resolved target and return the body", async () => {
    const client = recording();
    await expect(client.jget({ self: 'https://api.pagerduty.com/users/P1' } as never)).resolves.toEqual({
      users: [],
    });
    expect(client.calls).toEqual([['requestJson', 'GET', 'https://api.pagerduty.com/users/P1', undefined]]);
  });

  it('refuse a body on a GET before any request', async () => {
    const client = recording();
    await expect(client.jget('/users', { json: {} } as never)).rejects.toThrow('jget: a GET request has no body');
    expect(client.calls).toEqual([]);
  });
});

describe('the r-methods', () => {
  it("wrap the entity, send it through the client's own post, and unwrap the answer", async () => {
    const client = recording('{"user":{"id":"P1"}}');
    const json = deepFreeze({ name: 'Ann' });
    await expect(client.rpost('/users', { json } as never)).resolves.toEqual({ id: 'P1' });
    expect(client.calls).toEqual([['post', '/users', { json: { user: { name: 'Ann' } } }]]);
  });

  it('return null for an empty 204 or 202, and send a copy of the options as they are without json', async () => {
    const client = recording('  ', 204);
    const init = { params: { a: 1 } };
    await expect(client.rget<unknown>('/users/P1', init as never)).resolves.toBeNull();
    expect(client.calls[0]?.[2]).toEqual(init);
    expect(client.calls[0]?.[2]).not.toBe(init);
    await expect(recording('', 202).rput<unknown>('/users/P1', { json: {} } as never)).resolves.toBeNull();
  });

  it('refuse an empty 200 or 201 where a wrapped entity was due, as they refuse HTML', async () => {
    for (const status of [200, 201]) {
      const error = await recording('', status)
        .rget('/users/P1')
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        message: expect.stringContaining(`API responded with an empty body (status ${status})`),
        code: 'ERR_NOT_JSON',
      });
    }
  });

  it('throw the unexpectedResponse error when the body lacks its wrapper', async () => {
    const client = recording('{"other":1}');
    const error = await client.rget('/users/P1').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: expect.stringContaining('API responded with a body without its wrapper'),
      code: 'ERR_MISSING_KEY',
    });
  });

  it('refuse a body on a GET before any request', async () => {
    const client = recording('{}');
    await expect(client.rget('/users/P1', { json: {} } as never)).rejects.toThrow(TypeError);
    expect(client.calls).toEqual([]);
  });
});

describe('rdelete', () => {
  it("sends through the client's delete, wrapping a json body, and returns a successful response", async () => {
    const client = recording('', 204);
    await expect(client.rdelete('/users/P1', { json: { a: 1 } } as never)).resolves.toMatchObject({ status: 204 });
    expect(client.calls).toEqual([['delete', '/users/P1', { json: { user: { a: 1 } } }]]);
  });

  it('passes a copy of the options, or none', async () => {
    const client = recording('', 204);
    const init = { headers: { From: 'a@example.com' } };
    await client.rdelete('/users/P1', init);
    expect(client.calls[0]).toEqual(['delete', '/users/P1', init]);
    expect(client.calls[0]?.[2]).not.toBe(init);
    await client.rdelete('/users/P1');
    expect(client.calls[1]?.[2]).toBeUndefined();
  });

  it("throws the client's HTTP error, with the body, for a non-success status", async () => {
    const client = recording('gone', 404);
    const httpError = jest.spyOn(client, 'httpError');
    await expect(client.rdelete('/users/P1')).rejects.toThrow();
    expect(httpError.mock.calls[0]?.[0]).toMatchObject({ method: 'DELETE', body: 'gone' });
  });
});

describe('fetchPage', () => {
  it('sends through exchangeJson and returns the body and the list under the wrapper', async () => {
    const client = recording('{"users":[{"id":"P1"}],"more":false}');
    await expect(client.fetchPageForTest('GET', '/users', { params: { limit: 1 } }, 'users')).resolves.toEqual({
      body: { users: [{ id: 'P1' }], more: false },
      items: [{ id: 'P1' }],
      response: expect.objectContaining({ status: 200 }),
    });
    expect(client.calls).toEqual([['exchangeJson', 'GET', '/users', { params: { limit: 1 } }]]);
  });

  it('throws the unexpected-response error, naming the missing wrapper', async () => {
    const client = recording('{"other":[]}');
    const error = await client.fetchPageForTest('GET', '/users', {}, 'users').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: expect.stringMatching(/^API responded with a page /),
      code: 'ERR_MISSING_KEY',
    });
  });

  it("carries the check's problem as the page's failure", async () => {
    const client = recording('{"users":[{"id":"P1"}],"next_cursor":{}}');
    const page = await client.fetchPageForTest('GET', '/users', {}, 'users', () => 'next_cursor is an object');
    expect(page.items).toEqual([{ id: 'P1' }]);
    expect(page.failure?.message).toBe('API responded with a page whose next_cursor is an object');
  });
});

describe('getTotal', () => {
  it("asks for one record with total=true from offset 0, keeping the caller's params", async () => {
    const client = recording('{"users":[],"total":42}');
    const params = Object.freeze({ team_ids: ['PT1'], offset: 9 });
    const signal = new AbortController().signal;
    await expect(client.getTotal('/users', params as never, { signal })).resolves.toBe(42);
    expect(client.calls).toEqual([
      [
        'exchangeJson',
        'GET',
        '/users',
        { params: { team_ids: ['PT1'], offset: 0, total: true, limit: 1 }, signal },
        undefined,
      ],
    ]);
  });

  it('throws the unexpected-response error without a numeric total', async () => {
    const client = recording('{"users":[],"total":null}');
    await expect(client.getTotal('/users')).rejects.toThrow(
      'API responded without a numeric "total" (no classic pagination?)',
    );
  });
});
