import { describe, expect, it } from '@jest/globals';
import {
  flattenSchema,
  shapeValue,
  stringFits,
  type ShapeContext,
} from '../../../src/emulator/operations/schema-shapes.js';
import type { SchemaNode } from '../../../src/emulator/operations/operation-types.js';

const schemas: Record<string, SchemaNode> = {
  Base: {
    type: 'object',
    properties: { id: { type: 'string', readOnly: true }, summary: { type: 'string', nullable: true } },
  },
  Tag: {
    allOf: [{ $ref: 'Base' }, { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }],
  },
  Email: {
    type: 'object',
    properties: { type: { type: 'string', enum: ['email'] }, address: { type: 'string' } },
    required: ['type', 'address'],
  },
  Phone: {
    type: 'object',
    properties: { type: { type: 'string', enum: ['phone'] }, number: { type: 'string' } },
    required: ['type', 'number'],
  },
};
const context: ShapeContext = { schemas, newId: () => 'PNEW001', now: new Date('2026-01-02T03:04:05Z') };

describe('flattenSchema', () => {
  it('joins the properties and required names of every allOf part', () => {
    expect(flattenSchema({ $ref: 'Tag' }, schemas)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', readOnly: true },
        summary: { type: 'string', nullable: true },
        label: { type: 'string' },
      },
      required: ['label'],
    });
  });
});

describe('shapeValue', () => {
  it('keeps what fits, makes up what is missing, and sends null where the schema allows it', () => {
    expect(shapeValue({ $ref: 'Tag' }, { label: 'tier-1', id: 'PTAG001' }, context)).toEqual({
      id: 'PTAG001',
      summary: null,
      label: 'tier-1',
    });
    expect(shapeValue({ $ref: 'Tag' }, undefined, context)).toEqual({ id: 'PNEW001', summary: null, label: 'string' });
  });

  it('replaces values that do not fit: a wrong type, a value outside the enum, a bad date', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1 },
        status: { type: 'string', enum: ['active', 'disabled'] },
        at: { type: 'string', format: 'date-time' },
      },
    };
    expect(shapeValue(schema, { count: 'three', status: 'gone', at: 'yesterday' }, context)).toEqual({
      count: 1,
      status: 'active',
      at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('picks the oneOf branch the value is meant for', () => {
    const schema: SchemaNode = { oneOf: [{ $ref: 'Email' }, { $ref: 'Phone' }] };
    expect(shapeValue(schema, { type: 'phone', number: '555' }, context)).toEqual({ type: 'phone', number: '555' });
    expect(shapeValue(schema, undefined, context)).toEqual({ type: 'email', address: 'string' });
  });

  it('shapes each item of a list, and makes the items a minimum asks for', () => {
    expect(shapeValue({ type: 'array', items: { $ref: 'Tag' } }, [{ label: 'a' }], context)).toEqual([
      { id: 'PNEW001', summary: null, label: 'a' },
    ]);
    expect(shapeValue({ type: 'array', minItems: 2, items: { type: 'integer' } }, undefined, context)).toEqual([0, 0]);
  });

  it('never mutates the value it is given', () => {
    const given = { label: 'a' };
    shapeValue({ $ref: 'Tag' }, given, context);
    expect(given).toEqual({ label: 'a' });
  });
});

describe('stringFits', () => {
  it('checks lengths, date-times and anchored patterns, and ignores patterns that are prose', () => {
    expect(stringFits({ maxLength: 3 }, 'abcd')).toBe(false);
    expect(stringFits({ format: 'date-time' }, 'soon')).toBe(false);
    expect(stringFits({ pattern: '^P[A-Z0-9]+$' }, 'PABC')).toBe(true);
    expect(stringFits({ pattern: '^P[A-Z0-9]+$' }, 'abc')).toBe(false);
    expect(stringFits({ pattern: 'YYYY-MM-DDThh:mm:ssZ' }, '2026-01-01T00:00:00Z')).toBe(true);
  });
});
