/**
 * `JiraCloudIntegrationApiClient`.
 *
 * @module
 */
import { IntegrationApiClient, type IntegrationApiClientOptions } from './integration-api-client.js';
import { JIRA_CLOUD_INTEGRATION_API } from '../../generated/integrations/jira-cloud-integration-api.js';
import type { JiraCloudIntegrationApiTypes } from '../../generated/types/jira-cloud-integration-api-endpoints.js';

/**
 * The Jira Cloud integration API: account mappings and their rules, at
 * `https://api.pagerduty.com/integration-jira-cloud`. Accepts an API key or, with
 * `authType: 'bearer'`, an OAuth token.
 *
 * @example
 * ```ts
 * await using jira = new JiraCloudIntegrationApiClient(process.env.PAGERDUTY_API_KEY!);
 * for await (const mapping of jira.iterAll('/accounts_mappings')) {
 *   const rules = await jira.listAll(`/accounts_mappings/${mapping.id}/rules`);
 *   console.log(mapping.id, rules.length);
 * }
 * ```
 */
export class JiraCloudIntegrationApiClient extends IntegrationApiClient<JiraCloudIntegrationApiTypes> {
  /**
   * @param apiKey - the API key, or an OAuth token with `authType: 'bearer'`
   * @param options - `authType`, `baseUrl` and the engine's options
   */
  constructor(apiKey: string, options: IntegrationApiClientOptions = {}) {
    super(JIRA_CLOUD_INTEGRATION_API, apiKey, options);
  }
}
