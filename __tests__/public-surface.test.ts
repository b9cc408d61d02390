/**
 * The runtime names of each entry point, pinned: a name added to or removed from the public
 * surface fails this test, so that a change of the surface is a reviewed decision (and a
 * line of the CHANGELOG), never a side effect of an `export *`.
 */
import { describe, expect, it } from '@jest/globals';
import * as root from '../src/index.js';
import * as types from '../src/types.js';
import * as tables from '../src/tables.js';
import * as legacy from '../src/legacy/index.js';
import * as emulator from '../src/emulator/index.js';
import * as rateLimitRedis from '../src/rate-limit-redis/index.js';
import * as webhooks from '../src/webhooks.js';

const SURFACE: Record<string, { module: object; names: string[] }> = {
  'pagerduty-client': {
    module: root,
    names: [
      // clients
      'ApiClient',
      'EventsApiV2Client',
      'IntegrationApiClient',
      'JiraCloudIntegrationApiClient',
      'JiraServerIntegrationApiClient',
      'McpApiClient',
      'McpAuthorizationError',
      'MsTeamsIntegrationApiClient',
      'OAuthTokenClient',
      'RestApiV2BaseClient',
      'RestApiV2Client',
      'ScimApiClient',
      'SlackIntegrationApiClient',
      'SlackIntegrationConnectionsApiClient',
      // errors, and the factory that builds them
      'AmbiguousMatchError',
      'HttpError',
      'HttpServerError',
      'McpError',
      'McpOAuth',
      'McpRequestCancelledError',
      'McpSessionExpiredError',
      'McpToolRefusedError',
      'NetworkError',
      'PagerDutyError',
      'RequestAbortedError',
      'ResponseTooLargeError',
      'PaginationCycleError',
      'UrlError',
      'OAuthGrantError',
      // auth methods
      'authForType',
      'bearerAuth',
      'clientCredentialsAuth',
      'headerPassthroughAuth',
      'noAuth',
      'routingKeyAuth',
      'tokenAuth',
      // the rate limiter several clients of one process share
      'InMemoryRateLimiter',
      // managed OAuth tokens and their stores
      'FileTokenStore',
      'InMemoryTokenStore',
      'UntrustedFileError',
      'clientCredentialsTokenProvider',
      'refreshTokenProvider',
      // loggers, constants and the helper the contract names
      'REST_API_V2_ACCEPT',
      'VERSION',
      'datetimeToRelativeSeconds',
      'silentLogger',
      'stderrLogger',
    ],
  },
  'pagerduty-client/types': { module: types, names: [] },
  'pagerduty-client/tables': {
    module: tables,
    names: [
      'CANONICAL_PATHS',
      'CURSOR_BASED_PAGINATION_PATHS',
      'DEFAULT_EVENTS_RETRY',
      'DEFAULT_PAGE_SIZE',
      'ENTITY_WRAPPER_CONFIG',
      'EVENTS_BASE_URL',
      'HISTORICAL_RECORD_PATHS',
      'HISTORY_MAX_RANGE_DAYS',
      'INDEX_PAGINATION',
      'ITERATION_LIMIT',
      'JIRA_CLOUD_INTEGRATION_API',
      'JIRA_SERVER_INTEGRATION_API',
      'MAX_CONCURRENCY',
      'MS_TEAMS_INTEGRATION_API',
      'REGION_BASE_URLS',
      'REST_API_V2_TABLES',
      'SLACK_INTEGRATION_API',
      'SLACK_INTEGRATION_CONNECTIONS_API',
      'SPECIALISED_ITERATORS',
    ],
  },
  'pagerduty-client/legacy': {
    module: legacy,
    names: [
      'APISession',
      'ChangeEventsAPISession',
      'DEFAULT_COMPAT',
      'EventsAPISession',
      'PDClientError',
      'PDHTTPError',
      'PDPYRAS_RELEASES',
      'PDServerError',
      'PDSession',
      'URLError',
      'legacyErrorFactory',
      'legacyPolicyFor',
    ],
  },
  'pagerduty-client/emulator': { module: emulator, names: ['clientTestOptions', 'startEmulator'] },
  'pagerduty-client/rate-limit-redis': {
    module: rateLimitRedis,
    names: [
      'RedisDeliveryStore',
      'RedisRateLimiter',
      'RedisTokenStore',
      'createRedisDeliveryStore',
      'createRedisRateLimiter',
      'createRedisTokenStore',
    ],
  },
  'pagerduty-client/webhooks': {
    module: webhooks,
    names: [
      'DEFAULT_MAX_WEBHOOK_BODY_BYTES',
      'WEBHOOK_EVENT_TYPES',
      'WebhookPayloadError',
      'WebhookVerificationError',
      'checkSignature',
      'createFetchWebhookHandler',
      'createMemoryDeliveryStore',
      'createWebhookHandler',
      'isKnownWebhookEvent',
      'isWebhookEvent',
      'parseWebhook',
      'signWebhookBody',
      'verifySignature',
    ],
  },
};

describe('the public surface', () => {
  it.each(Object.entries(SURFACE))('%s exports exactly the reviewed runtime names', (_entry, { module, names }) => {
    expect(Object.keys(module).sort()).toEqual([...names].sort());
  });

  it('keeps the root small enough to read', () => {
    // 42 since the managed OAuth tokens (two providers, two stores, their error); 44 since MCP
    // authorization (McpOAuth and McpAuthorizationError); 46 since the bounds on hostile answers
    // (ResponseTooLargeError, PaginationCycleError); 47 since a FileTokenStore refuses a file that is
    // not the user's own (UntrustedFileError, to tell that refusal from an outage); 48 since the MCP tool
    // policy (McpToolRefusedError).
    expect(Object.keys(root).length).toBeLessThanOrEqual(48);
  });

  it('has every name exported once: no runtime name in two entry points', () => {
    const all = Object.values(SURFACE).flatMap(({ names }) => names);
    expect(all.filter((name, index) => all.indexOf(name) !== index)).toEqual([]);
  });
});
