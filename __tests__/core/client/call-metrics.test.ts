import { describe, expect, it, jest } from '@jest/globals';
import { ApiClient } from '../../../src/core/client/api-client.js';
import { tokenAuth } from '../../../src/core/auth/auth-methods.js';
import { bareUrl, CallMetrics, pathCallKey } from '../../../src/core/client/call-metrics.js';

describe('call metrics', () => {
  it('record counts responses and adds up their seconds per key', () => {
    const metrics = new CallMetrics();
    metrics.record('GET /users/{id}', 0.25);
    metrics.record('GET /users/{id}', 0.5);
    metrics.record('POST /users', 1);
    expect({ apiCallCounts: metrics.apiCallCounts, apiTime: metrics.apiTime }).toEqual({
      apiCallCounts: { 'GET /users/{id}': 2, 'POST /users': 1 },
      apiTime: { 'GET /users/{id}': 0.75, 'POST /users': 1 },
    });
    expect(metrics.totalCallCount).toBe(3);
    expect(metrics.totalCallTime).toBe(1.75);
  });

  it('a key inherited from Object.prototype is counted as any other', () => {
    const metrics = new CallMetrics();
    metrics.record('toString', 1);
    expect(metrics.apiCallCounts).toEqual({ toString: 1 });
  });

  it('pathCallKey keys by method and the path below the base URL, without query or fragment', () => {
    expect(pathCallKey('post', 'https://events.pagerduty.com/v2/enqueue?x=1#f', 'https://events.pagerduty.com')).toBe(
      'POST /v2/enqueue',
    );
    expect(pathCallKey('GET', 'https://elsewhere.example.com/x?y', 'https://events.pagerduty.com')).toBe(
      'GET https://elsewhere.example.com/x',
    );
  });

  it('pathCallKey keeps a URL that only starts like the base URL whole', () => {
    expect(pathCallKey('GET', 'https://api.pagerduty.com.evil/x', 'https://api.pagerduty.com')).toBe(
      'GET https://api.pagerduty.com.evil/x',
    );
    expect(pathCallKey('GET', 'https://api.pagerduty.com', 'https://api.pagerduty.com')).toBe(
      'GET https://api.pagerduty.com',
    );
  });

  it('bareUrl cuts the URL at its query or fragment, whichever comes first', () => {
    expect(bareUrl('https://h/a?b#c')).toBe('https://h/a');
    expect(bareUrl('https://h/a#c?d')).toBe('https://h/a');
    expect(bareUrl('https://h/a')).toBe('https://h/a');
  });
});

describe("a client's call metrics", () => {
  it('time attempts on the real clock: fake timers moved during a request do not count', async () => {
    jest.useFakeTimers();
    try {
      const fetch = async (url: string) => {
        jest.advanceTimersByTime(60_000);
        return {
          status: 200,
          statusText: 'OK',
          url,
          headers: new Headers(),
          arrayBuffer: async () => new ArrayBuffer(0),
        } as never;
      };
      const client = new ApiClient(tokenAuth('k'), { baseUrl: 'https://api.example', fetch });
      await client.get('/x');
      expect(client.apiCallCounts).toEqual({ 'GET /x': 1 });
      expect(client.apiTime['GET /x']).toBeLessThan(30);
    } finally {
      jest.useRealTimers();
    }
  });
});
