import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { JIRA_CLOUD_INTEGRATION_API } from '../../generated/integrations/jira-cloud-integration-api.js';
import type { JiraCloudIntegrationApiTypes } from '../../generated/types/jira-cloud-integration-api-endpoints.js';
import type { TokenProvider } from '../auth/token-provider.js';

/** The Jira Cloud integration API (`https://api.pagerduty.com/integration-jira-cloud`): account mappings, rules. */
export class JiraCloudIntegrationApiClient extends IntegrationApiClient<JiraCloudIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, an OAuth token with `authType: 'bearer'`, or a {@link TokenProvider} of OAuth
   *   tokens
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string | TokenProvider, options: IntegrationApiClientOptions = {}) {
    super(JIRA_CLOUD_INTEGRATION_API, apiKey, options);
  }
}
