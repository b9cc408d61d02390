/**
 * From operation facts to table rows: only the wrapper exceptions the convention gets wrong,
 * concrete paths for path variants, and the per-index pagination rows.
 */
import { describe, expect, it } from '@jest/globals';
import { applyOverrides } from '../../../scripts/generate/apply-overrides.js';
import type { OperationFacts } from '../../../scripts/generate/operation-facts.js';
import { clientOperations, tableRows, wrapperException } from '../../../scripts/generate/table-rows.js';

function op(method: OperationFacts['method'], path: string, facts: Partial<OperationFacts> = {}): OperationFacts {
  return {
    method,
    path,
    operationId: `${method} ${path}`,
    hasRequestBody: false,
    requestWrapper: null,
    hasResponseBody: false,
    responseWrapper: null,
    pagination: 'none',
    listKey: null,
    maxPageSize: null,
    limitParam: false,
    moreField: false,
    cursorParam: false,
    historical: false,
    specialisedIterator: null,
    variants: null,
    overrides: [],
    ...facts,
  };
}

describe('wrapperException', () => {
  it('is undefined where the convention gives what the description says', () => {
    expect(
      wrapperException(op('GET', '/users/{id}', { hasResponseBody: true, responseWrapper: 'user' })),
    ).toBeUndefined();
    expect(
      wrapperException(
        op('POST', '/users', {
          hasRequestBody: true,
          requestWrapper: 'user',
          hasResponseBody: true,
          responseWrapper: 'user',
        }),
      ),
    ).toBeUndefined();
  });

  it('compares only the sides that exist (no body: nothing to disagree on)', () => {
    expect(wrapperException(op('DELETE', '/users/{id}'))).toBeUndefined();
    expect(wrapperException(op('GET', '/abilities/{id}'))).toBeUndefined();
    // A GET's request side never counts: the client sends no body on GET.
    expect(
      wrapperException(
        op('GET', '/x/responses', { hasRequestBody: true, hasResponseBody: true, responseWrapper: 'responses' }),
      ),
    ).toBeUndefined();
  });

  it('is one name when both sides agree, a GET written as its response side', () => {
    expect(
      wrapperException(
        op('GET', '/pages/{id}/statuses/{status_id}', { hasResponseBody: true, responseWrapper: 'status' }),
      ),
    ).toBe('status');
    expect(
      wrapperException(
        op('POST', '/schedules/preview', {
          hasRequestBody: true,
          requestWrapper: 'schedule',
          hasResponseBody: true,
          responseWrapper: 'schedule',
        }),
      ),
    ).toBe('schedule');
  });

  it('is a pair when the sides differ, null standing for a missing side', () => {
    expect(
      wrapperException(
        op('PUT', '/rulesets/{id}/rules/{rule_id}', {
          hasRequestBody: true,
          hasResponseBody: true,
          responseWrapper: 'rule',
        }),
      ),
    ).toEqual([null, 'rule']);
    expect(
      wrapperException(op('POST', '/extensions/{id}/enable', { hasResponseBody: true, responseWrapper: 'extension' })),
    ).toEqual([null, 'extension']);
    expect(
      wrapperException(
        op('POST', '/x/{id}/dismiss', { hasRequestBody: true, requestWrapper: 'decision', hasResponseBody: true }),
      ),
    ).toEqual(['decision', null]);
  });
});

describe('tableRows', () => {
  const operations = [
    op('GET', '/users', {
      hasResponseBody: true,
      responseWrapper: 'users',
      listKey: 'users',
      pagination: 'classic',
      limitParam: true,
      moreField: true,
      historical: false,
    }),
    op('GET', '/audit/records', {
      hasResponseBody: true,
      responseWrapper: 'records',
      listKey: 'records',
      pagination: 'cursor',
      limitParam: true,
      historical: true,
    }),
    op('GET', '/alert_grouping_settings', {
      hasResponseBody: true,
      responseWrapper: 'alert_grouping_settings',
      listKey: 'alert_grouping_settings',
      pagination: 'specialised',
      specialisedIterator: 'iterAlertGroupingSettings',
    }),
    op('GET', '/tags/{id}/{entity_type}', {
      hasResponseBody: true,
      pagination: 'classic',
      moreField: true,
      variants: [
        { path: '/tags/{id}/users', responseWrapper: 'users', listKey: 'users' },
        { path: '/tags/{id}/teams', responseWrapper: 'teams', listKey: 'teams' },
      ],
    }),
  ];

  it('lists each concrete path once, variants instead of their placeholder, and paths without operations', () => {
    expect(clientOperations(operations).map((operation) => operation.path)).toEqual([
      '/users',
      '/audit/records',
      '/alert_grouping_settings',
      '/tags/{id}/users',
      '/tags/{id}/teams',
    ]);
    expect(tableRows(operations, ['/incidents/count']).canonicalPaths).toContain('/incidents/count');
  });

  it('writes the cursor, historical, specialised and index rows', () => {
    const rows = tableRows(operations);
    expect(rows.cursorPaths).toEqual(['/audit/records']);
    expect(rows.historicalPaths).toEqual(['/audit/records']);
    expect(rows.specialisedIterators).toEqual([['/alert_grouping_settings', 'iterAlertGroupingSettings']]);
    expect(rows.indexes).toEqual([
      ['/users', { style: 'classic', listKey: 'users', maxPageSize: null, moreField: true, limitParam: true }],
      [
        '/audit/records',
        { style: 'cursor', listKey: 'records', maxPageSize: null, moreField: false, limitParam: true },
      ],
      [
        '/tags/{id}/users',
        { style: 'classic', listKey: 'users', maxPageSize: null, moreField: true, limitParam: false },
      ],
      [
        '/tags/{id}/teams',
        { style: 'classic', listKey: 'teams', maxPageSize: null, moreField: true, limitParam: false },
      ],
    ]);
    expect(rows.wrapperConfig).toEqual([]);
  });
});

describe('applyOverrides', () => {
  const operations = [op('GET', '/things', { pagination: 'none' })];
  const row = { id: 'r', operation: 'GET /things', set: { pagination: 'specialised' }, reason: 'because' };

  it('replaces the named facts and records the row, without changing its input', () => {
    const [out] = applyOverrides(operations, [row]);
    expect(out).toMatchObject({ pagination: 'specialised', overrides: ['r'] });
    expect(operations[0]).toMatchObject({ pagination: 'none', overrides: [] });
  });

  it('refuses a row that names no operation, sets an unknown field, has no reason, or repeats an id', () => {
    expect(() => applyOverrides(operations, [{ ...row, operation: 'GET /gone' }])).toThrow(
      'not an operation of the description',
    );
    expect(() => applyOverrides(operations, [{ ...row, set: { path: '/x' } }])).toThrow('unknown fields: path');
    expect(() => applyOverrides(operations, [{ ...row, reason: ' ' }])).toThrow('has no reason');
    expect(() => applyOverrides(operations, [row, row])).toThrow('missing or repeated');
  });
});
