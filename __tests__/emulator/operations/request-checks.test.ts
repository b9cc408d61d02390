import { describe, expect, it } from '@jest/globals';
import { bodyChecks, parameterChecks } from '../../../src/emulator/operations/request-checks.js';
import type { EmulatedOperation, SchemaNode } from '../../../src/emulator/operations/operation-types.js';

const schemas: Record<string, SchemaNode> = {
  Rule: {
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true },
      name: { type: 'string' },
      urgency: { type: 'string', enum: ['high', 'low'] },
    },
    required: ['id', 'name'],
  },
};

const operation: EmulatedOperation = {
  id: 'createRule',
  method: 'POST',
  path: '/things/{kind}/rules',
  status: 201,
  body: { type: 'object', properties: { rule: { $ref: 'Rule' } }, required: ['rule'] },
  bodyRequired: true,
  query: [
    { name: 'limit', schema: { type: 'integer' } },
    { name: 'include[]', schema: { type: 'array', items: { type: 'string', enum: ['teams'] } } },
    { name: 'since', required: true, schema: { type: 'string' } },
  ],
  pathParameters: [{ name: 'kind', schema: { type: 'string', enum: ['a', 'b'] } }],
};

describe('parameterChecks', () => {
  it('passes values the description allows', () => {
    const query = new URLSearchParams('limit=5&include[]=teams&since=2026-01-01');
    expect(parameterChecks(operation, { kind: 'a' }, query, schemas)).toEqual([]);
  });

  it('names each path value, query value and missing required parameter the description refuses', () => {
    const query = new URLSearchParams('limit=five&include[]=planets');
    expect(parameterChecks(operation, { kind: 'c' }, query, schemas)).toEqual([
      'Path parameter kind has an invalid value: c',
      'Query parameter limit has an invalid value: five',
      'Query parameter include[] has an invalid value: planets',
      'Query parameter since is required',
    ]);
  });
});

describe('bodyChecks', () => {
  it('passes a body that fits, without the read-only properties the server fills', () => {
    expect(bodyChecks(operation, { rule: { name: 'r', urgency: 'low' } }, schemas)).toEqual([]);
  });

  it('names each problem of a body that does not fit', () => {
    expect(bodyChecks(operation, undefined, schemas)).toEqual(['A request body is required']);
    expect(bodyChecks(operation, { rule: { urgency: 'medium' } }, schemas)).toEqual([
      'body.rule.name is required',
      'body.rule.urgency must be one of high, low',
    ]);
    expect(bodyChecks(operation, { rule: 'r' }, schemas)).toEqual(['body.rule must be an object']);
  });
});
