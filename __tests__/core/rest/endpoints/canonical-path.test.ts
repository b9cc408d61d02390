import { describe, expect, it } from '@jest/globals';
import {
  compileCanonicalPaths,
  isPlaceholder,
  matchCanonicalPath,
  pathShape,
  READ_ONLY_POSTS,
} from '../../../../src/core/rest/endpoints/canonical-path.js';
import { CANONICAL_PATHS, REST_API_V2_TABLES } from '../../../../src/tables.js';
import nock from 'nock';
import { BASE, makeClient } from '../../../helpers/test-kit.js';
import { NetworkError } from '../../../../src/index.js';
import { orThrow } from '../../../helpers/refusal-thrown.js';

const index = compileCanonicalPaths(CANONICAL_PATHS);
const canonical = (path: string): string => orThrow(matchCanonicalPath(index, path));

/** A concrete URL path for a canonical path: each placeholder becomes an id-like value. */
const concrete = (path: string): string => path.replace(/\{[^}]+\}/g, (_, offset: number) => `PX${offset}Q`);

describe('isPlaceholder and pathShape', () => {
  it('recognise {placeholders} only', () => {
    expect(isPlaceholder('{id}')).toBe(true);
    expect(isPlaceholder('{type_id_or_name}')).toBe(true);
    expect(isPlaceholder('id')).toBe(false);
    expect(isPlaceholder('{}x')).toBe(false);
  });

  it('write every placeholder as {} so differently named ones compare equal', () => {
    expect(pathShape('/event_orchestrations/services/{service_id}')).toBe('/event_orchestrations/services/{}');
    expect(pathShape('/event_orchestrations/services/{id}')).toBe(
      pathShape('/event_orchestrations/services/{service_id}'),
    );
    expect(pathShape('/users')).toBe('/users');
  });
});

describe('matchCanonicalPath', () => {
  it.each([
    ['/users', '/users'],
    ['/users/PABC123', '/users/{id}'],
    ['/users/me', '/users/me'],
    ['/users/PABC123/contact_methods/PCM1', '/users/{id}/contact_methods/{contact_method_id}'],
    ['/services/PSVC1/rules/convert', '/services/{id}/rules/convert'],
    ['/services/PSVC1/rules/PRULE1', '/services/{id}/rules/{rule_id}'],
    ['/incidents/PINC1/status_updates', '/incidents/{id}/status_updates'],
    ['/incidents/PINC1/status_updates/subscribers', '/incidents/{id}/status_updates/subscribers'],
    ['/business_services/PBS1/subscribers', '/business_services/{id}/subscribers'],
    ['/business_services/impacts', '/business_services/impacts'],
    ['/schedules/PSCH1/overrides', '/schedules/{id}/overrides'],
    ['/escalation_policies/PEP1', '/escalation_policies/{id}'],
    ['/incidents/count', '/incidents/count'],
    ['/incidents/types/major', '/incidents/types/{type_id_or_name}'],
    ['/event_orchestrations/services/PSVC1', '/event_orchestrations/services/{service_id}'],
    ['/enrichment/event_enrichments/default', '/enrichment/event_enrichments/default'],
    ['/enrichment/event_enrichments/PEE1', '/enrichment/event_enrichments/{id}'],
    ['/enrichment/integrations/servicenow/credentials', '/enrichment/integrations/servicenow/credentials'],
    ['/enrichment/integrations/servicenow/PSN1', '/enrichment/integrations/servicenow/{integration_id}'],
    ['/tags/PTAG1/users', '/tags/{id}/users'],
    ['/services/PSVC1/tags', '/{entity_type}/{id}/tags'],
    ['/users/', '/users'],
    ['users/PABC', '/users/{id}'],
  ])('matches %s to %s', (url, expected) => {
    expect(canonical(url)).toBe(expected);
  });

  it('maps every canonical path, with ids in its placeholders, back to itself (no ties in the table)', () => {
    const wrong = CANONICAL_PATHS.filter((path) => canonical(concrete(path)) !== path);
    expect(wrong).toEqual([]);
  });

  it('fails for a path that matches nothing', () => {
    expect(() => canonical('/nope')).toThrow('/nope does not match any canonical path');
    expect(() => canonical('/users/P1/nope')).toThrow('does not match');
  });

  it('fails for a real tie between two patterns with as many literal segments', () => {
    const tied = compileCanonicalPaths(['/a/{x}/c', '/a/b/{y}']);
    expect(() => orThrow(matchCanonicalPath(tied, '/a/b/c'))).toThrow(
      'matches more than one canonical path equally well: /a/{x}/c, /a/b/{y}',
    );
    expect(orThrow(matchCanonicalPath(tied, '/a/z/c'))).toBe('/a/{x}/c');
  });

  it('prefers the pattern with the most literal segments whatever the order of the table', () => {
    const reversed = compileCanonicalPaths(['/users/{id}', '/users/me'].reverse());
    const forward = compileCanonicalPaths(['/users/{id}', '/users/me']);
    expect(orThrow(matchCanonicalPath(reversed, '/users/me'))).toBe('/users/me');
    expect(orThrow(matchCanonicalPath(forward, '/users/me'))).toBe('/users/me');
  });

  it('does not let a placeholder match an empty segment', () => {
    const only = compileCanonicalPaths(['/users/{id}/teams']);
    expect(() => orThrow(matchCanonicalPath(only, '/users//teams'))).toThrow('does not match');
  });
});

const INCIDENT = { type: 'incident', title: 'Disk full', service: { id: 'PSVC1', type: 'service_reference' } } as const;
const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

describe('the POSTs that only read', () => {
  it('are canonical paths of the REST API', () => {
    const paths = new Set(REST_API_V2_TABLES.canonicalPaths);
    for (const path of READ_ONLY_POSTS) expect(paths.has(path)).toBe(true);
  });

  it('are retried after a reset, as reads are', async () => {
    const scope = nock(BASE)
      .post('/analytics/raw/incidents')
      .replyWithError(reset)
      .post('/analytics/raw/incidents')
      .reply(200, { data: [] });
    await expect(makeClient().jpost('/analytics/raw/incidents', { json: {} })).resolves.toEqual({ data: [] });
    expect(scope.isDone()).toBe(true);
  });

  it('while a POST that creates is sent once and fails, unless the client has retryWrites', async () => {
    const once = nock(BASE)
      .post('/incidents')
      .replyWithError(reset)
      .post('/incidents')
      .reply(201, { incident: { id: 'PINC0' } });
    await expect(makeClient().rpost('/incidents', { json: INCIDENT })).rejects.toBeInstanceOf(NetworkError);
    expect(once.pendingMocks()).toHaveLength(1);
    nock.cleanAll();
    const scope = nock(BASE)
      .post('/incidents')
      .replyWithError(reset)
      .post('/incidents')
      .reply(201, { incident: { id: 'PINC1' } });
    const client = makeClient({ retryWrites: true });
    await expect(client.rpost('/incidents', { json: INCIDENT })).resolves.toEqual({ id: 'PINC1' });
    expect(scope.isDone()).toBe(true);
  });

  it('a request that says retryMode wins over the default', async () => {
    const scope = nock(BASE)
      .post('/incidents')
      .replyWithError(reset)
      .post('/incidents')
      .reply(201, { incident: { id: 'PINC2' } });
    const made = makeClient().rpost('/incidents', { json: INCIDENT, retryMode: 'idempotent' });
    await expect(made).resolves.toEqual({ id: 'PINC2' });
    expect(scope.isDone()).toBe(true);
  });
});
