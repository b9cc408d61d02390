import { describe, expect, it } from '@jest/globals';
import {
  compileWrapperConfig,
  entityWrappersFor,
  inferEntityWrapper,
  singularName,
  isIndexSegments,
  segmentWrappers,
  pathTokens,
  urlPathSegments,
  unwrapBody,
  wrapBody,
  wrapBodyWithFields,
  hasBody,
  withWrappedBody,
  refuseBodyOnGet,
} from '../../../../src/core/rest/endpoints/entity-wrappers.js';
import { ENTITY_WRAPPER_CONFIG } from '../../../../src/tables.js';
import { deepFreeze } from '../../../helpers/test-kit.js';

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

describe('wrapBody', () => {
  it('wraps an entity in its wrapper', () => {
    expect(wrapBody({ name: 'Ann' }, 'user')).toEqual({ user: { name: 'Ann' } });
  });

  it('wraps a list (multi-update)', () => {
    expect(wrapBody([{ id: 'P1', type: 'incident_reference' }], 'incidents')).toEqual({
      incidents: [{ id: 'P1', type: 'incident_reference' }],
    });
  });

  it('leaves a body alone when it is already a one-key object under the wrapper', () => {
    const body = { user: { name: 'Ann' } };
    expect(wrapBody(body, 'user')).toBe(body);
  });

  it('wraps an object that has the wrapper key among others (it is an entity with that field)', () => {
    expect(wrapBody({ user: 'x', name: 'Ann' }, 'user')).toEqual({ user: { user: 'x', name: 'Ann' } });
  });

  it("with 'has-key' (the predecessor's test) sends an object holding the wrapper key as it is", () => {
    const body = { user: { name: 'Ann' }, extra: 1 };
    expect(wrapBody(body, 'user', 'has-key')).toBe(body);
    expect(wrapBody({ name: 'Ann' }, 'user', 'has-key')).toEqual({ user: { name: 'Ann' } });
    expect(wrapBody([{ id: 'P1' }], 'incidents', 'has-key')).toEqual({ incidents: [{ id: 'P1' }] });
  });

  it('sends the body as it is when there is no wrapper', () => {
    const body = { name: 'Ann' };
    expect(wrapBody(body, null)).toBe(body);
  });

  it('wraps null (clearing a value)', () => {
    expect(wrapBody(null, 'default')).toEqual({ default: null });
  });

  it('never changes the caller object', () => {
    const body = deepFreeze({ name: 'Ann', roles: ['a'] });
    expect(() => wrapBody(body, 'user')).not.toThrow();
    expect(body).toEqual({ name: 'Ann', roles: ['a'] });
  });
});

describe('unwrapBody', () => {
  it('returns the value under the wrapper', () => {
    expect(unwrapBody({ user: { id: 'P1' } }, 'user')).toEqual({ ok: true, value: { id: 'P1' } });
  });

  it('returns the body itself without a wrapper', () => {
    const list = [{ status: 201 }];
    expect(unwrapBody(list, null)).toEqual({ ok: true, value: list });
  });

  it('names the expected key and the keys the body had when the wrapper is missing', () => {
    const result = unwrapBody({ users: [], more: false }, 'user');
    expect(result).toEqual({
      ok: false,
      problem: 'expected the response body to be an object with the key "user", but its keys are: users, more',
    });
  });

  it('names the type of a body that is not an object', () => {
    expect(unwrapBody([1], 'user')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('but it is an array'),
    });
    expect(unwrapBody('x', 'user')).toMatchObject({ ok: false, problem: expect.stringContaining('but it is string') });
    expect(unwrapBody(null, 'user')).toMatchObject({ ok: false, problem: expect.stringContaining('but it is null') });
  });

  it('says (none) for an empty object', () => {
    expect(unwrapBody({}, 'user')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('its keys are: (none)'),
    });
  });
});

describe('wrapBodyWithFields', () => {
  it('puts the fields into the entity, inside its wrapper whether or not json came wrapped', () => {
    expect(wrapBodyWithFields({ name: 'Web' }, { beta: true }, 'service', 'only-key', 'rpost')).toEqual({
      service: { name: 'Web', beta: true },
    });
    expect(wrapBodyWithFields({ service: { name: 'Web' } }, { beta: true }, 'service', 'only-key', 'rput')).toEqual({
      service: { name: 'Web', beta: true },
    });
    expect(wrapBodyWithFields(undefined, { beta: true }, 'service', 'only-key', 'rpost')).toEqual({
      service: { beta: true },
    });
    expect(wrapBodyWithFields({ name: 'Web' }, { beta: true }, null, 'only-key', 'rpost')).toEqual({
      name: 'Web',
      beta: true,
    });
    expect(wrapBodyWithFields({ name: 'Web' }, undefined, 'service', 'only-key', 'rpost')).toEqual({
      service: { name: 'Web' },
    });
  });

  it('refuses fields for a list (a multi-update has no one entity)', () => {
    expect(() => wrapBodyWithFields([{ id: 'P1' }], { beta: true }, 'incidents', 'only-key', 'rput')).toThrow(
      /json is a list/,
    );
  });
});

describe('withWrappedBody', () => {
  it('wraps json for the endpoint and leaves the caller options unchanged', () => {
    const init = deepFreeze({ json: { name: 'Ann' }, headers: { From: 'a@example.com' } });
    expect(withWrappedBody(init, 'user', 'only-key', 'rpost')).toEqual({
      json: { user: { name: 'Ann' } },
      headers: { From: 'a@example.com' },
    });
  });

  it('puts extraFields into the entity and drops the option', () => {
    const init = deepFreeze({ json: { name: 'Web' }, extraFields: { beta: true } });
    expect(withWrappedBody(init, 'service', 'only-key', 'rpost')).toEqual({
      json: { service: { name: 'Web', beta: true } },
    });
  });

  it('returns the options themselves when they carry no body', () => {
    const init = { params: { a: 1 } };
    expect(withWrappedBody(init, 'user', 'only-key', 'rget')).toBe(init);
  });
});

describe('hasBody', () => {
  it('is true for json or extraFields only', () => {
    expect(hasBody(undefined)).toBe(false);
    expect(hasBody({ params: { a: 1 } })).toBe(false);
    expect(hasBody({ json: {} })).toBe(true);
    expect(hasBody({ extraFields: { a: 1 } })).toBe(true);
  });
});

describe('refuseBodyOnGet', () => {
  it('refuses json, form or body on a GET, naming the method, what was given and what to use', () => {
    expect(() => refuseBodyOnGet('GET', 'rget', { json: { a: 1 } })).toThrow(
      new TypeError('rget: a GET request has no body, but `json` was given; pass query parameters as `params`'),
    );
    expect(() => refuseBodyOnGet('get', 'jget', { form: { a: '1' }, body: 'x' })).toThrow(
      '`form` and `body` was given',
    );
    expect(() => refuseBodyOnGet('GET', 'rget', { json: null })).toThrow('`json` was given');
  });

  it('lets a GET without a body, and any other method with one, through', () => {
    expect(() => refuseBodyOnGet('GET', 'rget', undefined)).not.toThrow();
    expect(() =>
      refuseBodyOnGet('GET', 'rget', { params: { a: 1 }, json: undefined, body: null as never }),
    ).not.toThrow();
    expect(() => refuseBodyOnGet('POST', 'rpost', { json: { a: 1 } })).not.toThrow();
  });
});
