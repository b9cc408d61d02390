import { describe, expect, it } from '@jest/globals';
import { paginateTerms } from '../../../src/cli/api/command-line-terms.js';

describe('paginateTerms', () => {
  it.each([
    [
      '/users/{id} is a single resource, not an index: iterAll cannot page through it (use rget)',
      '/users/{id} is a single resource, not an index: --paginate cannot page through it (drop --paginate)',
    ],
    [
      'GET /abilities/{id} has no entity wrapper, so iterAll cannot page through it (use jget)',
      'GET /abilities/{id} has no entity wrapper, so --paginate cannot page through it (drop --paginate)',
    ],
    [
      '/analytics/raw/incidents has its own pagination style that iterAll cannot follow: use iterAnalytics() instead',
      '/analytics/raw/incidents has its own pagination style that --paginate cannot follow: ' +
        'drop --paginate and request the pages yourself',
    ],
  ])('%s', (message, expected) => {
    expect(paginateTerms(message)).toBe(expected);
  });

  it('leaves a message without method names alone', () => {
    const message = 'https://evil.example.com/users is not under the client base URL';
    expect(paginateTerms(message)).toBe(message);
  });
});
