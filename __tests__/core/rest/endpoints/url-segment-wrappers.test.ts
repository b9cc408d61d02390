import { describe, expect, it } from '@jest/globals';
import {
  isIndexSegments,
  segmentWrappers,
  pathTokens,
  urlPathSegments,
} from '../../../../src/core/rest/endpoints/url-segment-wrappers.js';

describe('urlPathSegments', () => {
  it('splits a path into its nodes', () => {
    expect(urlPathSegments('/users/PABC/contact_methods')).toEqual(['users', 'PABC', 'contact_methods']);
    expect(urlPathSegments('users')).toEqual(['users']);
  });

  it('is null for a path with an empty node or none', () => {
    for (const path of ['/', '', '/users/', '//users', '/users//PABC']) expect(urlPathSegments(path)).toBeNull();
  });
});

describe("pathTokens (pdpyras 4.x's tokenize_url_path)", () => {
  it('alternates collection and id, and looks no deeper than the third node', () => {
    expect(pathTokens(['users'])).toEqual(['users', '{index}']);
    expect(pathTokens(['users', 'me'])).toEqual(['users', '{id}']);
    expect(pathTokens(['users', 'PU1', 'contact_methods'])).toEqual(['users', '{id}', 'contact_methods', '{index}']);
    expect(pathTokens(['users', 'PU1', 'contact_methods', 'PC1'])).toEqual([
      'users',
      '{id}',
      'contact_methods',
      '{id}',
    ]);
    expect(pathTokens(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', '{id}', 'c', '{index}']);
    expect(isIndexSegments(['a', 'b', 'c'])).toBe(true);
    expect(isIndexSegments(['a', 'b'])).toBe(false);
  });
});

describe('segmentWrappers', () => {
  it.each([
    ['GET', ['users'], 'users'],
    ['POST', ['users'], 'user'],
    ['GET', ['users', 'me'], 'user'],
    ['PUT', ['escalation_policies', 'PE1'], 'escalation_policy'],
    ['GET', ['users', 'PU1', 'contact_methods'], 'contact_methods'],
    ['POST', ['users', 'PU1', 'contact_methods'], 'contact_method'],
    ['PUT', ['incidents'], 'incidents'],
    ['PUT', ['incidents', 'PI1', 'alerts'], 'alerts'],
    ['PUT', ['priorities'], 'priorities'],
    ['PUT', ['users'], 'user'],
    ['POST', ['business_services', 'PBS1', 'subscribers'], 'subscriber'],
    ['GET', ['business_services', 'impacts'], 'business_service'],
  ])('%s %j is wrapped in %s, both ways', (method, nodes, wrapper) => {
    expect(segmentWrappers(method, nodes)).toEqual([wrapper, wrapper]);
  });
});
