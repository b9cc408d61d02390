/**
 * The base URL variables (`PAGERDUTY_BASE_URL`, `PAGERDUTY_EVENTS_URL`, `PAGERDUTY_MCP_URL`,
 * `PAGERDUTY_IDENTITY_URL`): read by a client built without `baseUrl` or `region`, in the order
 * option > variable > default.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { baseUrlFromEnvironment, BASE_URL_VARIABLES } from '../../../src/core/client/regions.js';
import {
  EventsApiV2Client,
  McpApiClient,
  OAuthTokenClient,
  RestApiV2Client,
  ScimApiClient,
} from '../../../src/index.js';

const NAMES = Object.values(BASE_URL_VARIABLES) as string[];
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('base URL variables', () => {
  it('name one variable per service, by its US host; unset or empty is none', () => {
    const env = { PAGERDUTY_BASE_URL: 'http://127.0.0.1:8080/', PAGERDUTY_EVENTS_URL: '' };
    expect(baseUrlFromEnvironment('https://api.pagerduty.com', env)).toBe('http://127.0.0.1:8080');
    expect(baseUrlFromEnvironment('https://events.pagerduty.com', env)).toBeUndefined();
    expect(baseUrlFromEnvironment('https://api.pagerduty.com/scim/v2', env)).toBeUndefined();
    expect(baseUrlFromEnvironment('https://app.pagerduty.com', { PAGERDUTY_BASE_URL: 'http://x' })).toBeUndefined();
  });

  it('each client reads its variable when built without baseUrl', () => {
    process.env.PAGERDUTY_BASE_URL = 'http://127.0.0.1:1/';
    process.env.PAGERDUTY_EVENTS_URL = 'http://127.0.0.1:2';
    process.env.PAGERDUTY_MCP_URL = 'http://127.0.0.1:3';
    process.env.PAGERDUTY_IDENTITY_URL = 'http://127.0.0.1:4';
    const rest = new RestApiV2Client('key');
    const events = new EventsApiV2Client('R0UT1NGKEY0000000000000000000000');
    const oauth = new OAuthTokenClient('secret', 'client-id');
    const scim = new ScimApiClient('key');
    const mcp = new McpApiClient('key');
    expect([rest.url, events.url, mcp.url, oauth.url]).toEqual([
      'http://127.0.0.1:1',
      'http://127.0.0.1:2',
      'http://127.0.0.1:3',
      'http://127.0.0.1:4',
    ]);
    // The SCIM API is not the REST API's host: its default stays.
    expect(scim.url).toBe('https://api.pagerduty.com/scim/v2');
    for (const client of [rest, events, oauth, scim]) client.close();
    void mcp.close();
  });

  it('the baseUrl and region options win over the variable; without either, the US default', () => {
    process.env.PAGERDUTY_BASE_URL = 'http://127.0.0.1:1';
    const given = new RestApiV2Client('key', { baseUrl: 'https://api.example.com' });
    const eu = new RestApiV2Client('key', { region: 'eu' });
    expect([given.url, eu.url]).toEqual(['https://api.example.com', 'https://api.eu.pagerduty.com']);
    given.close();
    eu.close();
    delete process.env.PAGERDUTY_BASE_URL;
    const plain = new RestApiV2Client('key');
    expect(plain.url).toBe('https://api.pagerduty.com');
    plain.close();
  });
});
