/**
 * The Slack integration's connections API (`/integration-slack` on the app host).
 *
 * @module
 */
import type { IntegrationApiDescriptor } from '../integration-api-descriptor.js';

/**
 * Slack connections API: a workspace's Slack connections, wrapped in `slack_connections`
 * (index) and `slack_connection` (one). It lives on the app host, not the REST API host,
 * which is why it has a client of its own.
 *
 * Beyond the predecessor's table, from the API's description: `GET` of one connection is
 * wrapped in `slack_connection` too (the convention would infer `connection`).
 */
export const SLACK_INTEGRATION_CONNECTIONS_API: IntegrationApiDescriptor = Object.freeze({
  baseUrl: 'https://app.pagerduty.com/integration-slack',
  permittedMethods: Object.freeze(['GET', 'POST', 'PUT', 'DELETE'] as const),
  defaultHeaders: Object.freeze({ Accept: 'application/json' }),
  authRule: 'any',
  tables: Object.freeze({
    canonicalPaths: Object.freeze([
      '/workspaces/{slack_team_id}/connections',
      '/workspaces/{slack_team_id}/connections/{connection_id}',
    ]),
    cursorPaths: Object.freeze([]),
    wrapperConfig: Object.freeze({
      'GET /workspaces/{slack_team_id}/connections': 'slack_connections',
      'POST /workspaces/{slack_team_id}/connections': 'slack_connection',
      'GET /workspaces/{slack_team_id}/connections/{connection_id}': 'slack_connection',
      'PUT /workspaces/{slack_team_id}/connections/{connection_id}': 'slack_connection',
    }),
  }),
});
