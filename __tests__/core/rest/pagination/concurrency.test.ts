import { describe, expect, it } from '@jest/globals';
import { concurrencyOrDefault, MAX_CONCURRENCY } from '../../../../src/core/rest/pagination/concurrency.js';

describe('concurrencyOrDefault', () => {
  it('is 1 unless given, and keeps a valid value', () => {
    expect(concurrencyOrDefault(undefined)).toBe(1);
    expect(concurrencyOrDefault(8)).toBe(8);
    expect(concurrencyOrDefault(MAX_CONCURRENCY)).toBe(MAX_CONCURRENCY);
  });

  it.each([0, -1, 1.5, MAX_CONCURRENCY + 1, Number.NaN])('refuses %p with a RangeError', (value) => {
    expect(() => concurrencyOrDefault(value)).toThrow(
      new RangeError(`concurrency must be an integer from 1 to ${MAX_CONCURRENCY}, got ${String(value)}`),
    );
  });
});
