// One route for every call: the engine's higher-level methods reach the network through
// the client's own low-level method of the verb (request for HEAD), which gets a copy of
// the options, and must hand back the Response it got from the engine.
import { describe, expect, it } from '@jest/globals';
import type { RequestOptions } from '../../../src/core/client/client-options.js';
import { ApiClient } from '../../../src/core/client/api-client.js';
import { tokenAuth } from '../../../src/core/auth/auth-methods.js';
import type { FetchLike } from '../../../src/core/transport/transport.js';

const fetch: FetchLike = async (url) =>
  ({
    status: 200,
    statusText: 'OK',
    url,
    headers: new Headers(),
    arrayBuffer: async () => new TextEncoder().encode('"ok"').buffer,
  }) as never;

describe("the engine's low-level methods", () => {
  it('carry requestJson and requestText calls by verb (request for HEAD), with a copy of the options', async () => {
    const calls: unknown[][] = [];
    class Recording extends ApiClient {
      override put(url: string, options?: RequestOptions) {
        calls.push(['put', url, options]);
        return super.put(url, options);
      }
      override request(method: string, url: string, options?: RequestOptions) {
        calls.push([method, url]);
        return super.request(method, url, options);
      }
    }
    const client = new Recording(tokenAuth('k'), { baseUrl: 'https://api.example', fetch });
    const options = { json: { a: 1 } };
    await expect(client.requestJson('PUT', '/x', options)).resolves.toBe('ok');
    await expect(client.requestText('HEAD', '/y')).resolves.toMatchObject({ text: '"ok"' });
    expect(calls).toEqual([
      ['put', '/x', { json: { a: 1 } }],
      ['PUT', '/x'],
      ['HEAD', '/y'],
    ]);
    expect(calls[0][2]).not.toBe(options);
  });

  it('refuse what is not a Response with a TypeError naming the method', async () => {
    class Broken extends ApiClient {
      override get(): Promise<never> {
        return Promise.resolve(null as never);
      }
    }
    const client = new Broken(tokenAuth('k'), { baseUrl: 'https://api.example', fetch });
    await expect(client.requestJson('GET', '/x')).rejects.toThrow(
      'Broken.get() must return the fetch Response it got from the engine (got null)',
    );
  });
});
