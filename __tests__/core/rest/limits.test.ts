import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PAGE_SIZE, ITERATION_LIMIT, pageSizeOrDefault } from '../../../src/core/rest/limits.js';

describe('limits', () => {
  it('are the API limit and the default page size of the specification', () => {
    expect(ITERATION_LIMIT).toBe(10000);
    expect(DEFAULT_PAGE_SIZE).toBe(100);
  });

  it('pageSizeOrDefault keeps a positive integer and defaults to 100', () => {
    expect(pageSizeOrDefault(undefined)).toBe(100);
    expect(pageSizeOrDefault(25)).toBe(25);
  });

  it.each([0, -1, 2.5, Number.NaN])('pageSizeOrDefault refuses %p', (size) => {
    expect(() => pageSizeOrDefault(size)).toThrow(RangeError);
  });
});
