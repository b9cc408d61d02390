import { describe, expect, it } from '@jest/globals';
import { DEFAULT_REST_POLICY, resolveRestPolicy, type RestPolicy } from '../../../src/core/rest/policy.js';

describe('REST policy', () => {
  it('defaults to every modern behaviour', () => {
    expect(DEFAULT_REST_POLICY).toEqual({ appendListBrackets: true, wrappers: 'config', acceptResourceObjects: true });
    expect(resolveRestPolicy()).toEqual(DEFAULT_REST_POLICY);
  });

  it('takes given fields over the default and freezes the result', () => {
    const policy = resolveRestPolicy({ wrappers: 'convention', acceptResourceObjects: false, appendListBrackets: undefined });
    expect(policy).toEqual({ appendListBrackets: true, wrappers: 'convention', acceptResourceObjects: false });
    expect(Object.isFrozen(policy)).toBe(true);
  });

  it('refuses values of the wrong type', () => {
    expect(() => resolveRestPolicy({ wrappers: 'table' } as unknown as Partial<RestPolicy>)).toThrow(TypeError);
    expect(() => resolveRestPolicy({ appendListBrackets: 'yes' } as unknown as Partial<RestPolicy>)).toThrow('appendListBrackets');
    expect(() => resolveRestPolicy({ acceptResourceObjects: 1 } as unknown as Partial<RestPolicy>)).toThrow('acceptResourceObjects');
  });
});
