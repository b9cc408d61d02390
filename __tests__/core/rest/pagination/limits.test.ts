import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_PAGE_SIZE,
  ITERATION_LIMIT,
  pageSizeOrDefault,
  pageSizeWithin,
  pageSizing,
} from '../../../../src/core/rest/pagination/limits.js';

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

describe('pageSizeWithin and pageSizing', () => {
  it('lower a page size to the maximum, and leave it without one', () => {
    expect(pageSizeWithin(100, 50)).toBe(50);
    expect(pageSizeWithin(25, 50)).toBe(25);
    expect(pageSizeWithin(100, null)).toBe(100);
  });

  it('lower the default silently, and a pageSize or limit of the caller with a warning, never changing params', () => {
    expect(pageSizing('GET /r', undefined, {}, 50)).toEqual({ pageSize: 50, params: {}, warnings: [] });
    const params = Object.freeze({ limit: '80', query: 'x' });
    const sized = pageSizing('GET /r', 100, params, 50);
    expect(sized.pageSize).toBe(50);
    expect(sized.params).toEqual({ limit: 50, query: 'x' });
    expect(params).toEqual({ limit: '80', query: 'x' });
    expect(sized.warnings).toEqual([
      'pageSize 100 is above the largest page GET /r accepts (50): pages of 50 are requested',
      'The limit parameter 80 is above the largest page GET /r accepts (50): pages of 50 are requested',
    ]);
  });

  it('keep what is within the maximum, and everything without one', () => {
    expect(pageSizing('GET /r', 20, { limit: 30 }, 50)).toEqual({ pageSize: 20, params: { limit: 30 }, warnings: [] });
    expect(pageSizing('GET /r', 500, { limit: 900 }, null)).toEqual({
      pageSize: 500,
      params: { limit: 900 },
      warnings: [],
    });
  });

  it('refuse a page size that is not a positive integer', () => {
    expect(() => pageSizing('GET /r', 0, {}, 50)).toThrow(RangeError);
  });
});
