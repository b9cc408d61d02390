import { describe, expect, it } from '@jest/globals';
import {
  acceptsResourceObject,
  DEFAULT_REST_POLICY,
  resolveRestPolicy,
  targetUrl,
  type ResourceTarget,
} from '../../../../src/core/rest/endpoints/policy.js';
import { orThrow } from '../../../helpers/refusal-thrown.js';
import { legacyPolicyFor } from '../../../../src/legacy/compat.js';
import { PDPYRAS_RELEASES } from '../../../../src/legacy/pdpyras-releases.js';

describe('REST policy', () => {
  it('defaults to every modern behaviour', () => {
    expect(DEFAULT_REST_POLICY).toEqual({
      appendListBrackets: true,
      wrappers: 'config',
      acceptResourceObjects: true,
      unknownTotal: null,
      declaredRequirements: true,
      cursorAnyPath: false,
      wrapperOverrides: {},
      wrappedWhen: 'only-key',
      wrapDeleteBody: true,
    });
    expect(resolveRestPolicy()).toEqual(DEFAULT_REST_POLICY);
  });

  it('takes given fields over the default and freezes the result', () => {
    const policy = resolveRestPolicy({
      wrappers: 'convention',
      acceptResourceObjects: false,
      appendListBrackets: undefined,
    });
    expect(policy).toEqual({
      appendListBrackets: true,
      wrappers: 'convention',
      acceptResourceObjects: false,
      unknownTotal: null,
      declaredRequirements: true,
      cursorAnyPath: false,
      wrapperOverrides: {},
      wrappedWhen: 'only-key',
      wrapDeleteBody: true,
    });
    expect(Object.isFrozen(policy)).toBe(true);
  });

  it("resolves every legacy release's policy (the one caller) to values the REST clients know", () => {
    for (const version of PDPYRAS_RELEASES) {
      const policy = resolveRestPolicy(legacyPolicyFor(version).rest);
      expect(['config', 'convention']).toContain(policy.wrappers);
      expect([null, '?']).toContain(policy.unknownTotal);
      expect(['only-key', 'has-key']).toContain(policy.wrappedWhen);
      for (const flag of ['appendListBrackets', 'declaredRequirements', 'wrapDeleteBody', 'cursorAnyPath'] as const)
        expect(typeof policy[flag]).toBe('boolean');
      const objects = policy.acceptResourceObjects;
      expect(typeof objects === 'boolean' || objects.every((name) => typeof name === 'string')).toBe(true);
    }
  });

  it('takes a list of the methods that accept a resource object, copied and frozen', () => {
    const names = ['rget', 'rput'];
    const policy = resolveRestPolicy({ acceptResourceObjects: names });
    names.push('jget');
    expect(policy.acceptResourceObjects).toEqual(['rget', 'rput']);
    expect(Object.isFrozen(policy.acceptResourceObjects)).toBe(true);
    expect(acceptsResourceObject(policy, 'rget')).toBe(true);
    expect(acceptsResourceObject(policy, 'jget')).toBe(false);
    expect(acceptsResourceObject(DEFAULT_REST_POLICY, 'rpost')).toBe(true);
    expect(acceptsResourceObject({ acceptResourceObjects: false }, 'rget')).toBe(false);
  });

  it("takes '?' as the item hook's unknown total", () => {
    expect(resolveRestPolicy({ unknownTotal: '?' }).unknownTotal).toBe('?');
  });
});

describe('targetUrl', () => {
  it('returns a URL as it is', () => {
    expect(orThrow(targetUrl('/users/P1', true, 'rget'))).toBe('/users/P1');
  });

  it('returns the self URL of a resource object', () => {
    expect(orThrow(targetUrl({ self: 'https://api.pagerduty.com/users/P1' }, true, 'rget'))).toBe(
      'https://api.pagerduty.com/users/P1',
    );
  });

  it('refuses an object without self', () => {
    expect(() => orThrow(targetUrl({ id: 'P1' } as ResourceTarget, true, 'rput'))).toThrow(
      'the object passed to rput in place of a URL has no "self" URL',
    );
    expect(() => orThrow(targetUrl({ self: null }, true, 'rput'))).toThrow('no "self"');
  });

  it('refuses any object when the policy does not accept them', () => {
    expect(() => orThrow(targetUrl({ self: 'https://api.pagerduty.com/users/P1' }, false, 'jget'))).toThrow(
      'jget needs a URL; this client does not accept a resource object',
    );
  });

  it('refuses values that are neither', () => {
    expect(() => orThrow(targetUrl(42 as unknown as ResourceTarget, true, 'rget'))).toThrow(
      'rget needs a URL or a resource object, got number',
    );
    expect(() => orThrow(targetUrl(null as unknown as ResourceTarget, true, 'rget'))).toThrow('got null');
  });
});
