/** The survey of the description: its three classes of finding, and what the reviewed overrides fix. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { exampleShapes, shapeOf } from '../../../scripts/example-shapes.js';
import { PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { exampleFindings, multiValueEnums, surveyDescription } from '../../../scripts/generate/survey-description.js';

const read = (name: string): object => JSON.parse(readFileSync(join(PROJECT_ROOT, 'descriptions', name), 'utf8'));

const user = {
  type: 'object',
  required: ['id', 'email'],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: ['admin', 'owner|user'] },
  },
};
const description = {
  paths: {
    '/users/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } } },
                examples: { one: { value: { user: { id: 'P1', name: 'Ann', role: 'admin' } } } },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { User: user } },
};

describe('the example shapes', () => {
  it('keep field names and value types, never values', () => {
    expect(shapeOf({ id: 'P1', n: 2, tags: ['a', 'b', 3], none: null, ok: true })).toEqual({
      id: 'string',
      n: 'number',
      tags: ['string', 'number'],
      none: 'null',
      ok: 'boolean',
    });
    expect(exampleShapes(description)).toEqual({
      requests: {},
      responses: { 'GET /users/{id} 200': [{ user: { id: 'string', name: 'string', role: 'string' } }] },
    });
  });
});

describe('the survey', () => {
  it('finds enum values that list several values (class a)', () => {
    expect(multiValueEnums(description)).toEqual([{ kind: 'a', where: 'schema User', field: 'role' }]);
  });

  it('finds undeclared fields (b), required ones absent (c-absent), unrequired always-sent wrappers (c-always)', () => {
    const shapes = exampleShapes(description);
    expect(exampleFindings(description, shapes)).toEqual(
      expect.arrayContaining([
        { kind: 'b', where: 'schema User', field: 'name' },
        { kind: 'c-absent', where: 'schema User', field: 'email' },
        { kind: 'c-always', where: 'response GET /users/{id} 200', field: 'user' },
      ]),
    );
  });

  it('on the committed extract, marks what overrides fix: the two aggregate enums, the change_events lists', () => {
    const findings = surveyDescription(read('rest.json'), read('rest.example-shapes.json'));
    const fixed = (kind: string, where: string, field: string): boolean | undefined =>
      findings.find((finding) => finding.kind === kind && finding.where === where && finding.field === field)?.fixed;
    expect(fixed('a', 'schema ContentBasedAlertGroupingConfiguration', 'aggregate')).toBe(true);
    expect(fixed('a', 'schema ContentBasedIntelligentAlertGroupingConfiguration', 'aggregate')).toBe(true);
    expect(fixed('c-always', 'response GET /services/{id}/change_events 200', 'change_events')).toBe(true);
    expect(fixed('b', 'response GET /change_events 200', 'more')).toBe(true);
    expect(findings.filter((finding) => finding.kind === 'a' && !finding.fixed)).toEqual([
      { kind: 'a', where: 'parameter header_MCPAccept', field: 'Accept', fixed: false },
    ]);
  });
});
