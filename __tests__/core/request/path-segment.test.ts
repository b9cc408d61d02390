import { describe, expect, it } from '@jest/globals';
import { pathSegment } from '../../../src/core/request/path-segment.js';
import { orThrow, RefusedError } from '../../helpers/refusal-thrown.js';

describe('pathSegment', () => {
  it('encodes an id as exactly one segment', () => {
    expect(orThrow(pathSegment('id', 'PABC'))).toBe('PABC');
    expect(orThrow(pathSegment('id', 'P\\AB'))).toBe('P%5CAB');
    expect(orThrow(pathSegment('id', 'a/b?c#d'))).toBe('a%2Fb%3Fc%23d');
    expect(orThrow(pathSegment('id', '%2e%2e'))).toBe('%252e%252e');
  });

  it.each(['', '.', '..'])('refuses %j as a refusal', (id) => {
    expect(() => orThrow(pathSegment('id', id))).toThrow(RefusedError);
  });

  it.each(['P\tAB', 'P\nAB', 'PAB\n', '\u0000', 'P\u007f', 'P\ud800'])(
    'refuses %j, which has a character no URL carries as given',
    (id) => {
      expect(() => orThrow(pathSegment('id', id))).toThrow(RefusedError);
      expect(() => orThrow(pathSegment('id', id))).toThrow(
        /is not a valid id: it contains the (control character|unpaired surrogate) U\+/,
      );
    },
  );

  it('encodes spaces and surrogate pairs', () => {
    expect(orThrow(pathSegment('id', ' P AB '))).toBe('%20P%20AB%20');
    expect(orThrow(pathSegment('id', '\ud83d\ude00'))).toBe('%F0%9F%98%80');
  });

  it.each([null, undefined, 1, [], {}])('refuses the non-string %p with a TypeError', (id) => {
    expect(() => orThrow(pathSegment('ability name', id))).toThrow(/ability name must be a string/);
  });
});
