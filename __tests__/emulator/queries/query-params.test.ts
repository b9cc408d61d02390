import { describe, expect, it } from '@jest/globals';
import { boolParam, intParam, listParam, timeParam } from '../../../src/emulator/queries/query-params.js';
import { ReplyError } from '../../../src/emulator/server/replies.js';

describe('query parameters', () => {
  it('reads list keys sent with and without []', () => {
    const query = new URLSearchParams('statuses[]=triggered&statuses[]=acknowledged&team_ids=T1');
    expect(listParam(query, 'statuses')).toEqual(['triggered', 'acknowledged']);
    expect(listParam(query, 'team_ids')).toEqual(['T1']);
    expect(listParam(query, 'user_ids')).toEqual([]);
  });

  it('reads whole numbers and refuses anything else with a 400', () => {
    expect(intParam(new URLSearchParams('limit=5'), 'limit', 25)).toBe(5);
    expect(intParam(new URLSearchParams(''), 'limit', 25)).toBe(25);
    expect(() => intParam(new URLSearchParams('limit=1.5'), 'limit', 25)).toThrow(ReplyError);
  });

  it('reads true only for true', () => {
    expect(boolParam(new URLSearchParams('total=TRUE'), 'total')).toBe(true);
    expect(boolParam(new URLSearchParams('total=1'), 'total')).toBe(false);
  });

  it('reads ISO 8601 times and refuses other text with a 400', () => {
    expect(timeParam(new URLSearchParams('since=2024-01-01T00:00:00Z'), 'since')).toBe(Date.UTC(2024, 0, 1));
    expect(timeParam(new URLSearchParams(''), 'since')).toBeUndefined();
    expect(() => timeParam(new URLSearchParams('since=yesterday'), 'since')).toThrow(ReplyError);
  });
});
