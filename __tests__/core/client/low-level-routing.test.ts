import { describe, expect, it } from '@jest/globals';
import type { RequestOptions } from '../../../src/core/api-client-options.js';
import { sendThroughLowLevel, usesEngineMethods, type RoutableClient } from '../../../src/core/client/low-level-routing.js';

const respond = async (): Promise<never> => ({ status: 200, text: async () => 'ok' }) as never;
const engine: RoutableClient = { request: respond, get: respond, post: respond, put: respond, patch: respond, delete: respond };

describe('usesEngineMethods', () => {
  it("is true only when neither request nor the verb's own method is replaced", () => {
    expect(usesEngineMethods({ ...engine }, engine, 'GET')).toBe(true);
    expect(usesEngineMethods({ ...engine, put: async () => respond() }, engine, 'GET')).toBe(true);
    expect(usesEngineMethods({ ...engine, put: async () => respond() }, engine, 'PUT')).toBe(false);
    expect(usesEngineMethods({ ...engine, request: async () => respond() }, engine, 'GET')).toBe(false);
    expect(usesEngineMethods({ ...engine }, engine, 'HEAD')).toBe(true);
  });
});

describe('sendThroughLowLevel', () => {
  it("calls the verb's method (request for HEAD) with a copy of the options and reads the text", async () => {
    const calls: unknown[][] = [];
    const client = {
      ...engine,
      constructor: { name: 'Fake' },
      put: async (url: string, options?: RequestOptions) => {
        calls.push(['put', url, options]);
        return respond();
      },
      request: async (method: string, url: string) => {
        calls.push([method, url]);
        return respond();
      },
    };
    const options = { json: { a: 1 } };
    await expect(sendThroughLowLevel(client, 'PUT', '/x', options)).resolves.toMatchObject({ text: 'ok' });
    await sendThroughLowLevel(client, 'HEAD', '/y', {});
    expect(calls).toEqual([['put', '/x', { json: { a: 1 } }], ['HEAD', '/y']]);
    expect(calls[0][2]).not.toBe(options);
  });

  it('refuses what is not a Response with a TypeError naming the method', async () => {
    const client = { ...engine, constructor: { name: 'Fake' }, get: async () => null as never };
    await expect(sendThroughLowLevel(client, 'GET', '/x', {})).rejects.toThrow('Fake.get() must return the fetch Response it got from the engine (got null)');
  });
});
