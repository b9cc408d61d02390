import { describe, expect, it } from '@jest/globals';
import { nextStartIndex } from '../../../src/core/scim/scim-pagination.js';

describe('nextStartIndex', () => {
  it('advances by the number of results received', () => {
    expect(nextStartIndex(1, 2, 2, 5)).toBe(3);
    expect(nextStartIndex(3, 10, 4, 100)).toBe(7);
  });

  it('stops on the page that reaches totalResults', () => {
    expect(nextStartIndex(5, 2, 1, 5)).toBeNull();
    expect(nextStartIndex(3, 2, 2, 4)).toBeNull();
  });

  it('stops on an empty page even when totalResults says there is more', () => {
    expect(nextStartIndex(3, 2, 0, 10)).toBeNull();
  });

  it('without totalResults, stops on a short page and goes on after a full one', () => {
    expect(nextStartIndex(1, 2, 1, undefined)).toBeNull();
    expect(nextStartIndex(1, 2, 2, undefined)).toBe(3);
  });
});
