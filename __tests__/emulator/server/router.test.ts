import { describe, expect, it } from '@jest/globals';
import {
  decodedSegment,
  findRoute,
  matchPattern,
  wellEscaped,
  type Route,
} from '../../../src/emulator/server/router.js';

const reply = () => ({ status: 200 });
const routes: Route[] = [
  { method: 'GET', pattern: '/users/{id}', handler: reply },
  { method: 'PUT', pattern: '/users/{id}', handler: reply },
  { method: 'GET', pattern: '/users/me', handler: reply },
  { method: 'GET', pattern: '/users', handler: reply },
];

describe('matchPattern', () => {
  it('binds placeholders and decodes them', () => {
    expect(matchPattern('/users/{id}', '/users/P%20X')).toEqual({ id: 'P X' });
    expect(matchPattern('/users/{id}', '/users')).toBeUndefined();
    expect(matchPattern('/users', '/teams')).toBeUndefined();
  });
});

describe('findRoute', () => {
  it('prefers the pattern with more literal segments', () => {
    const match = findRoute(routes, 'GET', '/users/me');
    expect(match.kind === 'found' && match.route.pattern).toBe('/users/me');
    const byId = findRoute(routes, 'GET', '/users/PABC123');
    expect(byId.kind === 'found' && byId.params).toEqual({ id: 'PABC123' });
  });

  it('tells an unknown path from a method the path does not allow', () => {
    expect(findRoute(routes, 'GET', '/nope').kind).toBe('not-found');
    expect(findRoute(routes, 'DELETE', '/users/P1')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'PUT'] });
  });
});

describe('malformed percent-escapes', () => {
  it('match no placeholder, and are told apart from well-formed paths', () => {
    expect(matchPattern('/users/{id}', '/users/%ZZ')).toBeUndefined();
    expect(findRoute(routes, 'GET', '/users/%ZZ').kind).toBe('not-found');
    expect(wellEscaped('/users/%ZZ')).toBe(false);
    expect(wellEscaped('/users/P%20X')).toBe(true);
    expect(decodedSegment('%E0%A4%A')).toBeUndefined();
  });
});
