import { describe, expect, it } from '@jest/globals';
import { AmbiguousMatchError, PagerDutyError } from '../../../src/core/errors/error-classes.js';
import { findInPages, type FindCriteria } from '../../../src/core/rest/find-in-pages.js';

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
      id: 'P1',
      email: 'ANN@example.com',
    });
    expect(seen).toEqual({ pulled: 1, closed: true });
  });

  it('names matches without an id as "(no id)" and a numeric id as text; the error is a PagerDutyError', async () => {
    const { pages, seen } = pagesOf([
      [{ email: 'Ann@example.com' }, { id: 7, email: 'ann@example.com', token: 'secret' }],
      [{ id: 'P3' }],
    ]);
    const error = await findInPages(pages, CRITERIA).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AmbiguousMatchError);
    expect(error).toBeInstanceOf(PagerDutyError);
    expect((error as AmbiguousMatchError).name).toBe('AmbiguousMatchError');
    expect((error as AmbiguousMatchError).matches).toEqual([
      { id: null, value: 'Ann@example.com' },
      { id: '7', value: 'ann@example.com' },
    ]);
    expect((error as Error).message).toContain('(no id) (email "Ann@example.com"), 7 (email "ann@example.com")');
    // Only the id and the matched value: nothing else of an item reaches the message.
    expect((error as Error).message).not.toContain('secret');
    expect(seen).toEqual({ pulled: 1, closed: true });
  });

  it('returns the only match, or null, once every page is read', async () => {
    const one = pagesOf([[{ id: 'P1', email: 'x' }], [{ id: 'P2', email: 'ann@example.com' }]]);
    await expect(findInPages(one.pages, CRITERIA)).resolves.toEqual({ id: 'P2', email: 'ann@example.com' });
    expect(one.seen.pulled).toBe(2);
    const none = pagesOf([[{ id: 'P1', email: 'x' }], []]);
    await expect(findInPages(none.pages, CRITERIA)).resolves.toBeNull();
    expect(none.seen.pulled).toBe(2);
  });
});
