import { describe, expect, it } from '@jest/globals';
import { mergeHeaders } from '../../src/core/headers.js';

describe('mergeHeaders', () => {
  it('lets later sources win, comparing names case-insensitively', () => {
    expect(mergeHeaders([{ Accept: 'a', 'X-One': '1' }, { accept: 'b' }])).toEqual({ accept: 'b', 'X-One': '1' });
  });

  it('removes a header given as undefined and skips missing sources', () => {
    expect(mergeHeaders([{ 'User-Agent': 'x', From: 'f' }, undefined, { 'user-agent': undefined }])).toEqual({ From: 'f' });
  });

  it('does not change its inputs', () => {
    const first = { A: '1' };
    mergeHeaders([first, { a: '2' }]);
    expect(first).toEqual({ A: '1' });
  });
});
