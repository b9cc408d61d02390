import { describe, expect, it } from '@jest/globals';
import { pathShape } from '../../../src/core/rest/endpoints/canonical-path.js';
import { compileWrapperConfig } from '../../../src/core/rest/endpoints/entity-wrappers.js';
import { ITERATION_LIMIT } from '../../../src/core/rest/pagination/limits.js';
import {
  CANONICAL_PATHS,
  CURSOR_BASED_PAGINATION_PATHS,
  ENTITY_WRAPPER_CONFIG,
  HISTORICAL_RECORD_PATHS,
  REST_API_V2_TABLES,
  SPECIALISED_ITERATORS,
} from '../../../src/tables.js';

const canonicalShapes = new Set(CANONICAL_PATHS.map(pathShape));
const keyPath = (key: string): string => key.slice(key.indexOf(' ') + 1);

describe('REST API v2 tables', () => {
  it('have every path of the description, one wrapper exception per endpoint the convention gets wrong', () => {
    // 273 paths, /tags/{id}/{entity_type} as its three concrete paths; /incidents/count has no
    // operation but stays canonical.
    expect(CANONICAL_PATHS).toHaveLength(273 - 1 + 3);
    // 18 declare a cursor; /status_dashboards and /incidents/{id}/business_services/impacts
    // answer next_cursor without declaring one.
    expect(CURSOR_BASED_PAGINATION_PATHS).toHaveLength(18 + 2);
    expect(CURSOR_BASED_PAGINATION_PATHS).toEqual(
      expect.arrayContaining(['/status_dashboards', '/incidents/{id}/business_services/impacts']),
    );
    expect(HISTORICAL_RECORD_PATHS).toEqual(
      expect.arrayContaining(['/incidents', '/log_entries', '/audit/records', '/notifications']),
    );
    expect(HISTORICAL_RECORD_PATHS).not.toContain('/schedules');
    expect(Object.keys(ENTITY_WRAPPER_CONFIG)).toHaveLength(141);
    expect(ITERATION_LIMIT).toBe(10000);
  });

  it('list no canonical path twice, even up to placeholder names', () => {
    expect(canonicalShapes.size).toBe(CANONICAL_PATHS.length);
  });

  it.each([
    '/enrichment/event_enrichments/{id}/rules',
    '/enrichment/integrations/servicenow/credentials/{credentials_id}',
    '/enrichment/schemas/{schema_id}/records/{record_id}',
    '/ip_allow_lists/{id}/audit/records',
    '/users/{id}/regenerate_private_url_key',
  ])('include %s from the OpenAPI description', (path) => {
    expect(CANONICAL_PATHS).toContain(path);
  });

  it('keep /tags/{id}/{entity_type} as its three expansions only', () => {
    expect(CANONICAL_PATHS).toEqual(
      expect.arrayContaining(['/tags/{id}/users', '/tags/{id}/teams', '/tags/{id}/escalation_policies']),
    );
    expect(CANONICAL_PATHS).not.toContain('/tags/{id}/{entity_type}');
  });

  it('key every wrapper exception to a canonical path, up to placeholder names', () => {
    const stray = Object.keys(ENTITY_WRAPPER_CONFIG).filter((key) => !canonicalShapes.has(pathShape(keyPath(key))));
    expect(stray).toEqual([]);
  });

  it('use only known methods or * in wrapper keys', () => {
    const methods = new Set(Object.keys(ENTITY_WRAPPER_CONFIG).map((key) => key.slice(0, key.indexOf(' '))));
    for (const method of methods) expect(['*', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(method);
  });

  it('have a wrapper table that compiles (no duplicate endpoint, only valid values)', () => {
    expect(() => compileWrapperConfig(ENTITY_WRAPPER_CONFIG)).not.toThrow();
  });

  it('list only canonical paths as cursor, historical and specialised paths', () => {
    const all = [...CURSOR_BASED_PAGINATION_PATHS, ...HISTORICAL_RECORD_PATHS, ...Object.keys(SPECIALISED_ITERATORS)];
    expect(all.filter((path) => !canonicalShapes.has(pathShape(path)))).toEqual([]);
  });

  it('mark only collection paths (not single resources) as cursor or historical', () => {
    const all = [...CURSOR_BASED_PAGINATION_PATHS, ...HISTORICAL_RECORD_PATHS];
    expect(all.filter((path) => path.endsWith('}'))).toEqual([]);
  });

  it('are bundled, and frozen', () => {
    expect(REST_API_V2_TABLES.canonicalPaths).toBe(CANONICAL_PATHS);
    expect(REST_API_V2_TABLES.wrapperConfig).toBe(ENTITY_WRAPPER_CONFIG);
    expect(Object.isFrozen(CANONICAL_PATHS)).toBe(true);
    expect(Object.isFrozen(ENTITY_WRAPPER_CONFIG)).toBe(true);
  });
});

describe('the packed tables', () => {
  it('are unpacked once: the client, the tables entry point and every later call share the same values', async () => {
    const { restApiV2Tables } = await import('../../../src/generated/rest-tables/rest-api-v2-tables.js');
    const { RestApiV2Client } = await import('../../../src/core/rest/rest-api-v2-client.js');
    expect(restApiV2Tables()).toBe(REST_API_V2_TABLES);
    expect(new RestApiV2Client('key').tables).toBe(REST_API_V2_TABLES);
    expect(REST_API_V2_TABLES.canonicalPaths).toBe(CANONICAL_PATHS);
    expect(REST_API_V2_TABLES.wrapperConfig).toBe(ENTITY_WRAPPER_CONFIG);
    expect(Object.isFrozen(REST_API_V2_TABLES) && Object.isFrozen(CANONICAL_PATHS)).toBe(true);
  });
});
