import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { UrlError } from '../../../src/core/errors/error-classes.js';
import { MsTeamsIntegrationApiClient } from '../../../src/core/integrations/integration-clients.js';
import { instantRetries } from '../../helpers/test-kit.js';

const BASE = 'https://api.pagerduty.com/integration-ms-teams';
const KEY = 'u+msteamskey3333';

describe('MsTeamsIntegrationApiClient', () => {
  it('has the MS Teams base URL and permits the methods of its description (GET, POST, DELETE)', async () => {
    const client = new MsTeamsIntegrationApiClient(KEY, instantRetries);
    expect(client.url).toBe(BASE);
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'DELETE']);
    await expect(client.request('PUT', '/incidents/PINC1/meeting')).rejects.toBeInstanceOf(UrlError);
    client.close();
  });

  it("reads, creates and deletes an incident's dedicated chat", async () => {
    const bodies: unknown[] = [];
    nock(BASE)
      .get('/incidents/PINC1/dedicated_chat')
      .reply(200, { chat: { id: 'CH1' }, tenant_id: 'T1' })
      .post('/incidents/PINC1/dedicated_chat')
      .reply((_uri, body) => {
        bodies.push(body);
        return [201, { chat: { id: 'CH1' } }];
      })
      .delete('/incidents/PINC1/dedicated_chat')
      .reply(204);
    const client = new MsTeamsIntegrationApiClient(KEY, instantRetries);
    expect(client.canonicalPath('/incidents/PINC1/dedicated_chat')).toBe('/incidents/{incident_id}/dedicated_chat');
    // GET answers the chat beside the tenant: the whole body; POST answers the chat alone.
    expect(await client.rget('/incidents/PINC1/dedicated_chat')).toEqual({ chat: { id: 'CH1' }, tenant_id: 'T1' });
    const json = { mst_tenant_id: 'T1', chat: { topic: 'PINC1' } };
    expect(await client.rpost<unknown>('/incidents/PINC1/dedicated_chat', { json })).toEqual({ id: 'CH1' });
    expect((await client.rdelete('/incidents/PINC1/dedicated_chat')).status).toBe(204);
    expect(bodies).toEqual([json]);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('matches the meeting path; the request goes unwrapped, the response comes in meeting', () => {
    const client = new MsTeamsIntegrationApiClient(KEY, instantRetries);
    expect(client.canonicalPath('/incidents/PINC1/meeting')).toBe('/incidents/{incident_id}/meeting');
    expect(client.entityWrappers('POST', '/incidents/{incident_id}/meeting')).toEqual([null, 'meeting']);
    client.close();
  });

  it('creates a meeting with token auth and returns it', async () => {
    let seen: { auth?: unknown; body?: unknown } = {};
    nock(BASE)
      .post('/incidents/PINC1/meeting')
      .reply(function (_uri, body) {
        seen = { auth: this.req.headers.authorization, body };
        return [201, { meeting: { name: 'Fire', url: 'https://teams.example/m' } }];
      });
    const client = new MsTeamsIntegrationApiClient(KEY, instantRetries);
    const json = { mst_team_id: '19:abc@thread.tacv2', meeting: { name: 'Fire' } };
    expect(await client.rpost('/incidents/PINC1/meeting', { json })).toEqual({
      name: 'Fire',
      url: 'https://teams.example/m',
    });
    expect(seen).toEqual({ auth: `Token token=${KEY}`, body: json });
    client.close();
  });

  it('always uses token auth: a bearer authType is refused', () => {
    const options = { authType: 'bearer' } as unknown as ConstructorParameters<typeof MsTeamsIntegrationApiClient>[1];
    expect(() => new MsTeamsIntegrationApiClient(KEY, options)).toThrow(TypeError);
  });

  it('keeps the key out of JSON.stringify and util.inspect', () => {
    const client = new MsTeamsIntegrationApiClient(KEY, instantRetries);
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    client.close();
  });
});
