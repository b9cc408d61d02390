import { describe, expect, it } from '@jest/globals';
import { compileTables } from '../../../../src/core/rest/endpoints/compiled-tables.js';
import {
  indexTarget,
  quietCanonicalPath,
  wrapperPathFor,
} from '../../../../src/core/rest/endpoints/endpoint-resolution.js';
import type { RestApiTables } from '../../../../src/core/rest/endpoints/table-types.js';

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

const fail = (message: string): Error => new Error(message);
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
    expect(wrapperPathFor(TABLES, CONFIG, '/users/PU1', fail)).toBe('/users/{id}');
    expect(wrapperPathFor(TABLES, CONVENTION, '/widgets/W1', fail)).toBe('/widgets/W1');
    expect(() => wrapperPathFor(TABLES, CONFIG, '/widgets/W1', fail)).toThrow(/does not match any canonical path/);
    expect(() => wrapperPathFor(TABLES, CONVENTION, '/users//PU1', fail)).toThrow(/Invalid API resource URL/);
  });
});

describe('indexTarget', () => {
  it('config: classic by the wrapper table, cursor for a cursor path', () => {
    expect(indexTarget(TABLES, CONFIG, '/business_services/impacts', 'iterAll', fail)).toMatchObject({
      path: '/business_services/impacts',
      wrapper: 'services',
      plan: { style: 'classic' },
    });
    expect(indexTarget(TABLES, CONFIG, '/audit/records', 'iterAll', fail)).toMatchObject({
      path: '/audit/records',
      wrapper: 'records',
      plan: { style: 'cursor' },
    });
  });

  it('convention: a path outside the table is paged by its nodes; a known cursor path by cursor and last node', () => {
    expect(indexTarget(TABLES, CONVENTION, '/widgets', 'iterAll', fail)).toMatchObject({
      path: '/widgets',
      wrapper: 'widgets',
      plan: { style: 'classic', maxPageSize: null },
    });
    expect(indexTarget(TABLES, CONVENTION, '/audit/records', 'iterAll', fail)).toMatchObject({
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
    expect(indexTarget(described, CONFIG, '/rules', 'iterAll', fail)).toEqual({
      path: '/rules',
      wrapper: 'rules',
      plan: { style: 'classic', listKey: 'rules', sendLimit: true, untilShortPage: true, maxPageSize: 50 },
    });
    expect(indexTarget(described, CONVENTION, '/rules', 'iterAll', fail).plan.maxPageSize).toBe(50);
  });

  it('refuses what cannot be paged, by the rule of the policy', () => {
    expect(() => indexTarget(TABLES, CONFIG, '/users/PU1', 'iterAll', fail)).toThrow(/single resource/);
    expect(() => indexTarget(TABLES, CONVENTION, '/business_services/impacts', 'iterAll', fail)).toThrow(
      /single resource/,
    );
    expect(() => indexTarget(TABLES, CONFIG, '/users', 'iterCursor', fail)).toThrow(
      /does not use cursor-based pagination/,
    );
    expect(() => indexTarget(TABLES, CONVENTION, '/alert_grouping_settings', 'iterAll', fail)).toThrow(
      /use iterAlertGroupingSettings\(\)/,
    );
    expect(() => indexTarget(TABLES, CONFIG, '/schedules/PS1/overrides', 'listAll', fail)).toThrow(
      /has no entity wrapper/,
    );
  });
});
