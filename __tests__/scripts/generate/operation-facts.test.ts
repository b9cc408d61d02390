/**
 * The rules that read wrappers and pagination out of an operation's schemas, on small
 * made-up descriptions (one rule per case).
 */
import { describe, expect, it } from '@jest/globals';
import { operationsOf } from '../../../scripts/generate/openapi-schema.js';
import { deriveOperation, type OperationFacts } from '../../../scripts/generate/operation-facts.js';

type Json = Record<string, unknown>;

const obj = (properties: Json, required: string[] = []): Json => ({ type: 'object', properties, required });
const list = (items: Json = obj({ id: { type: 'string' } })): Json => ({ type: 'array', items });
const entity = obj({ id: { type: 'string' }, name: { type: 'string' } });
const json = (schema: Json): Json => ({ content: { 'application/json': { schema } } });
const query = (name: string, schema: Json = { type: 'integer' }): Json => ({ name, in: 'query', schema });

/** The facts of the one operation of a made-up description. */
function facts(method: string, path: string, operation: Json, components: Json = {}): OperationFacts {
  const extract = { paths: { [path]: { [method.toLowerCase()]: { operationId: 'op', ...operation } } }, components };
  const [entry] = operationsOf(extract);
  return deriveOperation(extract, entry);
}

describe('request wrappers', () => {
  it('wrap in the one property of the body when it holds an entity', () => {
    const op = facts('POST', '/things', {
      requestBody: json(obj({ thing: entity }, ['thing'])),
      responses: { 201: json(obj({ thing: entity })) },
    });
    expect(op).toMatchObject({ hasRequestBody: true, requestWrapper: 'thing' });
  });

  it('send the body as given when it has several properties (rule_id beside rule)', () => {
    const op = facts('PUT', '/rules/{id}', {
      requestBody: json(obj({ rule: entity, rule_id: { type: 'string' } }, ['rule_id'])),
      responses: {},
    });
    expect(op.requestWrapper).toBeNull();
  });

  it('send the body as given when its one property is a scalar ({ duration })', () => {
    const op = facts('POST', '/incidents/{id}/snooze', {
      requestBody: json(obj({ duration: { type: 'integer' } })),
      responses: {},
    });
    expect(op.requestWrapper).toBeNull();
  });

  it('follow $ref and merge allOf members', () => {
    const op = facts(
      'POST',
      '/things',
      { requestBody: { $ref: '#/components/requestBodies/Thing' }, responses: {} },
      {
        requestBodies: { Thing: json({ allOf: [{ $ref: '#/components/schemas/Wrapped' }] }) },
        schemas: { Wrapped: obj({ item: { $ref: '#/components/schemas/Item' } }), Item: entity },
      },
    );
    expect(op.requestWrapper).toBe('item');
  });

  it('know no body when only multipart or CSV is accepted', () => {
    const op = facts('POST', '/uploads', {
      requestBody: { content: { 'text/csv': { schema: { type: 'string' } } } },
      responses: {},
    });
    expect(op).toMatchObject({ hasRequestBody: false, requestWrapper: null });
  });
});

describe('response wrappers', () => {
  it("use the convention's name when the schema declares it around an entity", () => {
    const op = facts('GET', '/things/{id}', { responses: { 200: json(obj({ thing: entity, extra: entity })) } });
    expect(op.responseWrapper).toBe('thing');
  });

  it('use the one property otherwise (`statuses/{id}` answers `status`, not `statuse`)', () => {
    const op = facts('GET', '/pages/{id}/statuses/{status_id}', { responses: { 200: json(obj({ status: entity })) } });
    expect(op.responseWrapper).toBe('status');
  });

  it('use the one required property beside optional ones ({ orchestration_path!, warnings })', () => {
    const op = facts('PUT', '/paths/{id}/global', {
      responses: { 200: json(obj({ orchestration_path: entity, warnings: list() }, ['orchestration_path'])) },
    });
    expect(op.responseWrapper).toBe('orchestration_path');
  });

  it('return the whole body when several fields are required (analytics)', () => {
    const schema = obj({ first: { type: 'string' }, last: { type: 'string' }, data: list() }, [
      'first',
      'last',
      'data',
    ]);
    expect(facts('POST', '/analytics/raw/things', { responses: { 200: json(schema) } }).responseWrapper).toBeNull();
  });

  it('return the whole body when the one field is a scalar ({ private_url_key })', () => {
    const op = facts('POST', '/users/{id}/regenerate_key', {
      responses: { 200: json(obj({ key: { type: 'string' } }, ['key'])) },
    });
    expect(op.responseWrapper).toBeNull();
  });

  it('take the one list of an index among optional fields, ignoring paging fields', () => {
    const schema = obj({
      services: list(),
      additional_fields: entity,
      limit: { type: 'integer' },
      more: { type: 'boolean' },
    });
    const op = facts('GET', '/business_services/impacts', { responses: { 200: json(schema) } });
    expect(op).toMatchObject({
      responseWrapper: 'services',
      listKey: 'services',
      pagination: 'classic',
      moreField: true,
    });
  });

  it('do not read a list out of a single resource with several fields (bare body)', () => {
    const schema = obj({ resource_id: { type: 'string' }, score: entity, standards: list() });
    expect(
      facts('GET', '/standards/scores/{type}/{id}', { responses: { 200: json(schema) } }).responseWrapper,
    ).toBeNull();
  });

  it('return the whole body when two success responses disagree', () => {
    const op = facts('POST', '/things/{id}/links', {
      responses: { 201: json(obj({ status: { type: 'string' } })), 207: json(obj({ links: list() })) },
    });
    expect(op.responseWrapper).toBeNull();
  });

  it('know no body for 204', () => {
    expect(facts('DELETE', '/things/{id}', { responses: { 204: {} } })).toMatchObject({
      hasResponseBody: false,
      responseWrapper: null,
    });
  });
});

describe('pagination of an index', () => {
  it('is classic with limit/offset, and notes whether the answer declares more', () => {
    const params = [query('limit', { type: 'integer', maximum: 50 }), query('offset')];
    const withMore = facts('GET', '/things', {
      parameters: params,
      responses: { 200: json(obj({ things: list(), more: { type: 'boolean' } })) },
    });
    const withoutMore = facts('GET', '/things', {
      parameters: params,
      responses: { 200: json(obj({ things: list() })) },
    });
    expect(withMore).toMatchObject({
      pagination: 'classic',
      listKey: 'things',
      maxPageSize: 50,
      moreField: true,
      limitParam: true,
    });
    expect(withoutMore).toMatchObject({ pagination: 'classic', moreField: false });
  });

  it('is cursor-based with a cursor parameter, or with a next_cursor answered without one', () => {
    const declared = facts('GET', '/things', {
      parameters: [query('cursor', { type: 'string' })],
      responses: { 200: json(obj({ things: list() })) },
    });
    const answered = facts('GET', '/things', {
      responses: { 200: json(obj({ things: list(), next_cursor: { type: 'string' } })) },
    });
    expect(declared).toMatchObject({ pagination: 'cursor', cursorParam: true });
    expect(answered).toMatchObject({ pagination: 'cursor', cursorParam: false });
  });

  it("is 'none' for a list answered whole, and for anything that is no index", () => {
    expect(facts('GET', '/things', { responses: { 200: json(obj({ things: list() })) } })).toMatchObject({
      pagination: 'none',
      listKey: 'things',
    });
    expect(facts('GET', '/things/{id}', { responses: { 200: json(obj({ thing: entity })) } })).toMatchObject({
      pagination: 'none',
      listKey: null,
    });
    expect(
      facts('PUT', '/things', { responses: { 200: json(obj({ things: list(), more: { type: 'boolean' } })) } }).listKey,
    ).toBeNull();
  });

  it('marks historical records: since and until, paged by cursor or classically with total', () => {
    const since = [query('since', { type: 'string' }), query('until', { type: 'string' })];
    const classic = [query('limit'), query('offset')];
    const answer = { 200: json(obj({ things: list(), more: { type: 'boolean' } })) };
    expect(
      facts('GET', '/things', {
        parameters: [...since, ...classic, query('total', { type: 'boolean' })],
        responses: answer,
      }).historical,
    ).toBe(true);
    expect(facts('GET', '/things', { parameters: [...since, ...classic], responses: answer }).historical).toBe(false);
    expect(
      facts('GET', '/things', { parameters: since, responses: { 200: json(obj({ things: list() })) } }).historical,
    ).toBe(false);
  });

  it('gives one concrete path per value of a last placeholder that names the list', () => {
    const op = facts('GET', '/tags/{id}/{entity_type}', {
      parameters: [
        { name: 'entity_type', in: 'path', schema: { type: 'string', enum: ['users', 'teams'] } },
        query('limit'),
        query('offset'),
      ],
      responses: { 200: json(obj({ users: list(), teams: list(), more: { type: 'boolean' } })) },
    });
    expect(op.variants).toEqual([
      { path: '/tags/{id}/users', responseWrapper: 'users', listKey: 'users' },
      { path: '/tags/{id}/teams', responseWrapper: 'teams', listKey: 'teams' },
    ]);
    expect(op).toMatchObject({ pagination: 'classic', listKey: null, responseWrapper: null });
  });

  it('reads parameters of the path item too, the operation redefining one by name', () => {
    const extract = {
      paths: {
        '/things': {
          parameters: [query('limit', { type: 'integer', maximum: 10 }), query('offset')],
          get: {
            operationId: 'op',
            parameters: [query('limit', { type: 'integer', maximum: 25 })],
            responses: { 200: json(obj({ things: list() })) },
          },
        },
      },
    };
    const [entry] = operationsOf(extract);
    expect(deriveOperation(extract, entry)).toMatchObject({ maxPageSize: 25, pagination: 'classic' });
  });
});
