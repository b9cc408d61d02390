import { describe, expect, it } from '@jest/globals';
import { compileTables, withWrapperRows } from '../../../../src/core/rest/endpoints/compiled-tables.js';
import { entityWrappersFor } from '../../../../src/core/rest/endpoints/entity-wrappers.js';
import { REST_API_V2_TABLES } from '../../../../src/tables.js';

describe('withWrapperRows', () => {
  const compiled = compileTables(REST_API_V2_TABLES);

  it('returns the tables themselves when there are no rows', () => {
    expect(withWrapperRows(compiled, {})).toBe(compiled);
  });

  it('replaces the row of the same method and path, whatever the placeholders are named, and leaves the rest', () => {
    const tables = withWrapperRows(compiled, { 'PUT /services/{service_id}/rules/{id}': 'rule' });
    expect(entityWrappersFor(compiled.wrappers, 'PUT', '/services/{id}/rules/{rule_id}')).toEqual([null, 'rule']);
    expect(entityWrappersFor(tables.wrappers, 'PUT', '/services/{id}/rules/{rule_id}')).toEqual(['rule', 'rule']);
    expect(entityWrappersFor(tables.wrappers, 'GET', '/business_services/priority_thresholds')).toEqual([
      'global_threshold',
      'global_threshold',
    ]);
  });

  it('refuses a malformed row', () => {
    expect(() => withWrapperRows(compiled, { nonsense: 'x' })).toThrow(TypeError);
  });
});
