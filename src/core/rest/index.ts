/**
 * The REST API v2 clients: `RestApiV2Client` for the standard API, and
 * `RestApiV2BaseClient` for APIs shaped like it (the integration APIs), with the tables,
 * policy and resource types they use.
 *
 * @module
 */
export { RestApiV2BaseClient } from './base-client.js';
export { RestApiV2Client, REST_API_V2_ACCEPT } from './client.js';
export { REGION_BASE_URLS } from './client-options.js';
export type {
  AlertGroupingSettingsOptions,
  AnalyticsRawIncidentsOptions,
  IncidentNotesOptions,
  Region,
  RestApiV2ClientOptions,
} from './client-options.js';
export type {
  DecodedResponse,
  DictAllOptions,
  FindOptions,
  IterAllOptions,
  IterCursorOptions,
  IterHistoryOptions,
  PersistOptions,
  RestApiV2BaseClientOptions,
} from './rest-options.js';
export type { ApiKeyAccess } from './account-introspection.js';
export type { FetchedPage, ItemHook } from './pages.js';
export type { ResourceObject, ResourceTarget } from './resource-target.js';
export { DEFAULT_REST_POLICY, resolveRestPolicy } from './policy.js';
export type { RestPolicy } from './policy.js';
export { inferEntityWrapper, singularName } from './entity-wrappers.js';
export type { EntityWrapperPair } from './entity-wrappers.js';
export { DEFAULT_PAGE_SIZE, ITERATION_LIMIT } from './limits.js';
export { MAX_CONCURRENCY } from './concurrency.js';
export { CANONICAL_PATHS } from './generated/canonical-paths.js';
export { CURSOR_BASED_PAGINATION_PATHS } from './generated/cursor-based-pagination-paths.js';
export { ENTITY_WRAPPER_CONFIG } from './generated/entity-wrapper-config.js';
export { HISTORICAL_RECORD_PATHS } from './generated/historical-record-paths.js';
export { INDEX_PAGINATION } from './generated/index-pagination.js';
export { SPECIALISED_ITERATORS } from './generated/specialised-iterators.js';
export { REST_API_V2_TABLES } from './generated/rest-api-v2-tables.js';
export type {
  CanonicalPath,
  EntityWrapper,
  EntityWrapperConfig,
  EntityWrapperSpec,
  IndexPagination,
  IndexPaginationStyle,
  RestApiTables,
} from './table-types.js';
export type {
  BulkOverrideResult,
  ClassicPage,
  ClassicPagination,
  CursorPage,
  IncidentStatus,
  IncidentUpdate,
  Resource,
  ScheduleOverride,
} from './types.js';
