import { describe, expect, it, jest } from '@jest/globals';
import { entityWrappersFor } from '../../../../src/core/rest/endpoints/entity-wrappers.js';
import { CANONICAL_PATHS, REST_API_V2_TABLES } from '../../../../src/tables.js';
import {
  compileCanonicalPaths,
  pathShape,
  quietCanonicalPath,
} from '../../../../src/core/rest/endpoints/canonical-path.js';
import type { RestApiTables } from '../../../../src/core/rest/endpoints/tables.js';
import {
  compileTables,
  indexTarget,
  wrapperPathFor,
  withWrapperRows,
  EndpointLookup,
  CanonicalPathMemo,
} from '../../../../src/core/rest/endpoints/endpoint-lookup.js';
import { Refusal } from '../../../../src/core/errors/refusal.js';
import { resolveRestPolicy, type RestPolicy } from '../../../../src/core/rest/endpoints/policy.js';
import { orThrow } from '../../../helpers/refusal-thrown.js';

const TABLES = compileTables({
  canonicalPaths: [
    '/users',
    '/users/{id}',
    '/users/me',
    '/audit/records',
    '/business_services/impacts',
    '/alert_grouping_settings',
    '/schedules/{id}/overrides',
  ],
  wrapperConfig: { 'GET /business_services/impacts': 'services', '* /schedules/{id}/overrides': ['overrides', null] },
  cursorPaths: ['/audit/records'],
  specialisedIterators: { '/alert_grouping_settings': 'iterAlertGroupingSettings' },
} as RestApiTables);

const CONFIG = { wrappers: 'config' } as const;
const CONVENTION = { wrappers: 'convention' } as const;

describe('quietCanonicalPath', () => {
  it('matches, or is null without building an error', () => {
    expect(quietCanonicalPath(TABLES, '/users/me')).toBe('/users/me');
    expect(quietCanonicalPath(TABLES, '/widgets/W1')).toBeNull();
  });
});

describe('wrapperPathFor', () => {
  it('is the canonical path under config, the path itself under the convention', () => {
    expect(orThrow(wrapperPathFor(TABLES, CONFIG, '/users/PU1'))).toBe('/users/{id}');
    expect(orThrow(wrapperPathFor(TABLES, CONVENTION, '/widgets/W1'))).toBe('/widgets/W1');
    expect(() => orThrow(wrapperPathFor(TABLES, CONFIG, '/widgets/W1'))).toThrow(/does not match any canonical path/);
    expect(() => orThrow(wrapperPathFor(TABLES, CONVENTION, '/users//PU1'))).toThrow(/Invalid API resource URL/);
  });
});

describe('indexTarget', () => {
  it('config: classic by the wrapper table, cursor for a cursor path', () => {
    expect(orThrow(indexTarget(TABLES, CONFIG, '/business_services/impacts', 'iterAll'))).toMatchObject({
      path: '/business_services/impacts',
      wrapper: 'services',
      plan: { style: 'classic' },
    });
    expect(orThrow(indexTarget(TABLES, CONFIG, '/audit/records', 'iterAll'))).toMatchObject({
      path: '/audit/records',
      wrapper: 'records',
      plan: { style: 'cursor' },
    });
  });

  it('convention: a path outside the table is paged by its nodes; a known cursor path by cursor and last node', () => {
    expect(orThrow(indexTarget(TABLES, CONVENTION, '/widgets', 'iterAll'))).toMatchObject({
      path: '/widgets',
      wrapper: 'widgets',
      plan: { style: 'classic', maxPageSize: null },
    });
    expect(orThrow(indexTarget(TABLES, CONVENTION, '/audit/records', 'iterAll'))).toMatchObject({
      path: '/audit/records',
      wrapper: 'records',
      plan: { style: 'cursor' },
    });
  });

  it('config: the index table decides style, list key and largest page when the tables have one', () => {
    const described = compileTables({
      canonicalPaths: ['/rules', '/rules/{id}'],
      wrapperConfig: {},
      cursorPaths: [],
      indexes: {
        '/rules': { style: 'classic', listKey: 'rules', maxPageSize: 50, moreField: false, limitParam: true },
      },
    } as RestApiTables);
    expect(orThrow(indexTarget(described, CONFIG, '/rules', 'iterAll'))).toEqual({
      path: '/rules',
      wrapper: 'rules',
      plan: { style: 'classic', listKey: 'rules', sendLimit: true, untilShortPage: true, maxPageSize: 50 },
    });
    expect(orThrow(indexTarget(described, CONVENTION, '/rules', 'iterAll')).plan.maxPageSize).toBe(50);
  });

  it('refuses what cannot be paged, by the rule of the policy', () => {
    expect(() => orThrow(indexTarget(TABLES, CONFIG, '/users/PU1', 'iterAll'))).toThrow(/single resource/);
    expect(() => orThrow(indexTarget(TABLES, CONVENTION, '/business_services/impacts', 'iterAll'))).toThrow(
      /single resource/,
    );
    expect(() => orThrow(indexTarget(TABLES, CONFIG, '/users', 'iterCursor'))).toThrow(
      /does not use cursor-based pagination/,
    );
    expect(() => orThrow(indexTarget(TABLES, CONVENTION, '/alert_grouping_settings', 'iterAll'))).toThrow(
      /use iterAlertGroupingSettings\(\)/,
    );
    expect(() => orThrow(indexTarget(TABLES, CONFIG, '/schedules/PS1/overrides', 'listAll'))).toThrow(
      /has no entity wrapper/,
    );
  });
});

const RAW_TABLES = {
  canonicalPaths: [
    '/users',
    '/users/{id}',
    '/users/me',
    '/audit/records',
    '/alert_grouping_settings',
    '/schedules/{id}/overrides',
  ],
  wrapperConfig: { '* /schedules/{id}/overrides': ['overrides', null] },
  cursorPaths: ['/audit/records'],
  specialisedIterators: { '/alert_grouping_settings': 'iterAlertGroupingSettings' },
} as RestApiTables;
const LOOKUP_TABLES = compileTables(RAW_TABLES);

class UrlRefusal extends Error {}

/** A lookup under `https://api.example/v2` whose base URL can be changed, as the client's can. */
function lookupWith(policy: Partial<RestPolicy> = {}): { lookup: EndpointLookup; base: { url: string } } {
  const base = { url: 'https://api.example/v2' };
  const client = {
    get url() {
      return base.url;
    },
    normalizeUrl: (url: string) => {
      const full = url.startsWith('https://') ? url : `${base.url}/${url.replace(/^\//, '')}`;
      if (!full.startsWith(`${base.url}/`)) throw new UrlRefusal(`foreign URL ${url}`);
      return full;
    },
  };
  const lookup = new EndpointLookup(LOOKUP_TABLES, resolveRestPolicy(policy), client);
  return { lookup, base };
}

describe('EndpointLookup', () => {
  it('describes an endpoint once: canonical path, declared query styles, operation', () => {
    const lookup = new EndpointLookup(
      compileTables({
        ...RAW_TABLES,
        queryStyles: { 'GET /users': { sort_by: { style: 'form', explode: false } } },
      } as RestApiTables),
      resolveRestPolicy({}),
      { url: 'https://api.example/v2', normalizeUrl: (url) => `https://api.example/v2${url}` },
    );
    const users = lookup.describe({ method: 'GET', url: '/users', resolved: 'https://api.example/v2/users' });
    expect(users).toMatchObject({ path: '/users', urlPath: '/users', operation: 'GET /users' });
    expect(users.queryStyles).toEqual({ sort_by: { style: 'form', explode: false } });
    const unknown = lookup.describe({ method: 'GET', url: '/nope/x/y', resolved: 'https://api.example/v2/nope/x/y' });
    expect(unknown).toEqual({
      method: 'GET',
      url: '/nope/x/y',
      resolved: 'https://api.example/v2/nope/x/y',
      urlPath: '/nope/x/y',
      path: null,
    });
  });

  it('takes the path below the base URL as it is at each call', () => {
    const { lookup, base } = lookupWith();
    expect(lookup.urlPath('/users/PU1?limit=1')).toBe('/users/PU1');
    base.url = 'https://other.example';
    expect(lookup.urlPath('https://other.example/users')).toBe('/users');
    expect(() => lookup.urlPath('https://api.example/v2/users')).toThrow(/foreign URL/);
  });

  it('finds canonical paths, and answers a refusal with its code for a path that matches none', () => {
    const { lookup } = lookupWith();
    expect(lookup.canonicalPath('/users/PU1')).toBe('/users/{id}');
    expect(lookup.canonicalPath('users/me')).toBe('/users/me');
    const refusal = lookup.canonicalPath('/widgets/W1');
    expect(refusal).toBeInstanceOf(Refusal);
    expect(refusal).toMatchObject({
      code: 'ERR_NO_CANONICAL_PATH',
      message: expect.stringMatching(/does not match any/),
    });
  });

  it('gives the wrappers and the path they apply to under the policy', () => {
    const config = lookupWith().lookup;
    expect(config.wrapperPath('/schedules/PS1/overrides')).toBe('/schedules/{id}/overrides');
    expect(config.wrapperPair('POST', '/schedules/{id}/overrides')).toEqual(['overrides', null]);
    expect(config.wrapperPair('GET', '/users/{id}')).toEqual(['user', 'user']);
    const convention = lookupWith({ wrappers: 'convention' }).lookup;
    expect(convention.wrapperPath('/widgets/W1')).toBe('/widgets/W1');
    expect(config.wrapperPath('/widgets/W1')).toBeInstanceOf(Refusal);
  });

  it('turns a resource object into its self URL only when the policy accepts one for the method', () => {
    const self = 'https://api.example/v2/users/PU1';
    expect(lookupWith().lookup.target({ self }, 'rget')).toBe(self);
    expect(lookupWith().lookup.target('/users', 'rget')).toBe('/users');
    expect(lookupWith({ acceptResourceObjects: ['rget'] }).lookup.target({ self }, 'jget')).toMatchObject({
      message: expect.stringMatching(/jget needs a URL/),
    });
    expect(lookupWith().lookup.target({}, 'rget')).toMatchObject({ message: expect.stringMatching(/no "self" URL/) });
  });

  it('gives the list wrapper of an index, and refuses a path that pages in its own style', () => {
    const { lookup } = lookupWith();
    expect(lookup.indexTarget('/users', 'iterAll')).toMatchObject({ wrapper: 'users' });
    expect(lookup.indexTarget('/audit/records', 'iterCursor')).toMatchObject({ wrapper: 'records' });
    expect(lookup.indexTarget('/users/PU1', 'iterAll')).toMatchObject({ code: 'ERR_NOT_AN_INDEX' });
    expect(lookup.specialisedRefusal('/users', 'iterAll')).toBeUndefined();
    expect(lookup.specialisedRefusal('/alert_grouping_settings', 'iterAll')?.message).toMatch(
      /iterAlertGroupingSettings/,
    );
  });
});

describe('withWrapperRows', () => {
  const compiled = compileTables(REST_API_V2_TABLES);

  it('returns the tables themselves when there are no rows', () => {
    expect(withWrapperRows(compiled, {})).toBe(compiled);
  });

  it('replaces the row of the same method and path, whatever the placeholders are named, and leaves the rest', () => {
    const tables = withWrapperRows(compiled, { 'PUT /services/{service_id}/rules/{id}': 'rule' });
    expect(entityWrappersFor(compiled.wrappers, 'PUT', '/services/{id}/rules/{rule_id}')).toEqual([null, 'rule']);
    expect(entityWrappersFor(tables.wrappers, 'PUT', '/services/{id}/rules/{rule_id}')).toEqual(['rule', 'rule']);
    expect(entityWrappersFor(tables.wrappers, 'GET', '/business_services/priority_thresholds')).toEqual([
      'global_threshold',
      'global_threshold',
    ]);
  });

  it('refuses a malformed row', () => {
    expect(() => withWrapperRows(compiled, { nonsense: 'x' })).toThrow(TypeError);
  });
});

describe('CanonicalPathMemo', () => {
  it('matches as matchCanonicalPath does, and asks the index once per URL path', () => {
    const small = compileCanonicalPaths(['/users/{id}', '/users/me']);
    const memo = new CanonicalPathMemo(small);
    const lookups = jest.spyOn(small.bySegmentCount, 'get');
    expect(orThrow(memo.match('/users/PABC'))).toBe('/users/{id}');
    expect(orThrow(memo.match('/users/PABC'))).toBe('/users/{id}');
    expect(orThrow(memo.match('/users/me'))).toBe('/users/me');
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('keeps no refusal: a miss answers its refusal each time', () => {
    const memo = new CanonicalPathMemo(compileCanonicalPaths(CANONICAL_PATHS));
    expect(() => orThrow(memo.match('/nowhere/at/all'))).toThrow('does not match any canonical path');
    expect(() => orThrow(memo.match('/nowhere/at/all'))).toThrow('does not match any canonical path');
  });

  it('stays within its bound', () => {
    const small = compileCanonicalPaths(['/users/{id}']);
    const memo = new CanonicalPathMemo(small, 2);
    const lookups = jest.spyOn(small.bySegmentCount, 'get');
    for (const id of ['P1', 'P2', 'P3']) orThrow(memo.match(`/users/${id}`));
    orThrow(memo.match('/users/P1'));
    expect(lookups).toHaveBeenCalledTimes(4);
  });

  it("works a canonical path's shape out once", () => {
    const memo = new CanonicalPathMemo(compileCanonicalPaths(['/users/{id}']));
    expect(memo.shape('/users/{id}')).toBe('/users/{}');
    expect(memo.shape('/users/{id}')).toBe(pathShape('/users/{id}'));
  });
});
