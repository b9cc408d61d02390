import { inspect } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import { HttpError, HttpServerError } from '../../../src/core/errors/error-classes.js';
import { JiraServerIntegrationApiClient } from '../../../src/core/integrations/integration-clients.js';
import { instantRetries, recordingLogger } from '../../helpers/test-kit.js';

const BASE = 'https://app.pagerduty.com/integration-jira-service';
const TOKEN = 'pdus+oauthaccess_1111';
const SIGNATURE = 'jira-signature-token-2222';

describe('JiraServerIntegrationApiClient', () => {
  it('has the Jira Server base URL on the app host and its methods', () => {
    const client = new JiraServerIntegrationApiClient(TOKEN, SIGNATURE, instantRetries);
    expect(client.url).toBe(BASE);
    expect(client.permittedMethods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    expect(client.redactedSignature).toBe('*2222');
    client.close();
  });

  it('matches /rules and /rules/{id}, wrapped by convention', () => {
    const client = new JiraServerIntegrationApiClient(TOKEN, SIGNATURE, instantRetries);
    expect(client.canonicalPath('/rules')).toBe('/rules');
    expect(client.canonicalPath('/rules/PR1')).toBe('/rules/{id}');
    expect(client.entityWrappers('GET', '/rules')).toEqual(['rules', 'rules']);
    expect(client.entityWrappers('POST', '/rules')).toEqual(['rule', 'rule']);
    expect(client.entityWrappers('PUT', '/rules/{id}')).toEqual(['rule', 'rule']);
    client.close();
  });

  it('always sends bearer auth and the signature header', async () => {
    const seen: Record<string, unknown>[] = [];
    nock(BASE)
      .get('/rules')
      .query(true)
      .reply(function () {
        seen.push(this.req.headers);
        return [200, { rules: [{ id: 'PR1' }], more: false, total: null }];
      })
      .post('/rules')
      .reply(function (_uri, body) {
        seen.push({ ...this.req.headers, body });
        return [200, { rule: { id: 'PR2' } }];
      })
      .get('/rules/PR2')
      .reply(200, { rule: { id: 'PR2' } })
      .put('/rules/PR2')
      .reply(200, { rule: { id: 'PR2', name: 'n' } })
      .delete('/rules/PR2')
      .reply(204);
    const client = new JiraServerIntegrationApiClient(TOKEN, SIGNATURE, instantRetries);
    expect(await client.listAll('/rules')).toEqual([{ id: 'PR1' }]);
    expect(await client.rpost<unknown>('/rules', { json: { name: 'n' } })).toEqual({ id: 'PR2' });
    expect(await client.rget('/rules/PR2')).toEqual({ id: 'PR2' });
    expect(await client.rput<unknown>('/rules/PR2', { json: { name: 'n' } })).toEqual({ id: 'PR2', name: 'n' });
    expect((await client.rdelete('/rules/PR2')).status).toBe(204);
    expect(seen[0].authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]['x-pagerduty-jira-signature']).toBe(SIGNATURE);
    expect(seen[0].accept).toBe('application/json');
    expect(seen[1].body).toEqual({ rule: { name: 'n' } });
    expect(seen[1]['x-pagerduty-jira-signature']).toBe(SIGNATURE);
    client.close();
  });

  it('refuses an authType other than bearer', () => {
    const options = { authType: 'token' } as unknown as ConstructorParameters<typeof JiraServerIntegrationApiClient>[2];
    expect(() => new JiraServerIntegrationApiClient(TOKEN, SIGNATURE, options)).toThrow(TypeError);
    expect(() => new JiraServerIntegrationApiClient(TOKEN, '')).toThrow(TypeError);
  });

  it('never shows either secret: serialised, inspected, in errors or in debug output', async () => {
    const logger = recordingLogger();
    const lines = logger.lines.debug;
    nock(BASE)
      .get('/rules/PR1')
      .reply(403, `signature ${SIGNATURE} and token ${TOKEN} refused`)
      .get('/rules/PR2')
      .reply(200, { not_rule: SIGNATURE });
    const client = new JiraServerIntegrationApiClient(TOKEN, SIGNATURE, { ...instantRetries, logger });
    const forbidden = (await client.rget('/rules/PR1').catch((err: unknown) => err)) as HttpError;
    const unwrapped = (await client.rget('/rules/PR2').catch((err: unknown) => err)) as HttpServerError;
    expect(forbidden).toBeInstanceOf(HttpError);
    expect(forbidden.message).toContain('*2222');
    expect(unwrapped).toBeInstanceOf(HttpServerError);
    const texts = [
      JSON.stringify(client),
      inspect(client, { depth: 10, showHidden: true }),
      forbidden.message,
      forbidden.body,
      unwrapped.message,
      unwrapped.body,
      lines.join('\n'),
    ];
    for (const text of texts) {
      expect(text).not.toContain(SIGNATURE);
      expect(text).not.toContain(TOKEN);
    }
    expect(lines.length).toBe(2);
    client.close();
  });
});
