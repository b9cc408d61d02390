import { describe, expect, it } from '@jest/globals';
import type { RestApiTables } from '../../../../src/core/rest/endpoints/tables.js';
import { compileTables } from '../../../../src/core/rest/endpoints/endpoint-lookup.js';
import { REST_API_V2_TABLES } from '../../../../src/tables.js';
import { pagingPlan } from '../../../../src/core/rest/pagination/paging-plan.js';
import { orThrow } from '../../../helpers/refusal-thrown.js';

const rest = compileTables(REST_API_V2_TABLES);
const plan = (path: string, useIndexes = true, tables = rest) =>
  orThrow(pagingPlan(tables, path, { useIndexes, method: 'iterAll' }));

describe('pagingPlan with the REST API v2 index table', () => {
  it.each([
    ['/users', { style: 'classic', listKey: 'users', sendLimit: true, untilShortPage: false, maxPageSize: null }],
    ['/change_events', { style: 'classic', listKey: 'change_events', untilShortPage: true }],
    ['/audit/records', { style: 'cursor', listKey: 'records', sendLimit: true }],
    ['/status_dashboards', { style: 'cursor', listKey: 'status_dashboards', sendLimit: false }],
    ['/recommendations/event_orchestrations/rules', { style: 'cursor', maxPageSize: 50 }],
    ['/abilities', { style: 'none', listKey: 'abilities', sendLimit: false }],
    ['/sre_agent/memories', { style: 'none', sendLimit: true, maxPageSize: 100 }],
    ['/standards/scores/{resource_type}', { style: 'none', listKey: 'resources' }],
    ['/tags/{id}/teams', { style: 'classic', listKey: 'teams' }],
  ])('pages %s in its declared style', (path, expected) => {
    expect(plan(path)).toMatchObject(expected);
  });

  it('refuses what the table knows as no index, saying why', () => {
    expect(() => plan('/users/{id}')).toThrow(
      '/users/{id} is a single resource, not an index: iterAll cannot page through it (use rget)',
    );
    expect(() => plan('/users/me')).toThrow('GET /users/me answers no list');
    expect(() => plan('/analytics/raw/incidents')).toThrow('answers no list');
  });

  it('without the index table (convention-only policy, or no indexes in tables) pages classically or by cursor', () => {
    expect(plan('/change_events', false)).toEqual({
      style: 'classic',
      listKey: null,
      sendLimit: true,
      untilShortPage: false,
      maxPageSize: null,
    });
    expect(plan('/audit/records', false)).toMatchObject({ style: 'cursor', listKey: null });
    // The maximum still holds: a larger limit would only fail.
    expect(plan('/recommendations/event_orchestrations/rules', false)).toMatchObject({ maxPageSize: 50 });
    const own: RestApiTables = { canonicalPaths: ['/rules', '/rules/{id}'], cursorPaths: [], wrapperConfig: {} };
    expect(plan('/rules', true, compileTables(own))).toMatchObject({ style: 'classic', listKey: null });
    expect(() => plan('/rules/{id}', true, compileTables(own))).toThrow('is a single resource');
  });
});
