import { describe, expect, it } from '@jest/globals';
import { mergeHeaders } from '../../../src/core/request/outgoing-request.js';

describe('mergeHeaders', () => {
  it('lets later sources win, comparing names case-insensitively', () => {
    expect(mergeHeaders([{ Accept: 'a', 'X-One': '1' }, { accept: 'b' }])).toEqual({ accept: 'b', 'X-One': '1' });
  });

  it('removes a header given as undefined and skips missing sources', () => {
    expect(mergeHeaders([{ 'User-Agent': 'x', From: 'f' }, undefined, { 'user-agent': undefined }])).toEqual({
      From: 'f',
    });
  });

  it('does not change its inputs', () => {
    const first = { A: '1' };
    mergeHeaders([first, { a: '2' }]);
    expect(first).toEqual({ A: '1' });
  });

  it('moves a header set again to the end, in its latest spelling', () => {
    expect(Object.entries(mergeHeaders([{ A: '1', B: '2', C: '3' }, { a: '4' }]))).toEqual([
      ['B', '2'],
      ['C', '3'],
      ['a', '4'],
    ]);
  });

  it('keeps a name that an object would read as its prototype as a plain header', () => {
    const source = JSON.parse('{"__proto__": "x", "constructor": "y"}') as Record<string, string>;
    const merged = mergeHeaders([source]);
    expect(Object.keys(merged)).toEqual(['__proto__', 'constructor']);
    expect(merged.constructor).toBe('y');
  });

  it('ignores inherited properties of a source', () => {
    const source = Object.assign(Object.create({ Inherited: 'no' }) as Record<string, string>, { Own: 'yes' });
    expect(mergeHeaders([source])).toEqual({ Own: 'yes' });
  });
});
