/**
 * The request facts generated from the committed REST extract: early-access headers,
 * declared query styles, and the reviewed longest history ranges (checked against the extract).
 */
import { describe, expect, it } from '@jest/globals';
import { HISTORY_RANGE_OVERRIDES } from '../../../scripts/generate/history-range-overrides.js';
import { descriptionContext, PROJECT_ROOT } from '../../../scripts/generate/index.js';
import { deriveRestOperations } from '../../../scripts/generate/rest-facts.js';
import { declaredQueryStyles, earlyAccessHeaders, historyMaxRanges } from '../../../scripts/generate/request-facts.js';

const extract = descriptionContext(PROJECT_ROOT).readDescription('rest') as object;
const operations = deriveRestOperations(extract);

describe('earlyAccessHeaders', () => {
  it('finds the six /ip_allow_lists operations and the value their header declares', () => {
    expect(earlyAccessHeaders(extract)).toEqual({
      'GET /ip_allow_lists': { 'X-EARLY-ACCESS': 'ip-allow-lists' },
      'POST /ip_allow_lists': { 'X-EARLY-ACCESS': 'ip-allow-lists' },
      'GET /ip_allow_lists/{id}': { 'X-EARLY-ACCESS': 'ip-allow-lists' },
      'PUT /ip_allow_lists/{id}': { 'X-EARLY-ACCESS': 'ip-allow-lists' },
      'DELETE /ip_allow_lists/{id}': { 'X-EARLY-ACCESS': 'ip-allow-lists' },
      'GET /ip_allow_lists/{id}/audit/records': { 'X-EARLY-ACCESS': 'ip-allow-lists' },
    });
  });

  it('refuses a header that declares no single value', () => {
    const bare = {
      paths: { '/x': { get: { parameters: [{ name: 'X-Early-Access', in: 'header', schema: { type: 'string' } }] } } },
    };
    expect(() => earlyAccessHeaders(bare)).toThrow('declares no single value');
  });
});

describe('declaredQueryStyles', () => {
  it('lists the query parameters the name[] convention would send wrongly', () => {
    expect(declaredQueryStyles(extract)).toEqual({
      'GET /incidents': { sort_by: { style: 'form', explode: false } },
      'GET /incidents/{id}/alerts': { sort_by: { style: 'form', explode: false } },
      'GET /standards/scores/{resource_type}': { ids: { style: 'form', explode: true } },
      'GET /templates': { sort_by: { style: 'form', explode: false } },
    });
  });
});

describe('historyMaxRanges', () => {
  it('gives every limited historical index its days and the operation and parameter that state them', () => {
    const ranges = historyMaxRanges(extract, operations, HISTORY_RANGE_OVERRIDES);
    expect(Object.keys(ranges)).toHaveLength(10);
    expect(ranges['/audit/records']).toEqual({ days: 31, source: 'GET /audit/records, query parameter until' });
    expect(ranges['/incidents']).toEqual({ days: 180, source: 'GET /incidents, query parameter since' });
    expect(ranges['/notifications']).toEqual({ days: 88, source: 'GET /notifications, query parameter until' });
    for (const path of Object.keys(ranges))
      expect(operations.find((o) => o.method === 'GET' && o.path === path)?.historical).toBe(true);
  });

  it('fails when an index sharing a limited parameter has no row', () => {
    const without = HISTORY_RANGE_OVERRIDES.filter((row) => row.id !== 'team-audit-range');
    expect(() => historyMaxRanges(extract, operations, without)).toThrow(
      'GET /teams/{id}/audit/records shares a parameter',
    );
  });

  it('fails for a row on an operation that is no historical index, or a parameter it does not declare', () => {
    const row = { id: 'x', operation: 'GET /users', parameter: 'until', days: 1, reason: 'r' };
    expect(() => historyMaxRanges(extract, operations, [row])).toThrow('not a historical index');
    const wrongParameter = { ...row, operation: 'GET /log_entries', parameter: 'date_range' };
    expect(() => historyMaxRanges(extract, operations, [wrongParameter])).toThrow('declares no date_range');
  });
});
