/**
 * The REST API v2 clients: `RestApiV2Client` for the standard API, and
 * `RestApiV2BaseClient` for APIs shaped like it (the integration APIs), with the tables,
 * policy and resource types they use.
 *
 * @module
 */
export { RestApiV2BaseClient } from './rest-api-v2-base-client.js';
export { RestApiV2Client, REST_API_V2_ACCEPT } from './rest-api-v2-client.js';
export { REGION_BASE_URLS } from './rest-client-options.js';
export type {
  AlertGroupingSettingsOptions,
  AnalyticsRawIncidentsOptions,
  IncidentNotesOptions,
  Region,
  RestApiV2ClientOptions,
} from './rest-client-options.js';
export type {
  DecodedResponse,
  DictAllOptions,
  FindOptions,
  IterAllOptions,
  IterCursorOptions,
  IterHistoryOptions,
  PersistOptions,
  RestApiV2BaseClientOptions,
} from './rest-method-options.js';
export type { ApiKeyAccess } from './account-introspection.js';
export type { EntityInit, EntityResult, IndexItem, IndexQuery, JsonInit, JsonResult } from './rest-call-types.js';
export type { FetchedPage, ItemHook } from './pagination/pages.js';
export type { ResourceObject, ResourceTarget } from './endpoints/resource-target.js';
export { DEFAULT_REST_POLICY, resolveRestPolicy } from './endpoints/policy.js';
export type { RestPolicy } from './endpoints/policy.js';
export { inferEntityWrapper, singularName } from './endpoints/entity-wrappers.js';
export type { EntityWrapperPair } from './endpoints/entity-wrappers.js';
export { DEFAULT_PAGE_SIZE, ITERATION_LIMIT } from './pagination/limits.js';
export { MAX_CONCURRENCY } from './pagination/concurrency.js';
export { CANONICAL_PATHS } from '../../generated/rest-tables/canonical-paths.js';
export { CURSOR_BASED_PAGINATION_PATHS } from '../../generated/rest-tables/cursor-based-pagination-paths.js';
export { ENTITY_WRAPPER_CONFIG } from '../../generated/rest-tables/entity-wrapper-config.js';
export { HISTORICAL_RECORD_PATHS } from '../../generated/rest-tables/historical-record-paths.js';
export { INDEX_PAGINATION } from '../../generated/rest-tables/index-pagination.js';
export { SPECIALISED_ITERATORS } from '../../generated/rest-tables/specialised-iterators.js';
export { REST_API_V2_TABLES } from '../../generated/rest-tables/rest-api-v2-tables.js';
export type {
  CanonicalPath,
  EntityWrapper,
  EntityWrapperConfig,
  EntityWrapperSpec,
  IndexPagination,
  IndexPaginationStyle,
  RestApiTables,
} from './endpoints/table-types.js';
export type {
  BulkOverrideResult,
  ClassicPage,
  ClassicPagination,
  CursorPage,
  IncidentStatus,
  IncidentUpdate,
  Resource,
  ScheduleOverride,
} from './rest-types.js';
