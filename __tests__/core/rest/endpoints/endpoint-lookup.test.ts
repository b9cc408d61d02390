import { describe, expect, it } from '@jest/globals';
import type { FailureFacts } from '../../../../src/core/errors/failure-details.js';
import { compileTables } from '../../../../src/core/rest/endpoints/compiled-tables.js';
import { EndpointLookup } from '../../../../src/core/rest/endpoints/endpoint-lookup.js';
import { resolveRestPolicy, type RestPolicy } from '../../../../src/core/rest/endpoints/policy.js';
import type { RestApiTables } from '../../../../src/core/rest/endpoints/table-types.js';

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
const TABLES = compileTables(RAW_TABLES);

class UrlRefusal extends Error {
  constructor(
    message: string,
    readonly facts: FailureFacts | undefined,
  ) {
    super(message);
  }
}

/** A lookup under `https://api.example/v2` whose base URL can be changed, as the client's can. */
function lookupWith(policy: Partial<RestPolicy> = {}): { lookup: EndpointLookup; base: { url: string } } {
  const base = { url: 'https://api.example/v2' };
  const client = {
    get url() {
      return base.url;
    },
    normalizeUrl: (url: string) => {
      const full = url.startsWith('https://') ? url : `${base.url}/${url.replace(/^\//, '')}`;
      if (!full.startsWith(`${base.url}/`)) throw new UrlRefusal(`foreign URL ${url}`, undefined);
      return full;
    },
  };
  const lookup = new EndpointLookup(
    TABLES,
    resolveRestPolicy(policy),
    client,
    (message, facts) => new UrlRefusal(message, facts),
  );
  return { lookup, base };
}

describe('EndpointLookup', () => {
  it('gives the declared query styles of a request, none without its method and URL', () => {
    const lookup = new EndpointLookup(
      compileTables({
        ...RAW_TABLES,
        queryStyles: { 'GET /users': { sort_by: { style: 'form', explode: false } } },
      } as RestApiTables),
      resolveRestPolicy({}),
      { url: 'https://api.example/v2', normalizeUrl: (url) => `https://api.example/v2${url}` },
      (message) => new Error(message),
    );
    expect(lookup.queryStyles('GET', '/users', { sort_by: ['a'] })).toEqual({
      sort_by: { style: 'form', explode: false },
    });
    expect(lookup.queryStyles(undefined, '/users', { sort_by: ['a'] })).toBeUndefined();
    expect(lookup.queryStyles('GET', undefined, { sort_by: ['a'] })).toBeUndefined();
  });

  it('takes the path below the base URL as it is at each call', () => {
    const { lookup, base } = lookupWith();
    expect(lookup.urlPath('/users/PU1?limit=1')).toBe('/users/PU1');
    base.url = 'https://other.example';
    expect(lookup.urlPath('https://other.example/users')).toBe('/users');
    expect(() => lookup.urlPath('https://api.example/v2/users')).toThrow(/foreign URL/);
  });

  it('finds canonical paths, and names the requested URL in the facts of a refusal', () => {
    const { lookup } = lookupWith();
    expect(lookup.canonicalPath('/users/PU1')).toBe('/users/{id}');
    expect(lookup.canonicalPath('users/me')).toBe('/users/me');
    let refusal: unknown;
    try {
      lookup.canonicalPath('/widgets/W1');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(UrlRefusal);
    expect((refusal as UrlRefusal).message).toMatch(/does not match any canonical path/);
    expect((refusal as UrlRefusal).facts).toMatchObject({ reason: 'no-canonical-path', requestedUrl: '/widgets/W1' });
  });

  it('gives the wrappers and the path they apply to under the policy', () => {
    const config = lookupWith().lookup;
    expect(config.wrapperPath('/schedules/PS1/overrides')).toBe('/schedules/{id}/overrides');
    expect(config.wrapperPair('POST', '/schedules/{id}/overrides')).toEqual(['overrides', null]);
    expect(config.wrapperPair('GET', '/users/{id}')).toEqual(['user', 'user']);
    const convention = lookupWith({ wrappers: 'convention' }).lookup;
    expect(convention.wrapperPath('/widgets/W1')).toBe('/widgets/W1');
    expect(() => config.wrapperPath('/widgets/W1')).toThrow(UrlRefusal);
  });

  it('turns a resource object into its self URL only when the policy accepts one for the method', () => {
    const self = 'https://api.example/v2/users/PU1';
    expect(lookupWith().lookup.target({ self }, 'rget')).toBe(self);
    expect(lookupWith().lookup.target('/users', 'rget')).toBe('/users');
    expect(() => lookupWith({ acceptResourceObjects: ['rget'] }).lookup.target({ self }, 'jget')).toThrow(
      /jget needs a URL/,
    );
    expect(() => lookupWith().lookup.target({}, 'rget')).toThrow(/has no "self" URL/);
  });

  it('gives the list wrapper of an index, and refuses a path that pages in its own style', () => {
    const { lookup } = lookupWith();
    expect(lookup.indexWrapper('/users', 'iterAll')).toBe('users');
    expect(lookup.indexWrapper('/audit/records', 'iterCursor')).toBe('records');
    expect(() => lookup.indexWrapper('/users/PU1', 'iterAll')).toThrow(UrlRefusal);
    expect(lookup.specialisedRefusal('/users', 'iterAll')).toBeUndefined();
    expect(lookup.specialisedRefusal('/alert_grouping_settings', 'iterAll')?.message).toMatch(
      /iterAlertGroupingSettings/,
    );
  });
});
