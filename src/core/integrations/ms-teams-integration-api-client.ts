import { IntegrationApiClient, type FixedAuthIntegrationApiClientOptions } from './integration-api-client.js';
import { MS_TEAMS_INTEGRATION_API } from '../../generated/integrations/ms-teams-integration-api.js';
import type { MsTeamsIntegrationApiTypes } from '../../generated/types/ms-teams-integration-api-endpoints.js';

/** The Microsoft Teams integration API (`https://api.pagerduty.com/integration-ms-teams`), API key only. */
export class MsTeamsIntegrationApiClient extends IntegrationApiClient<MsTeamsIntegrationApiTypes> {
  /**
   * @param apiKey - the API key
   * @param options - `baseUrl` and the engine's options
   */
  constructor(apiKey: string, options: FixedAuthIntegrationApiClientOptions = {}) {
    super(MS_TEAMS_INTEGRATION_API, apiKey, options);
  }
}
