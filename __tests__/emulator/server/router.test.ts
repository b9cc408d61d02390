import { describe, expect, it } from '@jest/globals';
import { findRoute, matchPattern, type Route } from '../../../src/emulator/server/router.js';

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
