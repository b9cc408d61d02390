/**
 * The Jira Cloud integration API (`/integration-jira-cloud` on the REST API host).
 *
 * @module
 */
import type { IntegrationApiDescriptor } from '../integration-api-descriptor.js';

/**
 * Jira Cloud integration API: account mappings and their rules. The single mapping, the
 * rule creation and the single rule are not wrapped (request and response bodies are the
 * bare entity); the two index endpoints follow the convention (`accounts_mappings`,
 * `rules`) and page classically.
 */
export const JIRA_CLOUD_INTEGRATION_API: IntegrationApiDescriptor = Object.freeze({
  baseUrl: 'https://api.pagerduty.com/integration-jira-cloud',
  permittedMethods: Object.freeze(['GET', 'POST', 'PUT', 'DELETE'] as const),
  defaultHeaders: Object.freeze({ Accept: 'application/json', 'Content-Type': 'application/json' }),
  authRule: 'any',
  tables: Object.freeze({
    canonicalPaths: Object.freeze([
      '/accounts_mappings',
      '/accounts_mappings/{id}',
      '/accounts_mappings/{id}/rules',
      '/accounts_mappings/{id}/rules/{rule_id}',
    ]),
    cursorPaths: Object.freeze([]),
    wrapperConfig: Object.freeze({
      'GET /accounts_mappings/{id}': null,
      'POST /accounts_mappings/{id}/rules': null,
      '* /accounts_mappings/{id}/rules/{rule_id}': null,
    }),
  }),
});
