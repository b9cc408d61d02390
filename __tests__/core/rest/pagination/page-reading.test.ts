import { describe, expect, it } from '@jest/globals';
import { pageOrThrow, readPage } from '../../../../src/core/rest/pagination/page-reading.js';

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
    expect(readPage({ users: 'none' }, 'users')).toEqual({
      ok: false,
      detail: 'whose "users" is not a list',
      missingKey: false,
    });
  });

  it('keeps a page whose check names a problem, with the problem', () => {
    const check = (body: Readonly<Record<string, unknown>>): string | undefined =>
      body.next_cursor === 7 ? 'next_cursor is odd' : undefined;
    expect(readPage({ users: [], next_cursor: 7 }, 'users', check)).toMatchObject({
      ok: true,
      problem: 'next_cursor is odd',
    });
    expect(readPage({ users: [] }, 'users', check)).not.toHaveProperty('problem');
  });
});

describe('pageOrThrow', () => {
  const refusals: [string, unknown][] = [];
  const refuse = (detail: string, facts?: unknown): Error => {
    refusals.push([detail, facts]);
    return new Error(`API responded with a page ${detail}`);
  };

  it('returns a good page as it is', () => {
    const page = { body: { users: [] }, items: [] };
    expect(pageOrThrow({ ok: true, page }, 'users', refuse)).toBe(page);
  });

  it('throws the refusal of a body without its wrapper, as a missing key with the context', () => {
    refusals.length = 0;
    expect(() => pageOrThrow(readPage({ teams: [] }, 'users'), 'users', refuse, { caller: 'iterAll' })).toThrow(
      /API responded with a page that expected/,
    );
    expect(refusals[0][1]).toEqual({ caller: 'iterAll', reason: 'missing-key', expected: 'users' });
  });

  it('throws the refusal of a wrapper that is no list, with the context only', () => {
    refusals.length = 0;
    expect(() => pageOrThrow(readPage({ users: 'none' }, 'users'), 'users', refuse)).toThrow(
      'API responded with a page whose "users" is not a list',
    );
    expect(refusals[0][1]).toBeUndefined();
  });

  it('keeps a page with a problem, carrying its refusal as failure', () => {
    const page = pageOrThrow(
      { ok: true, page: { body: {}, items: [1] }, problem: 'next_cursor is odd' },
      'users',
      refuse,
    );
    expect(page.items).toEqual([1]);
    expect(page.failure?.message).toBe('API responded with a page whose next_cursor is odd');
  });
});
