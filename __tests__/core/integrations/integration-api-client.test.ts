import { seams, instantRetries, recordingSleep } from '../../helpers/test-kit.js';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { UrlError } from '../../../src/core/errors/error-classes.js';
import {
  IntegrationApiClient,
  integrationAuth,
  type IntegrationApiDescriptor,
} from '../../../src/core/integrations/integration-api-client.js';
import { RestApiV2BaseClient } from '../../../src/core/rest/rest-api-v2-base-client.js';

const DESCRIPTOR: IntegrationApiDescriptor = {
  baseUrl: 'https://api.pagerduty.com/integration-example',
  permittedMethods: ['GET', 'PUT'],
  defaultHeaders: { Accept: 'application/json', 'X-Example': 'yes' },
  authRule: 'any',
  tables: { canonicalPaths: ['/widgets', '/widgets/{id}'], cursorPaths: [], wrapperConfig: {} },
};

describe('integrationAuth', () => {
  it('lets the caller choose where the API allows it, token by default', () => {
    expect(integrationAuth('any', 'k', undefined).kind).toBe('token');
    expect(integrationAuth('any', 'k', 'oauth2').kind).toBe('bearer');
    expect(integrationAuth('any', 'k', 'header_passthru').kind).toBe('header');
  });

  it('forces the kind the API accepts, allowing the caller to name that same kind', () => {
    expect(integrationAuth('bearer', 't', undefined).kind).toBe('bearer');
    expect(integrationAuth('bearer', 't', 'oauth2').kind).toBe('bearer');
    expect(integrationAuth('token', 'k', undefined).kind).toBe('token');
    expect(integrationAuth('token', 'k', 'token').kind).toBe('token');
  });

  it('refuses a different kind than the API accepts', () => {
    expect(() => integrationAuth('bearer', 't', 'token')).toThrow(TypeError);
    expect(() => integrationAuth('token', 'k', 'bearer')).toThrow(TypeError);
  });
});

describe('IntegrationApiClient', () => {
  it('is a RestApiV2BaseClient driven by its descriptor', () => {
    const client = new IntegrationApiClient(DESCRIPTOR, 'key', instantRetries);
    expect(client).toBeInstanceOf(RestApiV2BaseClient);
    expect(client.url).toBe(DESCRIPTOR.baseUrl);
    expect(client.permittedMethods).toEqual(['GET', 'PUT']);
    expect(client.tables).toBe(DESCRIPTOR.tables);
    expect(client.canonicalPath('/widgets/W1')).toBe('/widgets/{id}');
    client.close();
  });

  it('sends the descriptor headers over the engine defaults, with the chosen auth', async () => {
    let headers: Record<string, unknown> = {};
    nock(DESCRIPTOR.baseUrl)
      .get('/widgets/W1')
      .reply(function () {
        headers = this.req.headers;
        return [200, { widget: { id: 'W1' } }];
      });
    const client = new IntegrationApiClient(DESCRIPTOR, 'oauth-token', { ...instantRetries, authType: 'bearer' });
    expect(await client.rget('/widgets/W1')).toEqual({ id: 'W1' });
    expect(headers.authorization).toBe('Bearer oauth-token');
    expect(headers['x-example']).toBe('yes');
    expect(headers.accept).toBe('application/json');
    expect(String(headers['user-agent'])).toMatch(/^pagerduty-client\//);
    client.close();
  });

  it('refuses methods the API does not permit, before any request', async () => {
    const client = new IntegrationApiClient(DESCRIPTOR, 'key', instantRetries);
    await expect(client.jpost('/widgets', { json: {} })).rejects.toBeInstanceOf(UrlError);
    await expect(client.delete('/widgets/W1')).rejects.toThrow(/DELETE is not permitted/);
    client.close();
  });

  it('accepts another baseUrl and the engine options', async () => {
    nock('http://127.0.0.1:1')
      .get('/widgets')
      .query(true)
      .reply(503)
      .get('/widgets')
      .query(true)
      .reply(200, { widgets: [], more: false });
    const { pauses, sleep } = recordingSleep();
    const client = new IntegrationApiClient(DESCRIPTOR, 'key', {
      baseUrl: 'http://127.0.0.1:1',
      retry: { 503: 1 },
      sleepTimer: 1,
      ...seams({ sleep }),
    });
    expect(await client.listAll('/widgets')).toEqual([]);
    expect(pauses).toEqual([2]);
    client.close();
  });
});
