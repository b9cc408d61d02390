import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { loadDefaultFetch, openConnections } from '../../../src/core/platform/web-platform.js';
import type { FetchResponse } from '../../../src/core/transport/fetch-types.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the web platform', () => {
  it("sends through the global fetch as it is at each request, without node-fetch's agent", async () => {
    const send = jest.fn(async () => ({ status: 204 }) as unknown as Response);
    const fetch = await loadDefaultFetch();
    globalThis.fetch = send as unknown as typeof globalThis.fetch;
    const response = (await fetch('https://api.example/x', { method: 'GET', agent: {} as never })) as FetchResponse;
    expect(response.status).toBe(204);
    expect(send).toHaveBeenCalledWith('https://api.example/x', { method: 'GET' });
  });

  it('says to pass the fetch option where there is no global fetch', async () => {
    const fetch = await loadDefaultFetch();
    (globalThis as { fetch?: unknown }).fetch = undefined;
    expect(() => fetch('https://api.example/x', {})).toThrow(/has no global fetch: pass the fetch option/);
  });

  it("refuses node-fetch's agent and proxy options, naming the runtime", () => {
    expect(() => openConnections({ agent: {} as never })).toThrow(/the agent option needs Node's agents, and Node /);
    expect(() => openConnections({ proxy: 'http://proxy:3128' })).toThrow(/the proxy option .*HTTPS_PROXY/);
  });

  it('owns no agent and has nothing to close otherwise', () => {
    const connections = openConnections({});
    expect(connections.agentFor('https://api.example/x', () => undefined)).toBeUndefined();
    expect(() => connections.close()).not.toThrow();
  });
});
