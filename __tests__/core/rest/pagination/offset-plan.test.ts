import { describe, expect, it } from '@jest/globals';
import { remainingOffsets } from '../../../../src/core/rest/pagination/offset-plan.js';

describe('remainingOffsets', () => {
  it('plans the pages after the first for a known total', () => {
    expect(remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 350 })).toEqual({
      offsets: [100, 200, 300],
      stoppedAt: null,
    });
    expect(remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 300 })).toEqual({
      offsets: [100, 200],
      stoppedAt: null,
    });
    expect(remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 90 })).toEqual({
      offsets: [],
      stoppedAt: null,
    });
  });

  it('starts from the caller offset and moves by what the first page held (a capped limit)', () => {
    expect(remainingOffsets({ firstOffset: 40, step: 25, limit: 100, total: 140 })).toEqual({
      offsets: [65, 90, 115],
      stoppedAt: null,
    });
  });

  it('stops before a request whose offset + limit passes the limit, as sequential pagination does', () => {
    const plan = remainingOffsets({ firstOffset: 0, step: 100, limit: 100, total: 25_000 });
    expect(plan.offsets).toHaveLength(99);
    expect(plan.offsets.at(-1)).toBe(9900);
    expect(plan.stoppedAt).toBe(10_000);
    expect(remainingOffsets({ firstOffset: 0, step: 30, limit: 50, total: 200, iterationLimit: 100 })).toEqual({
      offsets: [30],
      stoppedAt: 60,
    });
  });

  it('refuses a step that would never end', () => {
    expect(() => remainingOffsets({ firstOffset: 0, step: 0, limit: 100, total: 10 })).toThrow(RangeError);
    expect(() => remainingOffsets({ firstOffset: 0, step: 1.5, limit: 100, total: 10 })).toThrow(RangeError);
  });
});
