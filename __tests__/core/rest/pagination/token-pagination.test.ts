import { describe, expect, it } from '@jest/globals';
import { itemsOf, type FetchedPage } from '../../../../src/core/rest/pagination/pages.js';
import {
  cursorProblem,
  nextAlertGroupingAfter,
  nextAnalyticsStart,
  nextCursor,
  tokenPages,
} from '../../../../src/core/rest/pagination/token-pagination.js';
import { collect } from '../../../helpers/test-kit.js';
import { PaginationCycleError } from '../../../../src/core/errors/error-classes.js';

describe('tokenPages', () => {
  it('follows next_cursor until it is null, sending no cursor first', async () => {
    const tokens: (string | undefined)[] = [];
    const pages: Record<string, FetchedPage> = {
      first: { body: { next_cursor: 'c1' }, items: [1, 2] },
      c1: { body: { next_cursor: 'c2' }, items: [3] },
      c2: { body: { next_cursor: null }, items: [4] },
    };
    const items = await collect(
      itemsOf<number>(
        tokenPages(async (token) => {
          tokens.push(token);
          return pages[token ?? 'first'];
        }, nextCursor),
      ),
    );
    expect(items).toEqual([1, 2, 3, 4]);
    expect(tokens).toEqual([undefined, 'c1', 'c2']);
  });

  it('stops when a page hands back the token it was asked with', async () => {
    let calls = 0;
    const items = await collect(
      itemsOf<number>(
        tokenPages(async () => {
          calls += 1;
          return { body: { next_cursor: 'same' }, items: [calls] };
        }, nextCursor),
      ),
    );
    expect(items).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it('fails with a PaginationCycleError when a token of an earlier page comes back (A, B, A)', async () => {
    const sent: (string | undefined)[] = [];
    const next: Record<string, string> = { first: 'A', A: 'B', B: 'A' };
    const read: number[] = [];
    const error = await (async () => {
      const pages = tokenPages(
        async (token) => {
          sent.push(token);
          return { body: { next_cursor: next[token ?? 'first'] }, items: [sent.length] };
        },
        nextCursor,
        undefined,
        'GET /incidents',
      );
      for await (const item of itemsOf<number>(pages)) read.push(item);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationCycleError);
    expect((error as Error).message).toContain('GET /incidents: the server handed back cursor "A"');
    expect(sent).toEqual([undefined, 'A', 'B']);
    expect(read).toEqual([1, 2, 3]);
  });

  it('starts from the first token given, and hands each reader the token that asked', async () => {
    const sent: (number | undefined)[] = [];
    const seen: (number | undefined)[] = [];
    const next = (body: Readonly<Record<string, unknown>>, token?: number): number | null => {
      seen.push(token);
      return body.last === true ? null : (token ?? 0) + 10;
    };
    const pages = await collect(
      tokenPages<number>(
        async (token) => {
          sent.push(token);
          return { body: { last: token === 25 }, items: [token] };
        },
        next,
        5,
      ),
    );
    expect(pages.map((page) => page.items[0])).toEqual([5, 15, 25]);
    expect(sent).toEqual([5, 15, 25]);
    expect(seen).toEqual([5, 15, 25]);
  });
});

describe('token readers', () => {
  it('read next_cursor', () => {
    expect(nextCursor({ next_cursor: 'abc' })).toBe('abc');
    expect(nextCursor({ next_cursor: null })).toBeNull();
    expect(nextCursor({ next_cursor: '' })).toBeNull();
    expect(nextCursor({})).toBeNull();
  });

  it('read last only while more is true (analytics)', () => {
    expect(nextAnalyticsStart({ more: true, last: 'L1' })).toBe('L1');
    expect(nextAnalyticsStart({ more: false, last: 'L1' })).toBeNull();
    expect(nextAnalyticsStart({ more: true })).toBeNull();
  });

  it('read after (alert grouping settings)', () => {
    expect(nextAlertGroupingAfter({ after: 'A1' })).toBe('A1');
    expect(nextAlertGroupingAfter({ after: null })).toBeNull();
  });
});

describe('a next_cursor that is not a string', () => {
  it('a finite number is followed as its text (as the predecessors sent it)', () => {
    expect(nextCursor({ next_cursor: 42 })).toBe('42');
    expect(nextCursor({ next_cursor: 0 })).toBe('0');
    expect(cursorProblem({ next_cursor: 42 })).toBeUndefined();
  });

  it('absent, null, false and empty end the series', () => {
    for (const value of [undefined, null, false, '']) {
      expect(nextCursor({ next_cursor: value })).toBeNull();
      expect(cursorProblem({ next_cursor: value })).toBeUndefined();
    }
  });

  it('anything else is a problem to report, never a silent stop', () => {
    expect(cursorProblem({ next_cursor: { page: 2 } })).toBe(
      'next_cursor is an object, neither a string nor a number, so the next page cannot be requested',
    );
    expect(cursorProblem({ next_cursor: [1] })).toMatch(/^next_cursor is a list/);
    expect(cursorProblem({ next_cursor: true })).toMatch(/^next_cursor is true/);
    expect(cursorProblem({ next_cursor: Number.NaN })).toMatch(/^next_cursor is NaN/);
  });
});
