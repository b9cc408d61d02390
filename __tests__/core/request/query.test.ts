import { describe, expect, it } from '@jest/globals';
import { appendQuery, encodeQuery, withListBrackets } from '../../../src/core/request/query.js';

describe('encodeQuery', () => {
  it('repeats list keys unchanged and leaves out null and undefined', () => {
    expect(encodeQuery({ statuses: ['triggered', 'acknowledged'], limit: 25, skip: undefined, none: null })).toBe(
      'statuses=triggered&statuses=acknowledged&limit=25',
    );
  });

  it('encodes dates as ISO 8601 and booleans as words', () => {
    expect(encodeQuery({ since: new Date('2026-01-01T00:00:00Z'), total: true })).toBe(
      'since=2026-01-01T00%3A00%3A00.000Z&total=true',
    );
  });

  it('sends a bigint as its decimal digits, alone or in a list', () => {
    expect(encodeQuery({ offset: 12345678901234567890n, ids: [1n, 2n] })).toBe(
      'offset=12345678901234567890&ids=1&ids=2',
    );
  });

  it.each([
    ['an object', { filter: { a: 1 } }],
    ['a function', { f: () => 1 }],
    ['a symbol', { s: Symbol('x') }],
    ['null in a list', { ids: ['P1', null] }],
    ['an object in a list', { ids: [{}] }],
    ['a nested list', { ids: [['P1']] }],
    ['NaN', { limit: Number.NaN }],
    ['an invalid Date', { since: new Date('nope') }],
  ])('refuses %s with a TypeError naming the key', (_what, params) => {
    expect(() => encodeQuery(params as never)).toThrow(TypeError);
    expect(() => encodeQuery(params as never)).toThrow(/query parameter "\w+"/);
  });

  it('returns an empty string for no params', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({})).toBe('');
  });
});

describe('withListBrackets', () => {
  it('appends [] to list keys unless present, and leaves the input alone', () => {
    const input = { statuses: ['triggered'], 'team_ids[]': ['T1'], query: 'x' };
    expect(withListBrackets(input)).toEqual({ 'statuses[]': ['triggered'], 'team_ids[]': ['T1'], query: 'x' });
    expect(input).toEqual({ statuses: ['triggered'], 'team_ids[]': ['T1'], query: 'x' });
  });
});

describe('appendQuery', () => {
  it('adds to a URL with or without a query', () => {
    expect(appendQuery('https://h/x', { a: 1 })).toBe('https://h/x?a=1');
    expect(appendQuery('https://h/x?b=2', { a: 1 })).toBe('https://h/x?b=2&a=1');
    expect(appendQuery('https://h/x', {})).toBe('https://h/x');
  });
});
