import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { SlackIntegrationConnectionsApiClient } from '../../../src/index.js';
import { instantRetries } from '../../helpers/test-kit.js';

const BASE = 'https://app.pagerduty.com/integration-slack';
const KEY = 'u+slackconnkey5555';

describe('SlackIntegrationConnectionsApiClient', () => {
  it('lives on the app host, with its methods', () => {
    const client = new SlackIntegrationConnectionsApiClient(KEY, instantRetries);
    expect(client.url).toBe(BASE);
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    expect(() => client.canonicalPath('https://api.pagerduty.com/integration-slack/workspaces/T1/connections')).toThrow(
      /not under the client's base URL/,
    );
    client.close();
  });

  it('matches each canonical path and has the wrappers of its table', () => {
    const client = new SlackIntegrationConnectionsApiClient(KEY, instantRetries);
    const index = '/workspaces/{slack_team_id}/connections';
    const one = '/workspaces/{slack_team_id}/connections/{connection_id}';
    expect(client.canonicalPath('/workspaces/T1/connections')).toBe(index);
    expect(client.canonicalPath('/workspaces/T1/connections/PC1')).toBe(one);
    expect(client.entityWrappers('GET', index)).toEqual(['slack_connections', 'slack_connections']);
    expect(client.entityWrappers('POST', index)).toEqual(['slack_connection', 'slack_connection']);
    expect(client.entityWrappers('GET', one)).toEqual(['slack_connection', 'slack_connection']);
    expect(client.entityWrappers('PUT', one)).toEqual(['slack_connection', 'slack_connection']);
    client.close();
  });

  it('pages, creates, reads, updates and deletes connections', async () => {
    const seen: unknown[] = [];
    nock(BASE)
      .get('/workspaces/T1/connections')
      .query({ limit: '2', offset: '0' })
      .reply(function () {
        seen.push(this.req.headers.authorization);
        return [200, { slack_connections: [{ id: 'PC1' }, { id: 'PC2' }], more: true, limit: 2, offset: 0 }];
      })
      .get('/workspaces/T1/connections')
      .query({ limit: '2', offset: '2' })
      .reply(200, { slack_connections: [{ id: 'PC3' }], more: false, limit: 2, offset: 2 })
      .post('/workspaces/T1/connections')
      .reply(201, (_uri, body) => {
        seen.push(body);
        return { slack_connection: { id: 'PC4' } };
      })
      .get('/workspaces/T1/connections/PC4')
      .reply(200, { slack_connection: { id: 'PC4' } })
      .put('/workspaces/T1/connections/PC4')
      .reply(200, (_uri, body) => {
        seen.push(body);
        return { slack_connection: { id: 'PC4', notification_type: 'responder' } };
      })
      .delete('/workspaces/T1/connections/PC4')
      .reply(204);
    const client = new SlackIntegrationConnectionsApiClient(KEY, instantRetries);
    const ids: unknown[] = [];
    for await (const connection of client.iterAll<{ id: string }>('/workspaces/T1/connections', {}, { pageSize: 2 })) {
      ids.push(connection.id);
    }
    expect(ids).toEqual(['PC1', 'PC2', 'PC3']);
    expect(await client.rpost<unknown>('/workspaces/T1/connections', { json: { channel_id: 'C1' } })).toEqual({
      id: 'PC4',
    });
    expect(await client.rget('/workspaces/T1/connections/PC4')).toEqual({ id: 'PC4' });
    expect(await client.rput('/workspaces/T1/connections/PC4', { json: { notification_type: 'responder' } })).toEqual({
      id: 'PC4',
      notification_type: 'responder',
    });
    expect((await client.rdelete('/workspaces/T1/connections/PC4')).status).toBe(204);
    expect(seen).toEqual([
      `Token token=${KEY}`,
      { slack_connection: { channel_id: 'C1' } },
      { slack_connection: { notification_type: 'responder' } },
    ]);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('keeps the key out of JSON.stringify and util.inspect', () => {
    const client = new SlackIntegrationConnectionsApiClient(KEY, { ...instantRetries, authType: 'bearer' });
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    client.close();
  });
});
