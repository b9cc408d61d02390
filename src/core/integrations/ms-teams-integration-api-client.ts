/**
 * `MsTeamsIntegrationApiClient`.
 *
 * @module
 */
import { IntegrationApiClient, type FixedAuthIntegrationApiClientOptions } from './integration-api-client.js';
import { MS_TEAMS_INTEGRATION_API } from '../../generated/integrations/ms-teams-integration-api.js';
import type { MsTeamsIntegrationApiTypes } from '../../generated/types/ms-teams-integration-api-endpoints.js';

/**
 * The Microsoft Teams integration API at `https://api.pagerduty.com/integration-ms-teams`.
 * It accepts only an API key (always `Token` auth): an incident's dedicated chat (GET, POST,
 * DELETE) and its meeting (POST).
 *
 * @example
 * ```ts
 * await using teams = new MsTeamsIntegrationApiClient(process.env.PAGERDUTY_API_KEY!);
 * const meeting = await teams.rpost('/incidents/PINC123/meeting', {
 *   json: { mst_team_id: '19:abc@thread.tacv2', meeting: { name: 'Server room is on fire' } },
 * });
 * console.log(meeting.url);
 * ```
 */
export class MsTeamsIntegrationApiClient extends IntegrationApiClient<MsTeamsIntegrationApiTypes> {
  /**
   * @param apiKey - the API key
   * @param options - `baseUrl` and the engine's options
   */
  constructor(apiKey: string, options: FixedAuthIntegrationApiClientOptions = {}) {
    super(MS_TEAMS_INTEGRATION_API, apiKey, options);
  }
}
