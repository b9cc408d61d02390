/** The clients in a page: an API key needs an explicit opt-in, and requests carry only the headers CORS allows. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiClient } from '../../../src/core/client/api-client.js';
import { bearerAuth, tokenAuth } from '../../../src/core/auth/auth-methods.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import type { FetchRequestInit } from '../../../src/core/platform/fetch-types.js';
import type { FetchLike } from '../../../src/core/transport/transport.js';

const page = globalThis as { window?: unknown };
beforeEach(() => {
  page.window = { document: {} };
});
afterEach(() => {
  delete page.window;
});

function recordingFetch(sent: FetchRequestInit[]): FetchLike {
  return async (_url, init) => {
    sent.push(init);
    return new Response(JSON.stringify({ user: { id: 'PUSER01', email: 'a@example.com' } }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }) as never;
  };
}

describe('a client in a browser', () => {
  it('refuses an API key without dangerouslyAllowBrowser, before any request', () => {
    expect(() => new RestApiV2Client('u+key', { baseUrl: 'https://api.example' })).toThrow(
      /RestApiV2Client refuses an API key in a browser/,
    );
    expect(() => new ApiClient(tokenAuth('u+key'))).toThrow(/ApiClient refuses an API key in a browser/);
  });

  it('takes an API key with dangerouslyAllowBrowser: true, and an OAuth token without it', () => {
    expect(() => new RestApiV2Client('u+key', { dangerouslyAllowBrowser: true }).close()).not.toThrow();
    expect(() => new RestApiV2Client('oauth-token', { authType: 'bearer' }).close()).not.toThrow();
    expect(() => new ApiClient(bearerAuth('oauth-token')).close()).not.toThrow();
  });

  it('sends no User-Agent (the browser sends its own) and drops headers PagerDuty does not allow', async () => {
    const sent: FetchRequestInit[] = [];
    const client = new RestApiV2Client('oauth-token', {
      authType: 'bearer',
      baseUrl: 'https://api.example',
      fetch: recordingFetch(sent),
      headers: { 'X-Team': 'sre' },
      defaultFrom: 'a@example.com',
    });
    await client.rget('/users/me', { headers: { 'X-EARLY-ACCESS': 'analytics-v2' } });
    expect(Object.keys(sent[0].headers ?? {}).sort()).toEqual(['Accept', 'Authorization', 'From', 'X-EARLY-ACCESS']);
  });
});

describe('a client outside a browser', () => {
  it('sends its User-Agent and every header, and takes an API key as before', async () => {
    delete page.window;
    const sent: FetchRequestInit[] = [];
    const client = new RestApiV2Client('u+key', {
      baseUrl: 'https://api.example',
      fetch: recordingFetch(sent),
      headers: { 'X-Team': 'sre' },
    });
    await client.rget('/users/me');
    expect(sent[0].headers).toMatchObject({
      'X-Team': 'sre',
      'User-Agent': expect.stringMatching(/^pagerduty-client\//),
    });
  });
});
