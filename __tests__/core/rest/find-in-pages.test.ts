import { describe, expect, it } from '@jest/globals';
import {
  findInPages,
  type FindCriteria,
  attributeMatches,
  differsFrom,
  jsonEqual,
  persistSearchValue,
} from '../../../src/core/rest/find-in-pages.js';

const CRITERIA: FindCriteria = {
  url: '/users',
  attribute: 'email',
  value: 'ann@example.com',
  exact: false,
  unique: true,
};

/** Pages as an async generator that records how many were pulled and whether it was closed. */
function pagesOf(pages: unknown[][]) {
  const seen = { pulled: 0, closed: false };
  async function* generate() {
    try {
      for (const items of pages) {
        seen.pulled += 1;
        yield { items };
      }
    } finally {
      seen.closed = true;
    }
  }
  return { pages: generate(), seen };
}

describe('findInPages', () => {
  it('closes the pages at the first match without unique', async () => {
    const { pages, seen } = pagesOf([
      [{ id: 'P1', email: 'ANN@example.com' }],
      [{ id: 'P2', email: 'ann@example.com' }],
    ]);
    await expect(findInPages(pages, { ...CRITERIA, unique: false })).resolves.toEqual({
      item: { id: 'P1', email: 'ANN@example.com' },
    });
    expect(seen).toEqual({ pulled: 1, closed: true });
  });

  it("answers an ambiguous search by each match's id (null for none, a number as text) and value", async () => {
    const { pages, seen } = pagesOf([
      [{ email: 'Ann@example.com' }, { id: 7, email: 'ann@example.com', token: 'secret' }],
      [{ id: 'P3' }],
    ]);
    // Only the id and the matched value: nothing else of an item (its token) is kept.
    await expect(findInPages(pages, CRITERIA)).resolves.toEqual({
      ambiguous: [
        { id: null, value: 'Ann@example.com' },
        { id: '7', value: 'ann@example.com' },
      ],
    });
    expect(seen).toEqual({ pulled: 1, closed: true });
  });

  it('returns the only match, or null, once every page is read', async () => {
    const one = pagesOf([[{ id: 'P1', email: 'x' }], [{ id: 'P2', email: 'ann@example.com' }]]);
    await expect(findInPages(one.pages, CRITERIA)).resolves.toEqual({ item: { id: 'P2', email: 'ann@example.com' } });
    expect(one.seen.pulled).toBe(2);
    const none = pagesOf([[{ id: 'P1', email: 'x' }], []]);
    await expect(findInPages(none.pages, CRITERIA)).resolves.toEqual({ item: null });
    expect(none.seen.pulled).toBe(2);
  });
});

describe('attributeMatches', () => {
  it('compares ignoring case', () => {
    expect(attributeMatches({ email: 'Ann@Example.com' }, 'email', 'ann@example.COM')).toBe(true);
    expect(attributeMatches({ name: 'Ops' }, 'name', 'Ops team')).toBe(false);
  });

  it('compares a numeric attribute or value as text (pdpyras 5.3+ str(s).lower())', () => {
    expect(attributeMatches({ num: 42 }, 'num', '42')).toBe(true);
    expect(attributeMatches({ num: '42' }, 'num', 42)).toBe(true);
    expect(attributeMatches({ on: true }, 'on', 'TRUE')).toBe(true);
    expect(attributeMatches({ num: 42 }, 'num', 7)).toBe(false);
  });

  it('with exact, case counts (still compared as text)', () => {
    expect(attributeMatches({ name: 'Ops' }, 'name', 'Ops', true)).toBe(true);
    expect(attributeMatches({ name: 'Ops' }, 'name', 'ops', true)).toBe(false);
    expect(attributeMatches({ num: 42 }, 'num', '42', true)).toBe(true);
    expect(attributeMatches({ name: null }, 'name', 'null', true)).toBe(false);
  });

  it('never matches an item without the attribute', () => {
    expect(attributeMatches({ name: 'x' }, 'email', 'undefined')).toBe(false);
    expect(attributeMatches({ email: null }, 'email', 'null')).toBe(false);
    expect(attributeMatches('x', 'email', 'x')).toBe(false);
  });
});

describe('jsonEqual', () => {
  it('compares deeply, ignoring key order', () => {
    expect(jsonEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual(1, '1')).toBe(false);
  });
});

describe('differsFrom', () => {
  it('is false when every given field is already equal', () => {
    expect(differsFrom({ id: 'P1', name: 'Ops', description: 'x' }, { name: 'Ops' })).toBe(false);
  });

  it('is true when a given field differs or is absent', () => {
    expect(differsFrom({ id: 'P1', name: 'Ops' }, { name: 'Ops', description: 'y' })).toBe(true);
    expect(differsFrom({ id: 'P1', tags: ['a'] }, { tags: ['a', 'b'] })).toBe(true);
  });
});

describe('persistSearchValue', () => {
  it('searches for a string, number or boolean as its text', () => {
    expect(persistSearchValue('name', 'Ops')).toBe('Ops');
    expect(persistSearchValue('num', 42)).toBe('42');
    expect(persistSearchValue('on', false)).toBe('false');
  });

  it('refuses any other value, naming the attribute and what it got', () => {
    expect(() => persistSearchValue('name', null)).toThrow(
      new TypeError('persist: values.name must be a string, number or boolean to search for, got null'),
    );
    expect(() => persistSearchValue('tags', ['a'])).toThrow(/values\.tags .* got object$/);
    expect(() => persistSearchValue('name', undefined)).toThrow(/got undefined$/);
  });
});
