import { describe, expect, it } from '@jest/globals';
import { nextScimStartIndex, nextStartIndex } from '../../../src/core/scim/scim-pagination.js';

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

describe('nextScimStartIndex', () => {
  it('reads the received count and totalResults from the page, and the startIndex that asked', () => {
    const next = nextScimStartIndex(2);
    expect(next({ Resources: [{}, {}], totalResults: 5 }, 1)).toBe(3);
    expect(next({ Resources: [{}], totalResults: 5 }, 5)).toBeNull();
    expect(next({ totalResults: 5 }, 3)).toBeNull();
    expect(next({ Resources: [{}, {}] }, 1)).toBe(3);
    expect(next({ Resources: [{}], totalResults: 'many' }, 1)).toBeNull();
  });
});
