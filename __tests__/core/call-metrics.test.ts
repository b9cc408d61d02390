import { describe, expect, it } from '@jest/globals';
import { pathCallKey, recordCall, tallyTotal } from '../../src/core/call-metrics.js';

describe('call metrics', () => {
  it('recordCall counts responses and adds up their seconds per key', () => {
    const tallies = { apiCallCounts: {}, apiTime: {} };
    recordCall(tallies, 'GET /users/{id}', 0.25);
    recordCall(tallies, 'GET /users/{id}', 0.5);
    recordCall(tallies, 'POST /users', 1);
    expect(tallies).toEqual({ apiCallCounts: { 'GET /users/{id}': 2, 'POST /users': 1 }, apiTime: { 'GET /users/{id}': 0.75, 'POST /users': 1 } });
    expect(tallyTotal(tallies.apiCallCounts)).toBe(3);
    expect(tallyTotal(tallies.apiTime)).toBe(1.75);
  });

  it('a key inherited from Object.prototype is counted as any other', () => {
    const tallies = { apiCallCounts: {}, apiTime: {} };
    recordCall(tallies, 'toString', 1);
    expect(tallies.apiCallCounts).toEqual({ toString: 1 });
  });

  it('pathCallKey keys by method and the path below the base URL, without query or fragment', () => {
    expect(pathCallKey('post', 'https://events.pagerduty.com/v2/enqueue?x=1#f', 'https://events.pagerduty.com')).toBe('POST /v2/enqueue');
    expect(pathCallKey('GET', 'https://elsewhere.example.com/x?y', 'https://events.pagerduty.com')).toBe('GET https://elsewhere.example.com/x');
  });
});
