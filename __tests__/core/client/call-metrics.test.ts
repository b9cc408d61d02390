import { describe, expect, it } from '@jest/globals';
import { bareUrl, CallKeyMemo, pathCallKey, recordCall, tallyTotal } from '../../../src/core/client/call-metrics.js';

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

  it('pathCallKey keeps a URL that only starts like the base URL whole', () => {
    expect(pathCallKey('GET', 'https://api.pagerduty.com.evil/x', 'https://api.pagerduty.com')).toBe('GET https://api.pagerduty.com.evil/x');
    expect(pathCallKey('GET', 'https://api.pagerduty.com', 'https://api.pagerduty.com')).toBe('GET https://api.pagerduty.com');
  });

  it('bareUrl cuts the URL at its query or fragment, whichever comes first', () => {
    expect(bareUrl('https://h/a?b#c')).toBe('https://h/a');
    expect(bareUrl('https://h/a#c?d')).toBe('https://h/a');
    expect(bareUrl('https://h/a')).toBe('https://h/a');
  });
});

describe('CallKeyMemo', () => {
  it('remembers a key per method and URL without its query', () => {
    const memo = new CallKeyMemo();
    expect(memo.get('https://h', 'GET', 'https://h/users/P1?offset=0')).toBeUndefined();
    expect(memo.set('GET', 'https://h/users/P1?offset=0', 'GET /users/{id}')).toBe('GET /users/{id}');
    expect(memo.get('https://h', 'GET', 'https://h/users/P1?offset=100')).toBe('GET /users/{id}');
    expect(memo.get('https://h', 'PUT', 'https://h/users/P1')).toBeUndefined();
  });

  it('answers the same URL again, but never for another method or after the base URL changed', () => {
    const memo = new CallKeyMemo();
    memo.get('https://h', 'GET', 'https://h/users/P1');
    memo.set('GET', 'https://h/users/P1', 'GET /users/{id}');
    expect(memo.get('https://h', 'GET', 'https://h/users/P1')).toBe('GET /users/{id}');
    expect(memo.get('https://h', 'GET', 'https://h/users/P1')).toBe('GET /users/{id}');
    expect(memo.get('https://h', 'DELETE', 'https://h/users/P1')).toBeUndefined();
    expect(memo.get('https://other', 'GET', 'https://h/users/P1')).toBeUndefined();
  });

  it('forgets everything when the base URL changes', () => {
    const memo = new CallKeyMemo();
    memo.get('https://h', 'GET', 'https://h/v2/users');
    memo.set('GET', 'https://h/v2/users', 'GET /v2/users');
    expect(memo.get('https://h/v2', 'GET', 'https://h/v2/users')).toBeUndefined();
    expect(memo.get('https://h', 'GET', 'https://h/v2/users')).toBeUndefined();
  });

  it('stays bounded: past 1,024 keys it starts afresh', () => {
    const memo = new CallKeyMemo();
    memo.get('https://h', 'GET', 'https://h/x');
    for (let i = 0; i < 1024; i += 1) memo.set('GET', `https://h/users/P${i}`, `key ${i}`);
    expect(memo.get('https://h', 'GET', 'https://h/users/P0')).toBe('key 0');
    memo.set('GET', 'https://h/users/P1024', 'key 1024');
    expect(memo.get('https://h', 'GET', 'https://h/users/P0')).toBeUndefined();
    expect(memo.get('https://h', 'GET', 'https://h/users/P1024')).toBe('key 1024');
  });
});
