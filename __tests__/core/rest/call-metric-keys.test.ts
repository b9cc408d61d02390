// The REST clients count calls by canonical path, remembering each URL's key: the keys
// stay right when the same URL is called again with other queries, for another method,
// and after the base URL changes.
import { afterEach, describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { BASE } from '../../helpers/test-kit.js';

afterEach(() => nock.cleanAll());

describe('REST call metric keys', () => {
  it('keys repeated calls to one URL by its canonical path, per method, whatever the query', async () => {
    const client = new RestApiV2Client('k');
    nock(BASE)
      .get('/users/PU1')
      .query(true)
      .times(3)
      .reply(200, { user: { id: 'PU1' } });
    nock(BASE)
      .put('/users/PU1')
      .reply(200, { user: { id: 'PU1' } });
    nock(BASE).get('/widgets/W1').query(true).reply(200, {});
    await client.jget('/users/PU1');
    await client.jget('/users/PU1', { params: { include: ['contact_methods'] } });
    await client.get('/users/PU1?x=1');
    await client.jput('/users/PU1', { json: { user: { type: 'user', name: 'Ann', email: 'ann@example.com' } } });
    await client.get('/widgets/W1?x=1');
    expect(client.apiCallCounts).toEqual({ 'GET /users/{id}': 3, 'PUT /users/{id}': 1, 'GET /widgets/W1': 1 });
    client.close();
  });

  it('keys by the path below the current base URL after the base URL changes', async () => {
    const client = new RestApiV2Client('k', { baseUrl: 'http://127.0.0.1:1' });
    nock('http://127.0.0.1:1').get('/users/PU1').reply(200, { user: {} });
    nock('http://127.0.0.1:1').get('/v9/users/PU1').times(2).reply(200, { user: {} });
    await client.jget('/users/PU1');
    client.url = 'http://127.0.0.1:1/v9';
    await client.jget('/users/PU1');
    client.url = 'http://127.0.0.1:1';
    await client.jget('http://127.0.0.1:1/v9/users/PU1');
    expect(client.apiCallCounts).toEqual({ 'GET /users/{id}': 2, 'GET /v9/users/PU1': 1 });
    client.close();
  });
});
