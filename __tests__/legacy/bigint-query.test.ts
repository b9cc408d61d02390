// Issue 29: pdpyras sent any Python int as a query value; a session sends a bigint as its
// decimal digits, as the core does, at every release.
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { PdpyrasVersion } from '../../src/legacy/pdpyras-releases.js';
import { BASE, makeSession } from './helpers.js';

describe('a bigint query value', () => {
  it.each<[PdpyrasVersion, string]>([
    ['4.3.0', '/users/PU1?n=12345678901234567890&ids=1&ids=2'],
    ['5.4.1', '/users/PU1?n=12345678901234567890&ids%5B%5D=1&ids%5B%5D=2'],
  ])('%s: sent as its digits', async (compat, expected) => {
    const seen: string[] = [];
    nock(BASE)
      .get('/users/PU1')
      .query(true)
      .reply((uri) => (seen.push(uri), [200, { user: { id: 'PU1' } }]));
    await makeSession(compat).rget('/users/PU1', { params: { n: 12345678901234567890n, ids: [1n, 2n] } });
    expect(seen).toEqual([expected]);
  });
});
