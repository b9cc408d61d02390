import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { SLACK_INTEGRATION_API } from '../../generated/integrations/slack-integration-api.js';
import type { SlackIntegrationApiTypes } from '../../generated/types/slack-integration-api-endpoints.js';

/**
 * The Slack integration API (`https://api.pagerduty.com/integration-slack`): an incident's dedicated and
 * notification channels. Workspace connections are on another host: {@link SlackIntegrationConnectionsApiClient}.
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
