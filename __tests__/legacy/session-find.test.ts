// A session's `find` reads pages as pdpyras' `next(filter(equiv, iter_all(...)), None)`
// did: lazily, up to the page of the first case-insensitive match, every page when none
// matches. The core's `exact`/`unique` options must leave this request count unchanged.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { AmbiguousMatchError } from '../../src/core/errors/error-classes.js';
import { BASE, makeSession } from './helpers.js';

const PAGES = [
  [
    { id: 'PS1', name: 'Billing' },
    { id: 'PS2', name: 'Checkout' },
  ],
  [
    { id: 'PS3', name: 'checkout' },
    { id: 'PS4', name: 'Search' },
  ],
  [
    { id: 'PS5', name: 'Ledger' },
    { id: 'PS6', name: 'CHECKOUT' },
  ],
];

/** Serves PAGES by offset (2 items a page) and returns how many were served. */
function serve(): { served: () => number } {
  let served = 0;
  nock(BASE)
    .get('/services')
    .query(true)
    .times(PAGES.length)
    .reply((uri) => {
      const offset = Number(new URL(uri, BASE).searchParams.get('offset'));
      const index = offset / 2;
      served += 1;
      return [200, { services: PAGES[index], offset, limit: 2, more: index < PAGES.length - 1 }];
    });
  return { served: () => served };
}

describe.each(['4.3.0', '5.4.1'] as const)('APISession.find at compat %s', (compat) => {
  it.each([
    ['CHECKOUT', { id: 'PS2', name: 'Checkout' }, 1],
    ['search', { id: 'PS4', name: 'Search' }, 2],
    ['payments', null, 3],
  ])('finds %j reading as many pages as pdpyras', async (value, expected, pages) => {
    const session = makeSession(compat);
    const { served } = serve();
    await expect(session.find('services', value)).resolves.toEqual(expected);
    expect(served()).toBe(pages);
    expect(session.totalCallCount).toBe(pages);
  });
});

describe('the core options on a session', () => {
  it('unique throws the core AmbiguousMatchError on the page of the second match (not in pdpyras)', async () => {
    const session = makeSession('5.4.1');
    const { served } = serve();
    await expect(session.find('services', 'checkout', { unique: true })).rejects.toThrow(AmbiguousMatchError);
    expect(served()).toBe(2);
  });

  it('exact makes case count', async () => {
    const session = makeSession('5.4.1');
    const { served } = serve();
    await expect(session.find('services', 'CHECKOUT', { exact: true })).resolves.toEqual({
      id: 'PS6',
      name: 'CHECKOUT',
    });
    expect(served()).toBe(3);
  });
});
