import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { JiraCloudIntegrationApiClient } from '../../../src/core/integrations/integration-clients.js';
import { JIRA_CLOUD_INTEGRATION_API } from '../../../src/generated/integrations/jira-cloud-integration-api.js';
import { RestApiV2BaseClient } from '../../../src/core/rest/rest-api-v2-base-client.js';
import { instantRetries } from '../../helpers/test-kit.js';

const HOST = 'https://api.pagerduty.com';
const KEY = 'u+jiracloudkey5678';

describe('JiraCloudIntegrationApiClient', () => {
  it('has the Jira Cloud base URL, methods and tables', () => {
    const client = new JiraCloudIntegrationApiClient(KEY, instantRetries);
    expect(client).toBeInstanceOf(RestApiV2BaseClient);
    expect(client.url).toBe(`${HOST}/integration-jira-cloud`);
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    expect(client.tables).toBe(JIRA_CLOUD_INTEGRATION_API.tables);
    client.close();
  });

  it('matches each canonical path', () => {
    const client = new JiraCloudIntegrationApiClient(KEY, instantRetries);
    expect(client.canonicalPath('/accounts_mappings')).toBe('/accounts_mappings');
    expect(client.canonicalPath('accounts_mappings/PM1')).toBe('/accounts_mappings/{id}');
    expect(client.canonicalPath(`${HOST}/integration-jira-cloud/accounts_mappings/PM1/rules`)).toBe(
      '/accounts_mappings/{id}/rules',
    );
    expect(client.canonicalPath('/accounts_mappings/PM1/rules/R1')).toBe('/accounts_mappings/{id}/rules/{rule_id}');
    expect(() => client.canonicalPath('/users')).toThrow(/users/);
    client.close();
  });

  it('has the wrappers of its table and the convention elsewhere', () => {
    const client = new JiraCloudIntegrationApiClient(KEY, instantRetries);
    expect(client.entityWrappers('GET', '/accounts_mappings')).toEqual(['accounts_mappings', 'accounts_mappings']);
    expect(client.entityWrappers('GET', '/accounts_mappings/{id}')).toEqual([null, null]);
    expect(client.entityWrappers('GET', '/accounts_mappings/{id}/rules')).toEqual(['rules', 'rules']);
    expect(client.entityWrappers('POST', '/accounts_mappings/{id}/rules')).toEqual([null, null]);
    for (const method of ['GET', 'PUT']) {
      expect(client.entityWrappers(method, '/accounts_mappings/{id}/rules/{rule_id}')).toEqual([null, null]);
    }
    // DELETE answers 204 without a body, so the convention is left as it is.
    expect(client.entityWrappers('DELETE', '/accounts_mappings/{id}/rules/{rule_id}')).toEqual(['rule', 'rule']);
    client.close();
  });

  it('pages through account mappings and rules, with token auth and its JSON headers', async () => {
    const headers: Record<string, unknown>[] = [];
    nock(HOST)
      .get('/integration-jira-cloud/accounts_mappings')
      .query({ limit: '100', offset: '0' })
      .reply(function () {
        headers.push(this.req.headers);
        return [200, { accounts_mappings: [{ id: 'PM1' }], more: false, limit: 100, offset: 0 }];
      })
      .get('/integration-jira-cloud/accounts_mappings/PM1/rules')
      .query({ limit: '100', offset: '0' })
      .reply(200, { rules: [{ id: 'R1' }, { id: 'R2' }], more: false });
    const client = new JiraCloudIntegrationApiClient(KEY, instantRetries);
    expect(await client.listAll('/accounts_mappings')).toEqual([{ id: 'PM1' }]);
    expect(await client.listAll('/accounts_mappings/PM1/rules')).toEqual([{ id: 'R1' }, { id: 'R2' }]);
    expect(headers[0].authorization).toBe(`Token token=${KEY}`);
    expect(headers[0].accept).toBe('application/json');
    expect(headers[0]['content-type']).toBe('application/json');
    client.close();
  });

  it('sends and returns unwrapped rules and mappings', async () => {
    const rule = { name: 'r', enabled: true, config: {} };
    let posted: unknown;
    nock(HOST)
      .get('/integration-jira-cloud/accounts_mappings/PM1')
      .reply(200, { id: 'PM1', pagerduty_account: {} })
      .post('/integration-jira-cloud/accounts_mappings/PM1/rules')
      .reply(201, (_uri, body) => {
        posted = body;
        return { id: 'R9', ...rule };
      })
      .put('/integration-jira-cloud/accounts_mappings/PM1/rules/R9')
      .reply(200, { id: 'R9', ...rule, enabled: false })
      .delete('/integration-jira-cloud/accounts_mappings/PM1/rules/R9')
      .reply(204);
    const client = new JiraCloudIntegrationApiClient('oauth-token', { ...instantRetries, authType: 'bearer' });
    expect(await client.rget('/accounts_mappings/PM1')).toEqual({ id: 'PM1', pagerduty_account: {} });
    expect(await client.rpost<unknown>('/accounts_mappings/PM1/rules', { json: rule })).toEqual({ id: 'R9', ...rule });
    expect(posted).toEqual(rule);
    expect(await client.rput<unknown>('/accounts_mappings/PM1/rules/R9', { json: { enabled: false } })).toMatchObject({
      enabled: false,
    });
    expect((await client.rdelete('/accounts_mappings/PM1/rules/R9')).status).toBe(204);
    expect(nock.isDone()).toBe(true);
    client.close();
  });

  it('keeps the key out of JSON.stringify and util.inspect', () => {
    const client = new JiraCloudIntegrationApiClient(KEY, instantRetries);
    expect(JSON.stringify(client)).not.toContain(KEY);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    client.close();
  });
});
