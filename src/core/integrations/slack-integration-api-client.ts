/**
 * `SlackIntegrationApiClient`.
 *
 * @module
 */
import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { SLACK_INTEGRATION_API } from '../../generated/integrations/slack-integration-api.js';
import type { SlackIntegrationApiTypes } from '../../generated/types/slack-integration-api-endpoints.js';

/**
 * The Slack integration API at `https://api.pagerduty.com/integration-slack`: an
 * incident's dedicated channel and notification channels. Accepts an API key or, with
 * `authType: 'bearer'`, an OAuth token. Workspace connections live on another host: see
 * {@link SlackIntegrationConnectionsApiClient}.
 *
 * @example
 * ```ts
 * await using slack = new SlackIntegrationApiClient(process.env.PAGERDUTY_API_KEY!);
 * const channels = await slack.rget('/incidents/PINC123/notification_channels');
 * ```
 */
export class SlackIntegrationApiClient extends IntegrationApiClient<SlackIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, or an OAuth token with `authType: 'bearer'`
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string, options: IntegrationApiClientOptions = {}) {
    super(SLACK_INTEGRATION_API, apiKey, options);
  }
}
