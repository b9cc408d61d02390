/** The escape hatch's merging: undeclared query parameters and body fields added to what is sent, never in place. */
import { describe, expect, it } from '@jest/globals';
import { mergeExtraFields, mergeExtraParams, withExtras } from '../../../src/core/request/extra-options.js';

describe('mergeExtraParams', () => {
  it('adds the extra parameters to a new object, and returns params itself without any', () => {
    const params = Object.freeze({ limit: 5 });
    expect(mergeExtraParams(params, { 'filter[kind]': 'web', tags: ['a'] }, 'request')).toEqual({
      limit: 5,
      'filter[kind]': 'web',
      tags: ['a'],
    });
    expect(mergeExtraParams(params, undefined, 'request')).toBe(params);
    expect(mergeExtraParams(undefined, { beta: true }, 'request')).toEqual({ beta: true });
  });

  it('refuses a name in both, with or without its [] (one parameter once sent)', () => {
    expect(() => mergeExtraParams({ limit: 5 }, { limit: 6 }, 'rget')).toThrow(
      new TypeError(
        'rget: query parameter "limit" is in both params (as "limit") and extraParams; give it in one of them',
      ),
    );
    expect(() => mergeExtraParams({ statuses: ['triggered'] }, { 'statuses[]': ['resolved'] }, 'listAll')).toThrow(
      /"statuses\[\]" is in both params \(as "statuses"\)/,
    );
  });

  it('refuses extraParams that are not an object', () => {
    expect(() => mergeExtraParams({}, 'beta=1' as never, 'request')).toThrow(
      new TypeError('request: extraParams must be an object of query parameters'),
    );
    expect(() => mergeExtraParams({}, [['beta', 1]] as never, 'request')).toThrow(TypeError);
  });
});

describe('mergeExtraFields', () => {
  it('adds the fields to an object body, or makes them the body', () => {
    const body = Object.freeze({ name: 'Web' });
    expect(mergeExtraFields(body, { beta: true }, 'jpost')).toEqual({ name: 'Web', beta: true });
    expect(mergeExtraFields(undefined, { beta: true }, 'jpost')).toEqual({ beta: true });
    expect(mergeExtraFields(body, undefined, 'jpost')).toBe(body);
  });

  it('refuses a field in both, a body that is no object, and fields that are no object', () => {
    expect(() => mergeExtraFields({ name: 'a' }, { name: 'b' }, 'jput')).toThrow(
      new TypeError('jput: body field "name" is in both json and extraFields; give it in one of them'),
    );
    expect(() => mergeExtraFields([{ id: 'P1' }], { beta: true }, 'rput')).toThrow(
      new TypeError('rput: extraFields are added to a JSON object body, but json is a list'),
    );
    expect(() => mergeExtraFields('text', { beta: true }, 'rput')).toThrow(/json is a string/);
    expect(() => mergeExtraFields({}, null as never, 'rput')).toThrow(/extraFields must be an object/);
  });
});

describe('withExtras', () => {
  it('merges both and removes them, leaving the options given unchanged', () => {
    const options = Object.freeze({
      params: Object.freeze({ limit: 1 }),
      extraParams: { beta: true },
      json: Object.freeze({ a: 1 }),
      extraFields: { b: 2 },
      timeout: 5,
    });
    expect(withExtras(options, 'request')).toEqual({
      params: { limit: 1, beta: true },
      json: { a: 1, b: 2 },
      timeout: 5,
    });
    const plain = { params: { limit: 1 } };
    expect(withExtras(plain, 'request')).toBe(plain);
    expect(withExtras({ extraParams: undefined }, 'request')).toEqual({});
  });
});
