import { describe, expect, it } from '@jest/globals';
import { mergeHeaders, MergedHeadersMemo } from '../../../src/core/request/headers.js';

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

describe('MergedHeadersMemo', () => {
  it('merges as mergeHeaders does, and hands out the same frozen object while the sources hold the same entries', () => {
    const memo = new MergedHeadersMemo();
    const sources = [{ Accept: 'a', 'User-Agent': 'ua' }, {}, undefined, { accept: 'b' }];
    const first = memo.merge(sources);
    expect(first).toEqual(mergeHeaders(sources));
    expect(Object.isFrozen(first)).toBe(true);
    const second = memo.merge([{ Accept: 'a', 'User-Agent': 'ua' }, {}, undefined, { accept: 'b' }]);
    expect(second).toBe(first);
    expect(second).toEqual({ 'User-Agent': 'ua', accept: 'b' });
  });

  it('compares every entry of the new sources with the last ones, not only as many as were there', () => {
    const memo = new MergedHeadersMemo();
    expect(memo.merge([{ A: '1', B: '2' }, { C: '3' }])).toEqual({ A: '1', B: '2', C: '3' });
    expect(memo.merge([{ A: '1' }, { C: '3' }])).toEqual({ A: '1', C: '3' });
    expect(memo.merge([{ A: '1', B: '2' }, { C: '3' }])).toEqual({ A: '1', B: '2', C: '3' });
    expect(memo.merge([{ A: '1', B: '2' }, { C: '4' }])).toEqual({ A: '1', B: '2', C: '4' });
  });

  it('merges afresh when a source changes in place: a value, a new name, a removed name, the order', () => {
    const memo = new MergedHeadersMemo();
    const client: Record<string, string | undefined> = { 'X-Team': 'sre' };
    const merge = () => memo.merge([{ Accept: 'a' }, client, { Authorization: 'k' }]);
    expect(merge()).toEqual({ Accept: 'a', 'X-Team': 'sre', Authorization: 'k' });
    client['X-Team'] = 'ops';
    expect(merge()).toEqual({ Accept: 'a', 'X-Team': 'ops', Authorization: 'k' });
    client['X-More'] = '1';
    expect(merge()).toEqual({ Accept: 'a', 'X-Team': 'ops', 'X-More': '1', Authorization: 'k' });
    delete client['X-Team'];
    expect(merge()).toEqual({ Accept: 'a', 'X-More': '1', Authorization: 'k' });
    client.accept = undefined;
    expect(merge()).toEqual({ 'X-More': '1', Authorization: 'k' });
  });

  it('tells a missing source from an empty one, and a header moved to another source', () => {
    const memo = new MergedHeadersMemo();
    expect(memo.merge([{ A: '1' }, undefined])).toEqual({ A: '1' });
    expect(memo.merge([undefined, { A: '2' }])).toEqual({ A: '2' });
    expect(memo.merge([{ A: '2' }, {}])).toEqual({ A: '2' });
    expect(memo.merge([{}, { A: '3' }])).toEqual({ A: '3' });
  });

  it('keeps a header named __proto__ as a plain header in its copies', () => {
    const memo = new MergedHeadersMemo();
    const source = JSON.parse('{"__proto__": "x"}') as Record<string, string>;
    memo.merge([source]);
    const again = memo.merge([source]);
    expect(Object.keys(again)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(again)).toBe(Object.prototype);
  });
});
