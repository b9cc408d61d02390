import { describe, expect, it } from '@jest/globals';
import {
  compileWrapperConfig,
  entityWrappersFor,
  inferEntityWrapper,
  singularName,
} from '../../../../src/core/rest/endpoints/entity-wrappers.js';
import { ENTITY_WRAPPER_CONFIG } from '../../../../src/tables.js';

const compiled = compileWrapperConfig(ENTITY_WRAPPER_CONFIG);
const wrappers = (method: string, path: string): readonly [string | null, string | null] =>
  entityWrappersFor(compiled, method, path);

describe('singularName', () => {
  it.each([
    ['users', 'user'],
    ['escalation_policies', 'escalation_policy'],
    ['priorities', 'priority'],
    ['incidents', 'incident'],
    ['statuses', 'statuse'],
    ['address', 'addre'],
    ['servicenow', 'servicenow'],
    ['overrides', 'override'],
  ])('%s -> %s (ies -> y, else strip trailing s)', (plural, singular) => {
    expect(singularName(plural)).toBe(singular);
  });
});

describe('inferEntityWrapper', () => {
  it('uses the singular of the second-to-last node when the last is a placeholder', () => {
    expect(inferEntityWrapper('GET', '/users/{id}')).toBe('user');
    expect(inferEntityWrapper('PUT', '/escalation_policies/{id}')).toBe('escalation_policy');
    expect(inferEntityWrapper('DELETE', '/users/{id}/contact_methods/{contact_method_id}')).toBe('contact_method');
  });

  it('uses the singular of the last node for POST', () => {
    expect(inferEntityWrapper('POST', '/users')).toBe('user');
    expect(inferEntityWrapper('post', '/users/{id}/contact_methods')).toBe('contact_method');
  });

  it('uses the last node itself otherwise', () => {
    expect(inferEntityWrapper('GET', '/users')).toBe('users');
    expect(inferEntityWrapper('PUT', '/incidents')).toBe('incidents');
    expect(inferEntityWrapper('PUT', '/priorities')).toBe('priorities');
  });
});

describe('entityWrappersFor with the REST API v2 table', () => {
  it.each<[string, string, readonly [string | null, string | null]]>([
    // The examples of the specification:
    ['GET', '/users/{id}', ['user', 'user']],
    ['GET', '/users', ['users', 'users']],
    ['PUT', '/users/{id}', ['user', 'user']],
    ['GET', '/users/me', ['user', 'user']],
    ['GET', '/services', ['services', 'services']],
    ['GET', '/incidents', ['incidents', 'incidents']],
    ['PUT', '/incidents', ['incidents', 'incidents']],
    ['GET', '/escalation_policies/{id}', ['escalation_policy', 'escalation_policy']],
    ['PUT', '/escalation_policies/{id}', ['escalation_policy', 'escalation_policy']],
    ['POST', '/schedules/{id}/overrides', ['overrides', null]],
    ['POST', '/business_services/{id}/subscribers', ['subscribers', 'subscriptions']],
    ['POST', '/incidents/{id}/status_updates', [null, 'status_update']],
    ['GET', '/log_entries', ['log_entries', 'log_entries']],
    ['POST', '/analytics/raw/incidents', [null, null]],
    ['PUT', '/priorities', ['priorities', 'priorities']],
    // Other exceptions of the table:
    ['GET', '/abilities/{id}', ['ability', 'ability']], // answers 204 without a body: no entry needed
    ['POST', '/incidents/{id}/status_updates/subscribers', ['subscribers', 'subscriptions']],
    ['POST', '/business_services/{id}/unsubscribe', ['subscribers', null]],
    ['PUT', '/incidents/{id}/merge', ['source_incidents', 'incident']],
    ['POST', '/incidents/{id}/snooze', [null, 'incident']],
    ['GET', '/incidents/custom_fields', ['fields', 'fields']],
    ['POST', '/incidents/custom_fields', ['field', 'field']],
    ['GET', '/event_orchestrations', ['orchestrations', 'orchestrations']],
    ['GET', '/users/{id}/sessions', ['user_sessions', 'user_sessions']],
    ['GET', '/users/{id}/notification_subscriptions', ['subscriptions', 'subscriptions']],
    ['POST', '/users/{id}/notification_subscriptions', ['subscribables', 'subscriptions']],
    ['PUT', '/teams/{id}/users/{user_id}', [null, null]],
    ['POST', '/automation_actions/actions/{id}/invocations', ['invocation', 'invocation']],
    ['PUT', '/session_configurations', ['session_configuration', 'session_configurations']],
    // Entries added from the OpenAPI description:
    ['GET', '/enrichment/integrations/servicenow', ['integrations', 'integrations']],
    ['POST', '/enrichment/integrations/servicenow', [null, 'integration']],
    ['GET', '/enrichment/integrations/servicenow/{integration_id}', ['integration', 'integration']],
    ['PUT', '/enrichment/integrations/servicenow/{integration_id}/tables/{table_id}', ['cmdb_table', 'cmdb_table']],
    ['POST', '/enrichment/query', [null, 'records']],
    ['POST', '/enrichment/schemas', [null, 'schema']],
    ['GET', '/enrichment/schemas/{schema_id}/records', ['records', 'records']],
    ['PUT', '/enrichment/event_enrichments/default', ['default', 'default']],
    ['POST', '/users/{id}/regenerate_private_url_key', [null, null]], // its answer holds a string, not an entity
    ['GET', '/ip_allow_lists', ['ip_allow_lists', 'ip_allow_lists']],
    ['POST', '/ip_allow_lists', ['ip_allow_list', 'ip_allow_list']],
    // Conventional endpoints:
    ['POST', '/users/{id}/contact_methods', ['contact_method', 'contact_method']],
    ['GET', '/audit/records', ['records', 'records']],
    ['GET', '/tags/{id}/users', ['users', 'users']],
  ])('%s %s -> %j', (method, path, expected) => {
    expect(wrappers(method, path)).toEqual(expected);
  });

  it('matches a key whatever its placeholder is named', () => {
    // The table writes the description's names ({service_id}, {id}); other names match too.
    expect(wrappers('GET', '/event_orchestrations/services/{id}')).toEqual([
      'orchestration_path',
      'orchestration_path',
    ]);
    expect(wrappers('PUT', '/event_orchestrations/services/{id}/active')).toEqual([null, null]);
    expect(wrappers('POST', '/business_services/{business_service_id}/subscribers')).toEqual([
      'subscribers',
      'subscriptions',
    ]);
  });

  it('lets a key for the exact method win over a * key', () => {
    const both = compileWrapperConfig({ '* /things': 'things', 'POST /things': ['thing', null] });
    expect(entityWrappersFor(both, 'POST', '/things')).toEqual(['thing', null]);
    expect(entityWrappersFor(both, 'GET', '/things')).toEqual(['things', 'things']);
  });

  it('infers by convention alone when there is no table (the pre-5.0.0 policy)', () => {
    expect(entityWrappersFor(null, 'POST', '/schedules/{id}/overrides')).toEqual(['override', 'override']);
    expect(entityWrappersFor(null, 'POST', '/business_services/{id}/subscribers')).toEqual([
      'subscriber',
      'subscriber',
    ]);
  });
});

describe('compileWrapperConfig', () => {
  it('refuses a malformed key', () => {
    expect(() => compileWrapperConfig({ 'GET users': 'users' })).toThrow(TypeError);
    expect(() => compileWrapperConfig({ '/users': 'users' })).toThrow("is not '<METHOD> <path>'");
  });

  it('refuses two keys for the same endpoint, even spelled with other placeholder names', () => {
    expect(() => compileWrapperConfig({ 'GET /a/{id}': 'x', 'GET /a/{a_id}': 'y' })).toThrow('duplicates another key');
  });

  it('refuses values that are not a name, null or a pair', () => {
    const bad = { 'GET /a': ['x', 'y', 'z'] } as unknown as Record<string, string>;
    expect(() => compileWrapperConfig(bad)).toThrow('must be a name, null or a pair');
    expect(() => compileWrapperConfig({ 'GET /a': '' })).toThrow(TypeError);
  });
});
