import { describe, expect, it } from '@jest/globals';
import { readPage } from '../../../../src/core/rest/pagination/page-reading.js';

describe('readPage', () => {
  it('reads the list under the wrapper, with the whole body', () => {
    const body = { users: [{ id: 'P1' }], more: false };
    expect(readPage(body, 'users')).toEqual({ ok: true, page: { body, items: [{ id: 'P1' }] } });
  });

  it('refuses a body without the wrapper, as a missing key', () => {
    expect(readPage({ teams: [] }, 'users')).toEqual({
      ok: false,
      detail: 'that expected the response body to be an object with the key "users", but its keys are: teams',
      missingKey: true,
    });
    expect(readPage(null, 'users')).toMatchObject({ ok: false, missingKey: true });
  });

  it('refuses a wrapper that is not a list', () => {
    expect(readPage({ users: 'none' }, 'users')).toEqual({ ok: false, detail: 'whose "users" is not a list', missingKey: false });
  });

  it('keeps a page whose check names a problem, with the problem', () => {
    const check = (body: Readonly<Record<string, unknown>>): string | undefined => (body.next_cursor === 7 ? 'next_cursor is odd' : undefined);
    expect(readPage({ users: [], next_cursor: 7 }, 'users', check)).toMatchObject({ ok: true, problem: 'next_cursor is odd' });
    expect(readPage({ users: [] }, 'users', check)).not.toHaveProperty('problem');
  });
});
