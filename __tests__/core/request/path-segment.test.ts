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

  it.each([null, undefined, 1, [], {}])('refuses the non-string %p with a TypeError', (id) => {
    expect(() => pathSegment('ability name', id, fail)).toThrow(/ability name must be a string/);
  });
});
