import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { ApiClient, tokenAuth } from '../../src/index.js';

describe('smoke', () => {
  it('sends a GET through nock', async () => {
    nock('https://api.pagerduty.com').get('/users').reply(200, { users: [] });
    const client = new ApiClient(tokenAuth('abcd1234efgh'), { sleep: async () => {} });
    const response = await client.get('/users');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ users: [] });
    client.close();
  });
});
