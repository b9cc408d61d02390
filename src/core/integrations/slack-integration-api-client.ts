import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { SLACK_INTEGRATION_API } from '../../generated/integrations/slack-integration-api.js';
import type { SlackIntegrationApiTypes } from '../../generated/types/slack-integration-api-endpoints.js';
import type { TokenProvider } from '../auth/token-provider.js';

/**
 * The Slack integration API (`https://api.pagerduty.com/integration-slack`): an incident's dedicated and
 * notification channels. Workspace connections are on another host: {@link SlackIntegrationConnectionsApiClient}.
 */
export class SlackIntegrationApiClient extends IntegrationApiClient<SlackIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, an OAuth token with `authType: 'bearer'`, or a {@link TokenProvider} of OAuth
   *   tokens
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string | TokenProvider, options: IntegrationApiClientOptions = {}) {
    super(SLACK_INTEGRATION_API, apiKey, options);
  }
}
