import { describe, expect, it } from '@jest/globals';
import { createDedupWindow } from '../../../src/core/webhooks/delivery-dedup.js';

describe('createDedupWindow', () => {
  it('remembers an id for the window, on the injected clock, then forgets it', () => {
    let now = 1_000;
    const window = createDedupWindow(60_000, 100, () => now);
    window.add('W1');
    now += 59_999;
    expect(window.has('W1')).toBe(true);
    now += 1;
    expect(window.has('W1')).toBe(false);
    expect(window.size).toBe(0);
  });

  it('holds at most maxEntries ids, forgetting the oldest first', () => {
    const window = createDedupWindow(60_000, 2, () => 0);
    window.add('A');
    window.add('B');
    window.add('C');
    expect([window.has('A'), window.has('B'), window.has('C'), window.size]).toEqual([false, true, true, 2]);
  });

  it('restarts the window of an id added again', () => {
    let now = 0;
    const window = createDedupWindow(10, 10, () => now);
    window.add('A');
    window.add('B');
    now = 8;
    window.add('A');
    now = 12;
    expect([window.has('A'), window.has('B')]).toEqual([true, false]);
  });
});
