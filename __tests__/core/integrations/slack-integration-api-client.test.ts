import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { UrlError } from '../../../src/core/errors/error-classes.js';
import { SlackIntegrationApiClient } from '../../../src/core/integrations/integration-clients.js';
import { instantRetries } from '../../helpers/test-kit.js';

const BASE = 'https://api.pagerduty.com/integration-slack';
const KEY = 'u+slackkey4444';

describe('SlackIntegrationApiClient', () => {
  it('has the Slack base URL on the REST API host and its methods', () => {
    const client = new SlackIntegrationApiClient(KEY, instantRetries);
    expect(client.url).toBe(BASE);
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    client.close();
  });

  it('matches each canonical path', () => {
    const client = new SlackIntegrationApiClient(KEY, instantRetries);
    expect(client.canonicalPath('/incidents/PINC1/dedicated_channel')).toBe(
      '/incidents/{incident_id}/dedicated_channel',
    );
    expect(client.canonicalPath('/incidents/PINC1/notification_channels')).toBe(
      '/incidents/{incident_id}/notification_channels',
    );
    expect(client.canonicalPath('/incidents/PINC1/notification_channels/C1')).toBe(
      '/incidents/{incident_id}/notification_channels/{channel_id}',
    );
    expect(() => client.canonicalPath('/workspaces/T1/connections')).toThrow(UrlError);
    client.close();
  });

  it('has the wrappers of its table', () => {
    const client = new SlackIntegrationApiClient(KEY, instantRetries);
    for (const method of ['GET', 'POST']) {
      expect(client.entityWrappers(method, '/incidents/{incident_id}/dedicated_channel')).toEqual([
        'channel',
        'channel',
      ]);
    }
    expect(client.entityWrappers('GET', '/incidents/{incident_id}/notification_channels')).toEqual([
      'channels',
      'channels',
    ]);
    // The description requires `channel` in the request and answers it (beside `warnings`).
    expect(client.entityWrappers('POST', '/incidents/{incident_id}/notification_channels')).toEqual([
      'channel',
      'channel',
    ]);
    expect(client.entityWrappers('PUT', '/incidents/{incident_id}/notification_channels')).toEqual([
      'channels',
      'channels',
    ]);
    client.close();
  });

  it('reads, creates, replaces and deletes channels with the right wrapping', async () => {
    const bodies: unknown[] = [];
    const record = (status: number, reply: object) => (_uri: string, body: unknown) => {
      bodies.push(body);
      return [status, reply] as [number, object];
    };
    nock(BASE)
      .get('/incidents/PINC1/dedicated_channel')
      .reply(200, { channel: { id: 'C1' } })
      .post('/incidents/PINC1/dedicated_channel')
      .reply(record(201, { channel: { id: 'C1' }, warnings: [] }))
      .get('/incidents/PINC1/notification_channels')
      .reply(200, { channels: [{ id: 'C2' }] })
      .post('/incidents/PINC1/notification_channels')
      .reply(record(201, { channel: { id: 'C3' }, warnings: ['w'] }))
      .put('/incidents/PINC1/notification_channels')
      .reply(record(200, { channels: [{ id: 'C3' }], warnings: [] }))
      .delete('/incidents/PINC1/notification_channels/C3')
      .reply(204)
      .delete('/incidents/PINC1/dedicated_channel')
      .reply(204);
    const client = new SlackIntegrationApiClient('oauth-token', { ...instantRetries, authType: 'oauth2' });
    expect(await client.rget('/incidents/PINC1/dedicated_channel')).toEqual({ id: 'C1' });
    expect(await client.rpost('/incidents/PINC1/dedicated_channel', { json: { slack_team_id: 'T1' } })).toEqual({
      id: 'C1',
    });
    expect(await client.rget('/incidents/PINC1/notification_channels')).toEqual([{ id: 'C2' }]);
    const created = { channel: { id: 'C3', slack_team_id: 'T1' } };
    expect(await client.rpost('/incidents/PINC1/notification_channels', { json: created.channel })).toEqual({
      id: 'C3',
    });
    expect(await client.rput('/incidents/PINC1/notification_channels', { json: [{ id: 'C3' }] })).toEqual([
      { id: 'C3' },
    ]);
    expect((await client.rdelete('/incidents/PINC1/notification_channels/C3')).status).toBe(204);
    expect((await client.rdelete('/incidents/PINC1/dedicated_channel')).status).toBe(204);
    expect(bodies).toEqual([{ channel: { slack_team_id: 'T1' } }, created, { channels: [{ id: 'C3' }] }]);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('sends token auth by default and keeps the key out of JSON.stringify and util.inspect', async () => {
    let auth: unknown;
    nock(BASE)
      .get('/incidents/PINC1/dedicated_channel')
      .reply(function () {
        auth = this.req.headers.authorization;
        return [200, { channel: {} }];
      });
    const client = new SlackIntegrationApiClient(KEY, instantRetries);
    await client.rget('/incidents/PINC1/dedicated_channel');
    expect(auth).toBe(`Token token=${KEY}`);
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    client.close();
  });
});
