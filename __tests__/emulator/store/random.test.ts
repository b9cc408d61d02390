import { describe, expect, it } from '@jest/globals';
import { IdGenerator, pick, randomHex32, seededRandom } from '../../../src/emulator/store/random.js';

describe('seededRandom', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('picks list items and makes 32-character hex keys', () => {
    const random = seededRandom(3);
    const items = ['a', 'b', 'c'];
    expect(items).toContain(pick(random, items));
    expect(randomHex32(random)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('IdGenerator', () => {
  it('never hands out the same identifier twice, even from a tiny alphabet space', () => {
    const ids = new IdGenerator(seededRandom(1));
    const seen = new Set<string>();
    // One character after the prefix leaves 36 identifiers: all must come out distinct.
    for (let i = 0; i < 36; i += 1) seen.add(ids.next('X', 1));
    expect(seen.size).toBe(36);
  });

  it('makes service-shaped identifiers by default', () => {
    expect(new IdGenerator(seededRandom(1)).next()).toMatch(/^P[A-Z0-9]{6}$/);
  });
});
