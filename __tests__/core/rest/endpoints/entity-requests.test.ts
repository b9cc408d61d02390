import { describe, expect, it, jest } from '@jest/globals';
import type { RequestOptions } from '../../../../src/core/client/api-client.js';
import {
  decodeJsonResponse,
  entityDelete,
  entityRequest,
  jsonRequest,
  type EntityRequestClient,
} from '../../../../src/core/rest/endpoints/entity-requests.js';
import type { FetchResponse } from '../../../../src/core/transport/fetch-types.js';
import { deepFreeze } from '../../../helpers/test-kit.js';

const response = (status: number, text = ''): FetchResponse =>
  ({ status, url: 'https://api.example.com/users/P1', text: () => Promise.resolve(text) }) as unknown as FetchResponse;

/** A host whose calls are recorded; `text` is what the exchange answers. */
function fakeHost(text: string, status = 200) {
  const calls: unknown[][] = [];
  const host = {
    client: {
      requestJson: jest.fn(async (...args: unknown[]) => (calls.push(['requestJson', ...args]), { users: [] })),
      delete: jest.fn(
        async (url: string, init?: RequestOptions) => (calls.push(['delete', url, init]), response(status, text)),
      ),
      httpError: jest.fn((parts: { body?: string }) => new Error(`http error: ${parts.body}`)),
      entityWrappers: jest.fn(
        (method: string, path: string) => (
          calls.push(['entityWrappers', method, path]),
          ['user', 'user'] as [string, string]
        ),
      ),
    },
    endpoints: {
      target: (target: unknown, name: string) => (
        calls.push(['target', name]),
        typeof target === 'string' ? target : '/users/P1'
      ),
      wrapperPath: (url: string) => `${url}:path`,
      policy: { wrappedWhen: 'only-key', wrapDeleteBody: true },
    },
    exchangeJson: jest.fn(async (method: string, url: string, init?: RequestOptions) => {
      calls.push(['exchangeJson', method, url, init]);
      return { response: response(status, text), text, body: text.trim() === '' ? null : JSON.parse(text) };
    }),
    unexpectedResponse: jest.fn(
      (_method: string, _response: FetchResponse, _text: string, detail: string, facts?: unknown) =>
        Object.assign(new Error(detail), { facts }),
    ),
  };
  return { host: host as unknown as EntityRequestClient, calls, raw: host };
}

describe('jsonRequest', () => {
  it("sends through the client's requestJson to the resolved target and returns the body", async () => {
    const { host, calls } = fakeHost('');
    await expect(jsonRequest(host, 'GET', 'jget', { self: 'x' } as never, { params: { limit: 1 } })).resolves.toEqual({
      users: [],
    });
    expect(calls).toEqual([
      ['target', 'jget'],
      ['requestJson', 'GET', '/users/P1', { params: { limit: 1 } }],
    ]);
  });

  it('refuses a body on a GET before any request', async () => {
    const { host, calls } = fakeHost('');
    await expect(jsonRequest(host, 'GET', 'jget', '/users', { json: {} })).rejects.toThrow(
      'jget: a GET request has no body',
    );
    expect(calls).toEqual([]);
  });
});

describe('entityRequest', () => {
  it('wraps the entity, sends it through exchangeJson, and unwraps the answer', async () => {
    const { host, calls } = fakeHost('{"user":{"id":"P1"}}');
    const json = deepFreeze({ name: 'Ann' });
    await expect(entityRequest(host, 'POST', 'rpost', '/users', { json })).resolves.toEqual({ id: 'P1' });
    expect(calls).toEqual([
      ['target', 'rpost'],
      ['entityWrappers', 'POST', '/users:path'],
      ['exchangeJson', 'POST', '/users', { json: { user: { name: 'Ann' } } }],
    ]);
  });

  it('returns null for an empty body, and sends init as it is without json', async () => {
    const { host, raw } = fakeHost('  ');
    const init = { params: { a: 1 } };
    await expect(entityRequest(host, 'GET', 'rget', '/users/P1', init)).resolves.toBeNull();
    expect(raw.exchangeJson.mock.calls[0]?.[2]).toBe(init);
  });

  it('throws the unexpectedResponse error when the body lacks its wrapper', async () => {
    const { host } = fakeHost('{"other":1}');
    const error = await entityRequest(host, 'GET', 'rget', '/users/P1').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: expect.stringContaining('API responded with a body without its wrapper'),
      facts: { reason: 'missing-key', expected: 'user' },
    });
  });

  it('refuses a body on a GET before any request', async () => {
    const { host, calls } = fakeHost('{}');
    await expect(entityRequest(host, 'GET', 'rget', '/users/P1', { json: {} })).rejects.toThrow(TypeError);
    expect(calls).toEqual([]);
  });
});

describe('entityDelete', () => {
  it("sends through the client's delete, wrapping a json body, and returns a successful response", async () => {
    const { host, calls } = fakeHost('', 204);
    await expect(entityDelete(host, '/users/P1', { json: { a: 1 } })).resolves.toMatchObject({ status: 204 });
    expect(calls).toEqual([
      ['target', 'rdelete'],
      ['entityWrappers', 'DELETE', '/users/P1:path'],
      ['delete', '/users/P1', { json: { user: { a: 1 } } }],
    ]);
  });

  it('asks for no wrappers without a json body, and passes a copy of init', async () => {
    const { host, calls, raw } = fakeHost('', 204);
    const init = { headers: { From: 'a@example.com' } };
    await entityDelete(host, '/users/P1', init);
    expect(calls).toEqual([
      ['target', 'rdelete'],
      ['delete', '/users/P1', init],
    ]);
    expect(raw.client.delete.mock.calls[0]?.[1]).not.toBe(init);
    await entityDelete(host, '/users/P1');
    expect(raw.client.delete.mock.calls[1]?.[1]).toBeUndefined();
  });

  it("throws the client's HTTP error, with the body, for a non-success status", async () => {
    const { host } = fakeHost('gone', 404);
    await expect(entityDelete(host, '/users/P1')).rejects.toThrow('http error: gone');
  });
});

describe('decodeJsonResponse', () => {
  it('decodes the text, keeping the response and text', () => {
    const { host } = fakeHost('');
    const sent = { response: response(200), text: '{"a":1}' };
    expect(decodeJsonResponse(host, 'GET', sent)).toEqual({ response: sent.response, text: '{"a":1}', body: { a: 1 } });
    expect(decodeJsonResponse(host, 'DELETE', { response: response(204), text: '' }).body).toBeNull();
  });

  it('throws the unexpectedResponse error, with the context, for a body that is not JSON', () => {
    const { host } = fakeHost('');
    expect(() =>
      decodeJsonResponse(host, 'GET', { response: response(200), text: '<html>' }, { caller: 'getTotal' }),
    ).toThrow(
      expect.objectContaining({
        message: 'API responded with a body that is not valid JSON',
        facts: { caller: 'getTotal', reason: 'not-json' },
      }),
    );
  });
});
