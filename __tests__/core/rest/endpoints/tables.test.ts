import { describe, expect, it } from '@jest/globals';
import { lazy, unpackIndexes, unpackPaths, unpackWrappers } from '../../../../src/core/rest/endpoints/tables.js';
import { packIndexes, packPaths, packWrappers } from '../../../../scripts/generate/packed-tables.js';
import type { IndexRow, WrapperValue } from '../../../../scripts/generate/table-rows.js';

// The packed REST tables unpack to exactly the rows the generator packed, in their order.
const PATHS = ['/abilities', '/abilities/{id}', '/addons', '/users/{id}/contact_methods', '/users/{id}/sessions'];
const packed = (lines: string[]): string => `\n${lines.map((line) => `${line}\n`).join('')}`;

describe('the packed REST tables', () => {
  it('front-code the canonical paths and unpack them in order', () => {
    const lines = packPaths(PATHS);
    expect(lines).toEqual(['0/abilities', 'a/{id}', '2ddons', '1users/{id}/contact_methods', 'csessions']);
    expect(unpackPaths(packed(lines))).toEqual(PATHS);
  });

  it('share at most 35 characters with the path before (one base-36 digit)', () => {
    const long = ['/a_very_long_segment_that_goes_on_and_on/x', '/a_very_long_segment_that_goes_on_and_on/y'];
    expect(packPaths(long)[1]).toMatch(/^z/);
    expect(unpackPaths(packed(packPaths(long)))).toEqual(long);
  });

  it('unpack index pagination, with the list key only where it is not the last segment', () => {
    const indexes: Array<[string, IndexRow]> = [
      ['/addons', { style: 'classic', listKey: 'addons', maxPageSize: null, moreField: true, limitParam: true }],
      ['/abilities', { style: 'none', listKey: 'abilities', maxPageSize: null, moreField: false, limitParam: false }],
      [
        '/users/{id}/sessions',
        { style: 'cursor', listKey: 'user_sessions', maxPageSize: 100, moreField: false, limitParam: true },
      ],
    ];
    const lines = packIndexes(indexes, PATHS);
    expect(lines).toEqual(['2 c11', '0 n00', '4 k01100 user_sessions']);
    const unpacked = unpackIndexes(packed(lines), PATHS);
    expect(Object.entries(unpacked)).toEqual(indexes);
    expect(Object.isFrozen(unpacked)).toBe(true);
  });

  it('unpack wrapper exceptions: one wrapper, none, or a request and a response wrapper', () => {
    const wrappers: Array<[string, WrapperValue]> = [
      ['POST /abilities/{id}', null],
      ['GET /users/{id}/contact_methods', 'contact_method'],
      ['PATCH /addons', [null, 'addon']],
      ['DELETE /users/{id}/sessions', ['session', null]],
      ['PUT /addons', 'addon'],
    ];
    const lines = packWrappers(wrappers, PATHS);
    expect(lines).toEqual(['P1 -', 'G3 contact_method', 'A2 - addon', 'D4 session -', 'U2 addon']);
    expect(Object.entries(unpackWrappers(packed(lines), PATHS))).toEqual(wrappers);
  });

  it('refuse to pack what they could not unpack, and name a bad path number', () => {
    expect(() => packWrappers([['GET /nowhere', 'x']], PATHS)).toThrow(/\/nowhere is not a canonical path/);
    expect(() => packWrappers([['GET /addons', 'two words']], PATHS)).toThrow(/cannot pack "two words"/);
    expect(() => unpackWrappers('Gz x', PATHS)).toThrow(/no canonical path number z/);
  });
});

describe('lazy', () => {
  it('makes its value at the first call only, and returns that same value after (undefined too)', () => {
    let calls = 0;
    const value = lazy(() => ({ made: (calls += 1) }));
    expect(calls).toBe(0);
    expect(value()).toBe(value());
    expect(calls).toBe(1);
    let undefinedCalls = 0;
    const nothing = lazy(() => {
      undefinedCalls += 1;
      return undefined;
    });
    expect([nothing(), nothing(), undefinedCalls]).toEqual([undefined, undefined, 1]);
  });
});
