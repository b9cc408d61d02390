// One `region` setting on every client, and the region of a managed provider's scope when none is given.
import { describe, expect, it } from '@jest/globals';
import { checkRegion, inRegion, regionOfProvider, regionOfScope } from '../../../src/core/client/regions.js';
import { ApiClient } from '../../../src/core/client/api-client.js';
import { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { EventsApiV2Client } from '../../../src/core/events/events-api-v2-client.js';
import { McpApiClient } from '../../../src/core/mcp/mcp-api-client.js';
import { ScimApiClient } from '../../../src/core/scim/scim-api-client.js';
import { OAuthTokenClient } from '../../../src/core/oauth/oauth-token-client.js';
import {
  SlackIntegrationApiClient,
  SlackIntegrationConnectionsApiClient,
} from '../../../src/core/integrations/integration-clients.js';
import { tokenAuth } from '../../../src/core/auth/auth-methods.js';

const KEY = 'u+abcdefghij1234';
const euProvider = { getToken: () => 'token', region: 'eu' as const };

describe('the region setting', () => {
  it('moves every client to its service host in the EU', () => {
    expect(new RestApiV2Client(KEY, { region: 'eu' }).url).toBe('https://api.eu.pagerduty.com');
    expect(new EventsApiV2Client('R0UTINGKEY', { region: 'eu' }).url).toBe('https://events.eu.pagerduty.com');
    expect(new McpApiClient(KEY, { region: 'eu' }).url).toBe('https://mcp.eu.pagerduty.com');
    expect(new ScimApiClient(KEY, { region: 'eu' }).url).toBe('https://api.eu.pagerduty.com/scim/v2');
    // The identity service is global: the region goes in the scope.
    expect(new OAuthTokenClient('secret', 'client', { region: 'eu' }).url).toBe('https://identity.pagerduty.com');
    expect(new SlackIntegrationApiClient(KEY, { region: 'eu' }).url).toBe(
      'https://api.eu.pagerduty.com/integration-slack',
    );
    expect(new SlackIntegrationConnectionsApiClient(KEY, { region: 'eu' }).url).toBe(
      'https://app.eu.pagerduty.com/integration-slack',
    );
    expect(new ApiClient(tokenAuth(KEY), { region: 'eu' }).url).toBe('https://api.eu.pagerduty.com');
  });

  it('keeps the US hosts by default, and lets baseUrl win', () => {
    expect(new McpApiClient(KEY).url).toBe('https://mcp.pagerduty.com');
    expect(new EventsApiV2Client('R0UTINGKEY').url).toBe('https://events.pagerduty.com');
    expect(new RestApiV2Client(KEY, { region: 'eu', baseUrl: 'http://127.0.0.1:9' }).url).toBe('http://127.0.0.1:9');
  });

  it("takes the region of a provider's scope when none is given; an explicit one wins", () => {
    expect(new RestApiV2Client(euProvider).url).toBe('https://api.eu.pagerduty.com');
    expect(new McpApiClient(euProvider).url).toBe('https://mcp.eu.pagerduty.com');
    expect(new ScimApiClient(euProvider).url).toBe('https://api.eu.pagerduty.com/scim/v2');
    expect(new RestApiV2Client(euProvider, { region: 'us' }).url).toBe('https://api.pagerduty.com');
  });

  it('refuses an unknown region, even next to a baseUrl', () => {
    expect(() => new McpApiClient(KEY, { region: 'mars' as 'eu' })).toThrow(/unknown region "mars"/);
    expect(() => new RestApiV2Client(KEY, { region: 'jp' as 'eu', baseUrl: 'http://127.0.0.1:9' })).toThrow(TypeError);
    expect(() => checkRegion(undefined)).toThrow(TypeError);
  });
});

describe('regionOfScope', () => {
  it('reads as_account-{region}. in a scope', () => {
    expect(regionOfScope('as_account-eu.acme incidents.read')).toBe('eu');
    expect(regionOfScope('incidents.read as_account-us.acme')).toBe('us');
    expect(regionOfScope('incidents.read')).toBeUndefined();
    expect(regionOfScope('as_account-xx.acme')).toBeUndefined();
    expect(regionOfScope(undefined)).toBeUndefined();
  });

  it('knows a provider by its region property only when it is a known region', () => {
    expect(regionOfProvider(euProvider)).toBe('eu');
    expect(regionOfProvider({ getToken: () => 't' })).toBeUndefined();
    expect(regionOfProvider({ getToken: () => 't', region: 'mars' } as never)).toBeUndefined();
  });

  it('keeps the path when it moves a URL, and leaves a foreign URL alone', () => {
    expect(inRegion('https://app.pagerduty.com/integration-slack', 'eu')).toBe(
      'https://app.eu.pagerduty.com/integration-slack',
    );
    expect(inRegion('https://example.com/x', 'eu')).toBe('https://example.com/x');
  });
});
