/**
 * `pagerduty-client/tables`: the facts the clients run on, generated from PagerDuty's
 * API descriptions: the REST API's canonical paths, entity wrappers and pagination styles,
 * its limits, the regions' base URLs, the Events API's default retries, and the
 * integration APIs' descriptors.
 *
 * @example
 * ```ts
 * import { CANONICAL_PATHS, ITERATION_LIMIT } from 'pagerduty-client/tables';
 *
 * console.log(CANONICAL_PATHS.includes('/users/{id}'), ITERATION_LIMIT); // true 10000
 * ```
 *
 * @module pagerduty-client/tables
 */
export { CANONICAL_PATHS } from './generated/rest-tables/canonical-paths.js';
export { CURSOR_BASED_PAGINATION_PATHS } from './generated/rest-tables/cursor-based-pagination-paths.js';
export { ENTITY_WRAPPER_CONFIG } from './generated/rest-tables/entity-wrapper-config.js';
export { HISTORICAL_RECORD_PATHS } from './generated/rest-tables/historical-record-paths.js';
export { HISTORY_MAX_RANGE_DAYS } from './generated/rest-tables/history-max-ranges.js';
export { INDEX_PAGINATION } from './generated/rest-tables/index-pagination.js';
export { SPECIALISED_ITERATORS } from './generated/rest-tables/specialised-iterators.js';
export { REST_API_V2_TABLES } from './generated/rest-tables/rest-api-v2-tables.js';
export { DEFAULT_PAGE_SIZE, ITERATION_LIMIT } from './core/rest/pagination/limits.js';
export { MAX_CONCURRENCY } from './core/rest/pagination/concurrency.js';
export { REGION_BASE_URLS } from './core/rest/rest-options.js';
export { DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from './core/events/endpoints.js';
export { JIRA_CLOUD_INTEGRATION_API } from './generated/integrations/jira-cloud-integration-api.js';
export { JIRA_SERVER_INTEGRATION_API } from './generated/integrations/jira-server-integration-api.js';
export { MS_TEAMS_INTEGRATION_API } from './generated/integrations/ms-teams-integration-api.js';
export { SLACK_INTEGRATION_API } from './generated/integrations/slack-integration-api.js';
export { SLACK_INTEGRATION_CONNECTIONS_API } from './generated/integrations/slack-integration-connections-api.js';
export type {
  CanonicalPath,
  EntityWrapper,
  EntityWrapperConfig,
  EntityWrapperSpec,
  IndexPagination,
  IndexPaginationStyle,
  QueryStyle,
  RestApiTables,
} from './core/rest/endpoints/table-types.js';
export type { IntegrationApiDescriptor, IntegrationAuthRule } from './core/integrations/integration-api-descriptor.js';
