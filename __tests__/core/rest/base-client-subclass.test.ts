import { seams, instantSleep } from '../../helpers/test-kit.js';
import { describe, expect, it } from '@jest/globals';
import nock from 'nock';
import type { HttpMethod } from '../../../src/core/client/api-client.js';
import { tokenAuth } from '../../../src/core/auth/auth-methods.js';
import { RestApiV2BaseClient } from '../../../src/core/rest/rest-api-v2-base-client.js';
import type { RestApiTables } from '../../../src/core/rest/endpoints/tables.js';
import { UrlError } from '../../../src/index.js';

const SLACK = 'https://api.pagerduty.com/integration-slack';
const SLACK_TABLES: RestApiTables = {
  canonicalPaths: ['/incidents/{incident_id}/dedicated_channel', '/incidents/{incident_id}/notification_channels'],
  cursorPaths: [],
  wrapperConfig: {
    '* /incidents/{incident_id}/dedicated_channel': 'channel',
    'GET /incidents/{incident_id}/notification_channels': 'channels',
    'POST /incidents/{incident_id}/notification_channels': null,
  },
};

/** An integration client as another module will build them: own tables, host, methods and headers. */
class SlackLikeClient extends RestApiV2BaseClient {
  constructor(key: string) {
    super(tokenAuth(key), { baseUrl: SLACK, tables: SLACK_TABLES, ...seams({ sleep: instantSleep }) });
  }

  override get permittedMethods(): readonly HttpMethod[] {
    return ['GET', 'POST'];
  }

  protected override defaultHeaders(): Record<string, string> {
    return { ...super.defaultHeaders(), 'X-Integration': 'slack' };
  }
}

describe('a subclass with its own tables', () => {
  it('matches canonical paths under a base URL that has a path', () => {
    const client = new SlackLikeClient('slack-key-0000');
    expect(client.canonicalPath('/incidents/PINC1/dedicated_channel')).toBe(
      '/incidents/{incident_id}/dedicated_channel',
    );
    expect(client.canonicalPath(`${SLACK}/incidents/PINC1/notification_channels`)).toBe(
      '/incidents/{incident_id}/notification_channels',
    );
    expect(() => client.canonicalPath('/users')).toThrow(UrlError);
    client.close();
  });

  it('wraps and unwraps by its own table, with its own headers', async () => {
    let header: string | undefined;
    nock(SLACK)
      .get('/incidents/PINC1/dedicated_channel')
      .reply(function () {
        header = this.req.headers['x-integration'];
        return [200, { channel: { id: 'C1' } }];
      });
    nock(SLACK)
      .post('/incidents/PINC1/notification_channels', { channels: ['C2'] })
      .reply(201, { ok: true });
    const client = new SlackLikeClient('slack-key-0000');
    await expect(client.rget('/incidents/PINC1/dedicated_channel')).resolves.toEqual({ id: 'C1' });
    await expect(
      client.rpost('/incidents/PINC1/notification_channels', { json: { channels: ['C2'] } }),
    ).resolves.toEqual({ ok: true });
    expect(header).toBe('slack');
    client.close();
  });

  it('refuses methods it does not permit', async () => {
    const client = new SlackLikeClient('slack-key-0000');
    await expect(client.rput('/incidents/PINC1/dedicated_channel', { json: {} })).rejects.toThrow(
      'PUT is not permitted',
    );
    client.close();
  });

  it('refuses cursor pagination on paths its tables do not mark', async () => {
    const client = new SlackLikeClient('slack-key-0000');
    const drain = async (iterable: AsyncIterable<unknown>) => {
      for await (const _ of iterable) void _;
    };
    await expect(drain(client.iterCursor('/incidents/PINC1/notification_channels'))).rejects.toThrow(UrlError);
    client.close();
  });
});
