import { describe, expect, it } from '@jest/globals';
import { restQueryParams } from '../../../../src/core/rest/endpoints/params.js';
import { deepFreeze } from '../../../helpers/test-kit.js';

describe('restQueryParams', () => {
  it('appends [] to list keys that lack it and keeps keys that have it', () => {
    const params = deepFreeze({ statuses: ['triggered'], 'team_ids[]': ['T1'], limit: 5 });
    expect(restQueryParams(params, { appendListBrackets: true })).toEqual({
      'statuses[]': ['triggered'],
      'team_ids[]': ['T1'],
      limit: 5,
    });
  });

  it('sends keys unchanged when the policy says so (predecessor before 4.4.0)', () => {
    const params = { statuses: ['triggered'] };
    const sent = restQueryParams(params, { appendListBrackets: false });
    expect(sent).toEqual({ statuses: ['triggered'] });
    expect(sent).not.toBe(params);
  });

  it("sends an operation's declared styles: explode false joined, explode true bare, the rest with []", () => {
    const styles = { sort_by: { style: 'form', explode: false }, ids: { style: 'form', explode: true } } as const;
    const params = deepFreeze({ sort_by: ['created_at:desc', 'urgency'], ids: ['P1', 'P2'], statuses: ['triggered'] });
    expect(restQueryParams(params, { appendListBrackets: true }, styles)).toEqual({
      sort_by: 'created_at:desc,urgency',
      ids: ['P1', 'P2'],
      'statuses[]': ['triggered'],
    });
    expect(restQueryParams(params, { appendListBrackets: false }, styles)).toEqual({
      sort_by: 'created_at:desc,urgency',
      ids: ['P1', 'P2'],
      statuses: ['triggered'],
    });
  });
});
