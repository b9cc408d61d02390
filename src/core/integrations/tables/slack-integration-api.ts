/**
 * The Slack integration API (`/integration-slack` on the REST API host).
 *
 * @module
 */
import type { IntegrationApiDescriptor } from '../integration-api-descriptor.js';

/**
 * Slack integration API: an incident's dedicated channel and notification channels. Their
 * wrappers are `channel` and `channels`, not the names the convention would infer; the
 * creation of a notification channel is unwrapped (its response adds `warnings` beside
 * `channel`).
 *
 * Beyond the predecessor's table, from the API's description: `PUT` on the notification
 * channels (wrapped in `channels` both ways) and `DELETE` of one notification channel.
 */
export const SLACK_INTEGRATION_API: IntegrationApiDescriptor = Object.freeze({
  baseUrl: 'https://api.pagerduty.com/integration-slack',
  permittedMethods: Object.freeze(['GET', 'POST', 'PUT', 'DELETE'] as const),
  defaultHeaders: Object.freeze({ Accept: 'application/json' }),
  authRule: 'any',
  tables: Object.freeze({
    canonicalPaths: Object.freeze([
      '/incidents/{incident_id}/dedicated_channel',
      '/incidents/{incident_id}/notification_channels',
      '/incidents/{incident_id}/notification_channels/{channel_id}',
    ]),
    cursorPaths: Object.freeze([]),
    wrapperConfig: Object.freeze({
      '* /incidents/{incident_id}/dedicated_channel': 'channel',
      'GET /incidents/{incident_id}/notification_channels': 'channels',
      'POST /incidents/{incident_id}/notification_channels': null,
      'PUT /incidents/{incident_id}/notification_channels': 'channels',
    }),
  }),
});
