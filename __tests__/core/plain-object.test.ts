import { describe, expect, it } from '@jest/globals';
import { isPlainObject } from '../../src/core/plain-object.js';

describe('isPlainObject', () => {
  it('is true only for non-array objects', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ id: 'P1' })).toBe(true);
    expect(isPlainObject([])).toBe(false);
    expect(isPlainObject(null)).toBe(false);
    expect(isPlainObject(undefined)).toBe(false);
    expect(isPlainObject('x')).toBe(false);
    expect(isPlainObject(1)).toBe(false);
  });
});
