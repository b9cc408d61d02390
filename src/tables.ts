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
import type {
  CanonicalPath,
  EntityWrapperConfig,
  IndexPagination,
  RestApiTables,
} from './core/rest/endpoints/tables.js';
import { canonicalPaths } from './generated/rest-tables/canonical-paths.js';
import { entityWrapperConfig } from './generated/rest-tables/entity-wrapper-config.js';
import { indexPagination } from './generated/rest-tables/index-pagination.js';
import { restApiV2Tables } from './generated/rest-tables/rest-api-v2-tables.js';

export { CURSOR_BASED_PAGINATION_PATHS } from './generated/rest-tables/cursor-based-pagination-paths.js';
export { HISTORICAL_RECORD_PATHS } from './generated/rest-tables/historical-record-paths.js';
export { HISTORY_MAX_RANGE_DAYS } from './generated/rest-tables/history-max-ranges.js';
export { SPECIALISED_ITERATORS } from './generated/rest-tables/specialised-iterators.js';

/** The tables of the REST API v2, as `RestApiV2Client` passes them to its base class. */
export const REST_API_V2_TABLES: RestApiTables = restApiV2Tables();

/**
 * The canonical paths of the REST API v2: every path of the official description, with
 * `{placeholders}` for identifiers (`/tags/{id}/{entity_type}` appears as its three concrete
 * paths, one per list it answers). A URL must match one of them for the r-methods and the
 * iterators to work on it (see `canonicalPath`).
 */
export const CANONICAL_PATHS: readonly CanonicalPath[] = canonicalPaths();

/**
 * Exceptions to the entity-wrapper convention, keyed by `'<METHOD> <canonical path>'`: the
 * endpoints (and only those) where the convention's inference disagrees with the official
 * description's schemas. A value is the wrapper of both bodies, `null` for no wrapping (such
 * an endpoint cannot be paginated), or `[requestWrapper, responseWrapper]`. Keys match a
 * canonical path whatever its placeholders are named.
 */
export const ENTITY_WRAPPER_CONFIG: EntityWrapperConfig = entityWrapperConfig();

/**
 * Every index of the REST API v2 (a GET whose answer holds a list), keyed by canonical path:
 * its pagination style, the key of its list, the largest `limit` it accepts, whether its
 * answer declares `more`, and whether it takes a `limit`. The iterators follow it.
 */
export const INDEX_PAGINATION: Readonly<Record<CanonicalPath, IndexPagination>> = indexPagination();

export { DEFAULT_PAGE_SIZE, ITERATION_LIMIT } from './core/rest/pagination/limits.js';
export { MAX_CONCURRENCY } from './core/rest/pagination/limits.js';
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
} from './core/rest/endpoints/tables.js';
export type { IntegrationApiDescriptor, IntegrationAuthRule } from './core/integrations/integration-api-client.js';
