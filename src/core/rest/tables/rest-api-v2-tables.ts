/**
 * The REST API v2 tables bundled in the shape a REST client takes.
 *
 * @module
 */
import { CANONICAL_PATHS } from './canonical-paths.js';
import { CURSOR_BASED_PAGINATION_PATHS } from './cursor-based-pagination-paths.js';
import { ENTITY_WRAPPER_CONFIG } from './entity-wrapper-config.js';
import { HISTORICAL_RECORD_PATHS } from './historical-record-paths.js';
import { SPECIALISED_ITERATORS } from './specialised-iterators.js';
import type { RestApiTables } from './table-types.js';

/** The tables of the REST API v2, as `RestApiV2Client` passes them to its base class. */
export const REST_API_V2_TABLES: RestApiTables = Object.freeze({
  canonicalPaths: CANONICAL_PATHS,
  cursorPaths: CURSOR_BASED_PAGINATION_PATHS,
  wrapperConfig: ENTITY_WRAPPER_CONFIG,
  historicalPaths: HISTORICAL_RECORD_PATHS,
  specialisedIterators: SPECIALISED_ITERATORS,
});
