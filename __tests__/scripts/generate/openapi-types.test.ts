/**
 * The preparation of an extract for openapi-typescript, and the check that what it writes
 * holds facts only.
 */
import { describe, expect, it } from '@jest/globals';
import {
  assertFactsOnly,
  openapiTypesSource,
  prepareForOpenapiTypescript,
} from '../../../scripts/generate/openapi-types.js';

const extract = {
  openapi: '3.0.2',
  info: { version: '1' },
  paths: {},
  components: {
    schemas: {
      Base: { allOf: [{ type: 'object', properties: { id: { type: 'string' } } }, { type: 'object' }] },
      Thing: { allOf: [{ $ref: '#/components/schemas/Base/allOf/0' }, { $ref: '#/components/schemas/Other' }] },
      Other: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'] } } },
      Implicit: { oneOf: [{ $ref: '#/components/schemas/Other' }], discriminator: { propertyName: 'kind' } },
      Mapped: {
        oneOf: [{ $ref: '#/components/schemas/Other' }],
        discriminator: { propertyName: 'kind', mapping: { a: '#/components/schemas/Other' } },
      },
      Inside: {
        oneOf: [{ $ref: '#/components/schemas/Other' }],
        discriminator: { propertyName: 'kind', mapping: { a: '#/paths/~1x/get' } },
      },
    },
  },
};

describe('prepareForOpenapiTypescript', () => {
  it('replaces a reference into the middle of a schema by a copy of its target, keeps top-level ones', async () => {
    const prepared = prepareForOpenapiTypescript(extract) as typeof extract;
    expect(prepared.components.schemas.Thing.allOf).toEqual([
      { type: 'object', properties: { id: { type: 'string' } } },
      { $ref: '#/components/schemas/Other' },
    ]);
  });

  it('drops discriminators without a mapping to component schemas, keeps the others', async () => {
    const schemas = (prepareForOpenapiTypescript(extract) as typeof extract).components.schemas as Record<
      string,
      Record<string, unknown>
    >;
    expect(schemas.Implicit.discriminator).toBeUndefined();
    expect(schemas.Inside.discriminator).toBeUndefined();
    expect(schemas.Mapped.discriminator).toEqual({
      propertyName: 'kind',
      mapping: { a: '#/components/schemas/Other' },
    });
  });

  it('copies the names a property-less allOf member requires into the inline sibling that declares them', async () => {
    const prepared = prepareForOpenapiTypescript({
      components: {
        schemas: {
          Base: { type: 'object', properties: { id: { type: 'string' } } },
          Ref: {
            allOf: [
              { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['name'] },
              { $ref: '#/components/schemas/Base' },
              { type: 'object', required: ['id'] },
            ],
          },
        },
      },
    }) as { components: { schemas: { Ref: { allOf: object[] } } } };
    expect(prepared.components.schemas.Ref.allOf).toEqual([
      { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } }, required: ['name', 'id'] },
      { $ref: '#/components/schemas/Base' },
      { type: 'object', required: ['id'] },
    ]);
  });

  it('keeps of each operation its path and query parameters and success responses, and the components whole', () => {
    const prepared = prepareForOpenapiTypescript({
      paths: {
        '/things/{id}': {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          ],
          get: {
            parameters: [
              { $ref: '#/components/parameters/accept' },
              { name: 'include', in: 'query', schema: { type: 'string' } },
            ],
            responses: { 200: { description: 'ok' }, 404: { $ref: '#/components/responses/NotFound' } },
          },
        },
      },
      components: {
        parameters: { accept: { name: 'Accept', in: 'header', schema: { type: 'string' } } },
        responses: { NotFound: {} },
      },
    }) as {
      paths: Record<string, { parameters?: unknown[]; get: { parameters?: unknown[]; responses?: object } }>;
      components: object;
    };
    const item = prepared.paths['/things/{id}'];
    expect(item.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(item.get.parameters).toEqual([{ name: 'include', in: 'query', schema: { type: 'string' } }]);
    expect(item.get.responses).toEqual({ 200: { description: 'ok' } });
    expect(prepared.components).toEqual({
      parameters: { accept: { name: 'Accept', in: 'header', schema: { type: 'string' } } },
      responses: { NotFound: {} },
    });
  });

  it('leaves the extract unchanged', async () => {
    const before = JSON.stringify(extract);
    prepareForOpenapiTypescript(extract);
    expect(JSON.stringify(extract)).toBe(before);
  });

  it('refuses a reference that points nowhere', async () => {
    expect(() =>
      prepareForOpenapiTypescript({ components: { schemas: { A: { $ref: '#/components/schemas/B/allOf/0' } } } }),
    ).toThrow(/unresolved reference/);
  });
});

describe('assertFactsOnly', () => {
  it('accepts what openapi-typescript writes: formats, defaults (multi-line too), enums, deprecations', async () => {
    const text = [
      '/** Format: date-time */',
      '/**\n * @default [\n *       "summary"\n *     ]\n */',
      '/**\n * @default user\n * @enum {string}\n */',
      '/** @deprecated */',
    ].join('\n');
    expect(() => assertFactsOnly(text, 'test')).not.toThrow();
  });

  it.each([
    ['a description', '/** @description The user who did it */'],
    ['a title', '/** The user */'],
    ['an example', '/**\n * @example ann@example.com\n */'],
  ])('refuses %s', async (_what, comment) => {
    expect(() => assertFactsOnly(comment, 'test')).toThrow(/other than facts/);
  });
});

describe('openapiTypesSource', () => {
  it("writes compilable names and types without the tool's own sentence on discriminators", async () => {
    const text = await openapiTypesSource(extract, 'test');
    expect(text).toContain('Thing: {');
    expect(text).toContain('export interface components');
    expect(text).not.toMatch(/@description|added by openapi-typescript/);
  });

  it("leaves out absent members, the responses' open headers and @enum marks, and keeps what types read", async () => {
    const withOperations = {
      ...extract,
      paths: {
        '/things/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: {
              200: {
                description: '',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Other' } } },
              },
              204: { description: '' },
            },
          },
        },
      },
    };
    const text = await openapiTypesSource(withOperations, 'test-operations');
    expect(text).not.toMatch(/\?: never;|\[name: string\]: unknown|@enum/);
    expect(text).toMatch(/get: operations\["?\w*"?\]|get: \{/);
    expect(text).toMatch(/path: \{\s*id: string;/);
    expect(text).toContain('"application/json": components["schemas"]["Other"]');
    expect(text).toMatch(/kind\??: "a"/);
  });
});
