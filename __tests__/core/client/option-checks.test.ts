import { describe, expect, it } from '@jest/globals';
import { checkNumber, checkSetting } from '../../../src/core/client/option-checks.js';

describe('checkNumber', () => {
  it('returns a value that satisfies the rule', () => {
    expect(checkNumber('n', 0, {})).toBe(0);
    expect(checkNumber('n', 2.5, {})).toBe(2.5);
    expect(checkNumber('n', 3, { integer: true })).toBe(3);
  });

  it.each([Number.NaN, '3', null, undefined])('refuses the non-number %p with a TypeError', (value) => {
    expect(() => checkNumber('n', value, {})).toThrow(TypeError);
  });

  it.each([
    [-1, {}],
    [Number.POSITIVE_INFINITY, {}],
    [1.5, { integer: true }],
    [0, { positive: true }],
  ])('refuses %p under %p with a RangeError', (value, rule) => {
    expect(() => checkNumber('n', value, rule)).toThrow(RangeError);
  });
});

describe('checkSetting', () => {
  it('applies each setting its own rule', () => {
    expect(() => checkSetting('timeout', 0)).toThrow(/timeout must be a positive/);
    expect(() => checkSetting('maxNetworkAttempts', 1.5)).toThrow(/whole/);
    expect(checkSetting('sleepTimer', 0)).toBe(0);
  });
});
