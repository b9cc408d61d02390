import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { READ_ONLY_POSTS } from '../../../../src/core/rest/endpoints/read-only-posts.js';
import { REST_API_V2_TABLES } from '../../../../src/tables.js';
import { BASE, makeClient } from '../../../helpers/test-kit.js';
import { NetworkError } from '../../../../src/index.js';

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
