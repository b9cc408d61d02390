import { describe, expect, it } from '@jest/globals';
import { targetUrl, type ResourceTarget } from '../../../../src/core/rest/endpoints/resource-target.js';

const fail = (message: string): Error => new Error(message);

describe('targetUrl', () => {
  it('returns a URL as it is', () => {
    expect(targetUrl('/users/P1', true, 'rget', fail)).toBe('/users/P1');
  });

  it('returns the self URL of a resource object', () => {
    expect(targetUrl({ self: 'https://api.pagerduty.com/users/P1' }, true, 'rget', fail)).toBe(
      'https://api.pagerduty.com/users/P1',
    );
  });

  it('refuses an object without self', () => {
    expect(() => targetUrl({ id: 'P1' } as ResourceTarget, true, 'rput', fail)).toThrow(
      'the object passed to rput in place of a URL has no "self" URL',
    );
    expect(() => targetUrl({ self: null }, true, 'rput', fail)).toThrow('no "self"');
  });

  it('refuses any object when the policy does not accept them', () => {
    expect(() => targetUrl({ self: 'https://api.pagerduty.com/users/P1' }, false, 'jget', fail)).toThrow(
      'jget needs a URL; this client does not accept a resource object',
    );
  });

  it('refuses values that are neither', () => {
    expect(() => targetUrl(42 as unknown as ResourceTarget, true, 'rget', fail)).toThrow(
      'rget needs a URL or a resource object, got number',
    );
    expect(() => targetUrl(null as unknown as ResourceTarget, true, 'rget', fail)).toThrow('got null');
  });
});
