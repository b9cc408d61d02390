/** The reviewed schema overrides: each row corrects the committed extract, and refuses one that no longer needs it. */
import { describe, expect, it } from '@jest/globals';
import {
  applySchemaOverrideRow,
  applySchemaOverrides,
  targetNode,
  type SchemaOverrideRow,
} from '../../../scripts/generate/apply-schema-overrides.js';
import { descriptionContext, PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { SCHEMA_OVERRIDES } from '../../../scripts/generate/schema-overrides.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- an OpenAPI extract is untyped JSON */
const extract = descriptionContext(PROJECT_ROOT).readDescription('rest') as any;
const row = (id: string): SchemaOverrideRow =>
  SCHEMA_OVERRIDES.find((candidate) => candidate.id === id) as SchemaOverrideRow;
const inlineProperties = (schema: any): Record<string, any> =>
  schema.properties ?? schema.allOf.find((member: any) => member.properties).properties;
const responseSchema = (fixed: any, path: string): any =>
  fixed.paths[path].get.responses['200'].content['application/json'].schema;
const queryNames = (fixed: any, path: string): string[] =>
  fixed.paths[path].get.parameters.map(
    (parameter: any) =>
      (parameter.$ref ? fixed.components.parameters[parameter.$ref.split('/').pop()] : parameter).name,
  );

describe('the reviewed schema overrides', () => {
  it('each has its reason and evidence, and all apply to the committed extract without changing it', () => {
    const before = JSON.stringify(extract);
    expect(() => applySchemaOverrides(extract, SCHEMA_OVERRIDES)).not.toThrow();
    expect(JSON.stringify(extract)).toBe(before);
    for (const candidate of SCHEMA_OVERRIDES) expect(candidate.evidence.length).toBeGreaterThan(20);
  });

  it.each(['alert-grouping-aggregate-values', 'intelligent-alert-grouping-aggregate-values'])(
    '%s splits "all, any" into its two values',
    (id) => {
      const fixed = applySchemaOverrides(extract, [row(id)]);
      const name = row(id).target.split(' ')[1];
      expect(inlineProperties(extract.components.schemas[name]).aggregate.enum).toEqual(['all, any']);
      expect(inlineProperties(fixed.components.schemas[name]).aggregate.enum).toEqual(['all', 'any']);
    },
  );

  it.each([
    ['incident-description', 'Incident', 'description'],
    ['integration-key', 'Integration', 'integration_key'],
  ])('%s declares %s.%s as a read-only string', (id, schema, property) => {
    expect(inlineProperties(extract.components.schemas[schema])[property]).toBeUndefined();
    const fixed = applySchemaOverrides(extract, [row(id)]);
    expect(inlineProperties(fixed.components.schemas[schema])[property]).toEqual({ type: 'string', readOnly: true });
  });

  it.each([
    ['service-change-events-page', '/services/{id}/change_events', ['limit', 'offset', 'total', 'more']],
    ['change-events-page', '/change_events', ['limit', 'offset', 'total', 'more']],
    ['related-change-events-page', '/incidents/{id}/related_change_events', ['limit', 'offset', 'total', 'more']],
    ['alert-grouping-settings-cursor', '/alert_grouping_settings', ['after', 'before', 'limit', 'total']],
  ])('%s declares the page fields of %s', (id, path, names) => {
    const target = `response GET ${path} 200`;
    for (const name of names) expect(inlineProperties(targetNode(extract, target))[name]).toBeUndefined();
    const fixed = applySchemaOverrides(extract, [row(id)]);
    expect(Object.keys(inlineProperties(targetNode(fixed, target)))).toEqual(expect.arrayContaining(names));
  });

  it('each answered-wrapper row requires the key its response is read from', () => {
    const rows = SCHEMA_OVERRIDES.filter((candidate) => candidate.id.startsWith('answered '));
    expect(rows.length).toBeGreaterThan(100);
    const fixed = applySchemaOverrides(extract, SCHEMA_OVERRIDES);
    for (const candidate of rows) {
      const schema = targetNode(fixed, candidate.target);
      const key = candidate.change.kind === 'require' ? candidate.change.properties[0] : '';
      const owner = schema.properties?.[key] ? schema : schema.allOf.find((member: any) => member.properties?.[key]);
      expect(owner.required).toContain(key);
    }
  });

  it.each(
    SCHEMA_OVERRIDES.filter(
      (candidate) => candidate.change.kind === 'add-properties' && candidate.target.startsWith('schema '),
    ).map((candidate) => [candidate.id, candidate] as const),
  )('%s declares its fields on its schema', (_id, candidate) => {
    const name = candidate.target.split(' ')[1];
    const fields = candidate.change.kind === 'add-properties' ? Object.keys(candidate.change.properties) : [];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(inlineProperties(extract.components.schemas[name])[field]).toBeUndefined();
    const fixed = applySchemaOverrides(extract, [candidate]);
    expect(Object.keys(inlineProperties(fixed.components.schemas[name]))).toEqual(expect.arrayContaining(fields));
  });

  it('incident-time-zone declares time_zone on GET /incidents/{id}', () => {
    expect(queryNames(extract, '/incidents/{id}')).not.toContain('time_zone');
    expect(queryNames(applySchemaOverrides(extract, [row('incident-time-zone')]), '/incidents/{id}')).toContain(
      'time_zone',
    );
  });

  it.each([
    ['service-change-events-required', '/services/{id}/change_events'],
    ['change-events-required', '/change_events'],
    ['related-change-events-required', '/incidents/{id}/related_change_events'],
  ])('%s requires change_events in the answer of %s', (id, path) => {
    expect(responseSchema(extract, path).required ?? []).not.toContain('change_events');
    expect(responseSchema(applySchemaOverrides(extract, [row(id)]), path).required).toContain('change_events');
  });

  it('refuses every row once the description says what the row says (the row is then to be removed)', () => {
    const fixed = applySchemaOverrides(extract, SCHEMA_OVERRIDES);
    const before = JSON.stringify(fixed);
    for (const candidate of SCHEMA_OVERRIDES)
      expect(() => applySchemaOverrideRow(fixed, candidate)).toThrow(/review the row/);
    expect(JSON.stringify(fixed)).toBe(before);
  });

  it('refuses rows: no evidence, a repeated id, unknown target or change, a query parameter off an operation', () => {
    const good = row('incident-time-zone');
    expect(() => applySchemaOverrides(extract, [{ ...good, evidence: ' ' }])).toThrow(/no evidence/);
    expect(() => applySchemaOverrides(extract, [good, good])).toThrow(/repeated/);
    expect(() => applySchemaOverrides(extract, [{ ...good, target: 'operation GET /nowhere' }])).toThrow(
      /not an operation/,
    );
    expect(() => applySchemaOverrides(extract, [{ ...good, target: 'schema Nothing' }])).toThrow(
      /query parameter goes on an operation/,
    );
    expect(() => applySchemaOverrides(extract, [{ ...row('incident-description'), target: 'schema Nothing' }])).toThrow(
      /no schema Nothing/,
    );
    expect(() => applySchemaOverrides(extract, [{ ...good, change: { kind: 'rename' } as never }])).toThrow(
      /unknown change/,
    );
    expect(() =>
      applySchemaOverrides(extract, [{ ...row('change-events-required'), target: 'response GET /users/{id} 200' }]),
    ).toThrow(/shared|not declared/);
  });
});
