import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { SLACK_INTEGRATION_CONNECTIONS_API } from '../../generated/integrations/slack-integration-connections-api.js';
import type { TokenProvider } from '../auth/token-provider.js';
// prettier-ignore
import type {
  SlackIntegrationConnectionsApiTypes,
} from '../../generated/types/slack-integration-connections-api-endpoints.js';

/** The Slack integration's connections API, on the app host `https://app.pagerduty.com/integration-slack`. */
export class SlackIntegrationConnectionsApiClient extends IntegrationApiClient<SlackIntegrationConnectionsApiTypes> {
  /**
   * @param apiKey - the API key, an OAuth token with `authType: 'bearer'`, or a {@link TokenProvider} of OAuth
   *   tokens
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string | TokenProvider, options: IntegrationApiClientOptions = {}) {
    super(SLACK_INTEGRATION_CONNECTIONS_API, apiKey, options);
  }
}
