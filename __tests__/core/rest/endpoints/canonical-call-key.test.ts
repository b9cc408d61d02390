import { describe, expect, it } from '@jest/globals';
import { canonicalCallKey } from '../../../../src/core/rest/endpoints/canonical-call-key.js';
import { compileTables } from '../../../../src/core/rest/endpoints/compiled-tables.js';
import type { RestApiTables } from '../../../../src/core/rest/endpoints/table-types.js';

const key = canonicalCallKey(
  compileTables({
    canonicalPaths: ['/users', '/users/{id}', '/users/me'],
    wrapperConfig: {},
    cursorPaths: [],
    specialisedIterators: {},
  } as unknown as RestApiTables),
);
const BASE = 'https://api.pagerduty.com';

describe('canonicalCallKey', () => {
  it('keys by canonical path, whatever the query', () => {
    expect(key('get', `${BASE}/users/PU1?include[]=teams`, BASE)).toBe('GET /users/{id}');
    expect(key('GET', `${BASE}/users/me`, BASE)).toBe('GET /users/me');
  });

  it('keys a path outside the tables, or a URL under another base, by its own path', () => {
    expect(key('GET', `${BASE}/widgets/W1?x=1`, BASE)).toBe('GET /widgets/W1');
    expect(key('GET', `${BASE}/v9/users/PU1`, `${BASE}/v9`)).toBe('GET /users/{id}');
    expect(key('GET', 'https://elsewhere.example/users/PU1', BASE)).toBe('GET https://elsewhere.example/users/PU1');
  });
});
