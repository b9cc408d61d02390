// The integration API clients the project has, and what is not a fact of their
// descriptions: which description and base URL each serves, its exported constant, the
// headers it sends, and the sentence that documents it. Everything else (paths, methods,
// auth, wrappers, pagination) comes from the description.

export interface IntegrationApiConfig {
  /** The exported name of the descriptor. */
  constant: string;
  /** The generated module's file name. */
  file: string;
  /** The extract (descriptions/<name>.json). */
  description: string;
  /** The client's base URL; it selects the description's operations. */
  baseUrl: string;
  /** Headers every request carries. */
  defaultHeaders: Record<string, string>;
  /** The TSDoc of the descriptor. */
  summary: string;
}

export const INTEGRATION_APIS: readonly IntegrationApiConfig[] = Object.freeze<IntegrationApiConfig[]>([
  {
    constant: 'JIRA_CLOUD_INTEGRATION_API',
    file: 'jira-cloud-integration-api.ts',
    description: 'integration-jira-cloud',
    baseUrl: 'https://api.pagerduty.com/integration-jira-cloud',
    defaultHeaders: { Accept: 'application/json', 'Content-Type': 'application/json' },
    summary:
      'The Jira Cloud integration API (`/integration-jira-cloud` on the REST API host): ' +
      'account mappings and their rules.',
  },
  {
    constant: 'JIRA_SERVER_INTEGRATION_API',
    file: 'jira-server-integration-api.ts',
    description: 'integration-jira-service',
    baseUrl: 'https://app.pagerduty.com/integration-jira-service',
    defaultHeaders: { Accept: 'application/json' },
    summary:
      'The Jira Server integration API (`/integration-jira-service` on the app host): rules. Every request also ' +
      'carries the `x-pagerduty-jira-signature` header, which the client adds from its own secret.',
  },
  {
    constant: 'MS_TEAMS_INTEGRATION_API',
    file: 'ms-teams-integration-api.ts',
    description: 'integration-ms-teams-service',
    baseUrl: 'https://api.pagerduty.com/integration-ms-teams',
    defaultHeaders: { Accept: 'application/json' },
    summary:
      'The Microsoft Teams integration API (`/integration-ms-teams` on the REST API host): ' +
      "an incident's dedicated chat and meeting.",
  },
  {
    constant: 'SLACK_INTEGRATION_API',
    file: 'slack-integration-api.ts',
    description: 'integration-slack-service',
    baseUrl: 'https://api.pagerduty.com/integration-slack',
    defaultHeaders: { Accept: 'application/json' },
    summary:
      'The Slack integration API (`/integration-slack` on the REST API host): ' +
      "an incident's dedicated channel and notification channels.",
  },
  {
    constant: 'SLACK_INTEGRATION_CONNECTIONS_API',
    file: 'slack-integration-connections-api.ts',
    description: 'integration-slack-service',
    baseUrl: 'https://app.pagerduty.com/integration-slack',
    defaultHeaders: { Accept: 'application/json' },
    summary:
      "The Slack integration's connections API (`/integration-slack` on the app host): " +
      "a workspace's Slack connections.",
  },
]);
