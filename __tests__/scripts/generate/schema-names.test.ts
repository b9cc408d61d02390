/** The readable names of the generated schema types. */
import { describe, expect, it } from '@jest/globals';
import { schemaExportNames, schemaNamesSource } from '../../../scripts/generate/schema-names.js';

describe('schemaExportNames', () => {
  it('prefixes names with the API prefix, without doubling it', async () => {
    expect([...schemaExportNames(['User', 'SlackChannel'], { prefix: 'Slack' })]).toEqual([
      ['User', 'SlackUser'],
      ['SlackChannel', 'SlackChannel'],
    ]);
  });

  it('applies the reviewed renames', async () => {
    expect(schemaExportNames(['ChangeEvent'], { renames: { ChangeEvent: 'RestChangeEvent' } }).get('ChangeEvent')).toBe(
      'RestChangeEvent',
    );
  });

  it('refuses two schemas that would get one name', async () => {
    expect(() => schemaExportNames(['A', 'B'], { renames: { B: 'A' } })).toThrow(/would both be exported as A/);
  });

  it('makes names that are not identifiers into identifiers', async () => {
    expect(schemaExportNames(['Error-Response']).get('Error-Response')).toBe('Error_Response');
  });
});

describe('schemaNamesSource', () => {
  it('writes one documented alias per schema, in name order, that keeps its name', async () => {
    const text = schemaNamesSource({
      title: 'SCIM API',
      openapiModule: './scim-openapi.js',
      names: new Map([
        ['User', 'ScimUser'],
        ['Group', 'ScimGroup'],
      ]),
    });
    expect(text).toBe(
      "import type { components } from './scim-openapi.js';\n\n" +
        '/** The `Group` schema of the SCIM API description. */\n' +
        'export type ScimGroup = components[\'schemas\']["Group"] & Record<never, never>;\n\n' +
        '/** The `User` schema of the SCIM API description. */\n' +
        'export type ScimUser = components[\'schemas\']["User"] & Record<never, never>;\n',
    );
  });
});
