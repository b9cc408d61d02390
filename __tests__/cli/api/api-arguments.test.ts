import { describe, expect, it } from '@jest/globals';
import { fieldFile, fieldsToBody, fieldsToQuery, parseField, parseHeader } from '../../../src/cli/api/api-arguments.js';
import { UsageError } from '../../../src/cli/common/usage-error.js';

const typed = (...texts: string[]) => texts.map((text) => parseField(text, true));

describe('parseField', () => {
  it('types true, false, null and integers with -F', () => {
    expect(typed('a=true', 'b=false', 'c=null', 'd=42', 'e=-7', 'f=4.5', 'g=abc', 'h=')).toEqual([
      { key: 'a', value: true },
      { key: 'b', value: false },
      { key: 'c', value: null },
      { key: 'd', value: 42 },
      { key: 'e', value: -7 },
      { key: 'f', value: '4.5' },
      { key: 'g', value: 'abc' },
      { key: 'h', value: '' },
    ]);
  });

  it('keeps text with -f, and splits at the first =', () => {
    expect(parseField('limit=25', false)).toEqual({ key: 'limit', value: '25' });
    expect(parseField('query=a=b', true)).toEqual({ key: 'query', value: 'a=b' });
  });

  it('keeps an integer too big to be exact as text', () => {
    expect(parseField('id=123456789012345678901', true).value).toBe('123456789012345678901');
  });

  it.each(['novalue', '=x', ''])('refuses %p', (text) => {
    expect(() => parseField(text, true)).toThrow(UsageError);
  });
});

describe('fieldsToQuery', () => {
  it('keeps single keys and turns repeated or [] keys into key[] lists', () => {
    expect(
      fieldsToQuery(typed('limit=25', 'statuses=triggered', 'statuses=acknowledged', 'team_ids[]=P1', 'total=true')),
    ).toEqual({ limit: '25', 'statuses[]': ['triggered', 'acknowledged'], 'team_ids[]': ['P1'], total: 'true' });
  });

  it('merges key and key[] into one list', () => {
    expect(fieldsToQuery(typed('ids=a', 'ids[]=b'))).toEqual({ 'ids[]': ['a', 'b'] });
  });

  it('is empty for no fields', () => {
    expect(fieldsToQuery([])).toEqual({});
  });
});

describe('fieldsToBody', () => {
  it('nests a[b] keys into objects', () => {
    expect(
      fieldsToBody(typed('incident[type]=incident', 'incident[title]=Disk full', 'incident[service][id]=PSVC')),
    ).toEqual({
      incident: { type: 'incident', title: 'Disk full', service: { id: 'PSVC' } },
    });
  });

  it('builds lists from [] keys and from repeated keys', () => {
    expect(fieldsToBody(typed('ids[]=1', 'ids[]=2', 'tag=a', 'tag=b', 'tag=c', 'one[]=x'))).toEqual({
      ids: [1, 2],
      tag: ['a', 'b', 'c'],
      one: ['x'],
    });
  });

  it('keeps typed values', () => {
    expect(fieldsToBody(typed('a=1', 'b=true', 'c=null'))).toEqual({ a: 1, b: true, c: null });
  });

  it.each([
    [['a=1', 'a[b]=2']],
    [['a[b]=1', 'a=2']],
    [['a[]=1', 'a[b]=2']],
    [['a[][b]=1']],
    [['a]b=1']],
    [['__proto__[x]=1']],
    [['a[constructor]=1']],
  ])('refuses conflicting or malformed keys %p', (texts) => {
    expect(() => fieldsToBody(typed(...texts))).toThrow(UsageError);
  });

  it('does not pollute Object.prototype', () => {
    expect(() => fieldsToBody(typed('__proto__=x'))).toThrow(UsageError);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('parseHeader', () => {
  it('splits name and value at the first colon and trims them', () => {
    expect(parseHeader('From: ops@example.com')).toEqual(['From', 'ops@example.com']);
    expect(parseHeader('X-Thing:a:b')).toEqual(['X-Thing', 'a:b']);
  });

  it.each(['NoColon', ': value', ''])('refuses %p', (text) => {
    expect(() => parseHeader(text)).toThrow(UsageError);
  });
});

describe('fieldFile', () => {
  it('names the file of key=@file, and - for standard input', () => {
    expect(fieldFile('note[content]=@notes.txt')).toEqual({ key: 'note[content]', file: 'notes.txt' });
    expect(fieldFile('q=@-')).toEqual({ key: 'q', file: '-' });
  });

  it('is undefined for an ordinary value, and refuses a bare @', () => {
    expect(fieldFile('limit=25')).toBeUndefined();
    expect(fieldFile('a=b@c')).toBeUndefined();
    expect(() => fieldFile('a=@')).toThrow(UsageError);
  });
});
