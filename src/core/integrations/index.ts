/**
 * The integration API clients: one per integration API, each a `RestApiV2BaseClient` with
 * its own tables, base URL, permitted methods, default headers and auth rule.
 *
 * @module
 */
export { IntegrationApiClient, integrationAuth } from './integration-api-client.js';
export type { FixedAuthIntegrationApiClientOptions, IntegrationApiClientOptions } from './integration-api-client.js';
export type { IntegrationApiDescriptor, IntegrationAuthRule } from './integration-api-descriptor.js';
export { JiraCloudIntegrationApiClient } from './jira-cloud-integration-api-client.js';
export { JIRA_SIGNATURE_HEADER, JiraServerIntegrationApiClient } from './jira-server-integration-api-client.js';
export { MsTeamsIntegrationApiClient } from './ms-teams-integration-api-client.js';
export { SlackIntegrationApiClient } from './slack-integration-api-client.js';
export { SlackIntegrationConnectionsApiClient } from './slack-integration-connections-api-client.js';
export { JIRA_CLOUD_INTEGRATION_API } from '../../generated/integrations/jira-cloud-integration-api.js';
export { JIRA_SERVER_INTEGRATION_API } from '../../generated/integrations/jira-server-integration-api.js';
export { MS_TEAMS_INTEGRATION_API } from '../../generated/integrations/ms-teams-integration-api.js';
export { SLACK_INTEGRATION_API } from '../../generated/integrations/slack-integration-api.js';
export { SLACK_INTEGRATION_CONNECTIONS_API } from '../../generated/integrations/slack-integration-connections-api.js';
