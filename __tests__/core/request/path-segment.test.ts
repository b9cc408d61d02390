import { describe, expect, it } from '@jest/globals';
import { pathSegment } from '../../../src/core/request/path-segment.js';

const fail = (message: string) => new RangeError(message);

describe('pathSegment', () => {
  it('encodes an id as exactly one segment', () => {
    expect(pathSegment('id', 'PABC', fail)).toBe('PABC');
    expect(pathSegment('id', 'P\\AB', fail)).toBe('P%5CAB');
    expect(pathSegment('id', 'a/b?c#d', fail)).toBe('a%2Fb%3Fc%23d');
    expect(pathSegment('id', '%2e%2e', fail)).toBe('%252e%252e');
  });

  it.each(['', '.', '..'])('refuses %j through the given error', (id) => {
    expect(() => pathSegment('id', id, fail)).toThrow(RangeError);
  });

  it.each(['P\tAB', 'P\nAB', 'PAB\n', '\u0000', 'P\u007f', 'P\ud800'])(
    'refuses %j, which has a character no URL carries as given',
    (id) => {
      expect(() => pathSegment('id', id, fail)).toThrow(RangeError);
      expect(() => pathSegment('id', id, fail)).toThrow(
        /is not a valid id: it contains the (control character|unpaired surrogate) U\+/,
      );
    },
  );

  it('encodes spaces and surrogate pairs', () => {
    expect(pathSegment('id', ' P AB ', fail)).toBe('%20P%20AB%20');
    expect(pathSegment('id', '\ud83d\ude00', fail)).toBe('%F0%9F%98%80');
  });

  it.each([null, undefined, 1, [], {}])('refuses the non-string %p with a TypeError', (id) => {
    expect(() => pathSegment('ability name', id, fail)).toThrow(/ability name must be a string/);
  });
});
