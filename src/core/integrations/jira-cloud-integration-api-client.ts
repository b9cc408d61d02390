import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { JIRA_CLOUD_INTEGRATION_API } from '../../generated/integrations/jira-cloud-integration-api.js';
import type { JiraCloudIntegrationApiTypes } from '../../generated/types/jira-cloud-integration-api-endpoints.js';

/** The Jira Cloud integration API (`https://api.pagerduty.com/integration-jira-cloud`): account mappings, rules. */
export class JiraCloudIntegrationApiClient extends IntegrationApiClient<JiraCloudIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, or an OAuth token with `authType: 'bearer'`
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string, options: IntegrationApiClientOptions = {}) {
    super(JIRA_CLOUD_INTEGRATION_API, apiKey, options);
  }
}
