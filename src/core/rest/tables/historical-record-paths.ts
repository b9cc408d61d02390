// Generated once from the REST API v2 path table and the OpenAPI description
// (PagerDuty/api-schema, 2026-08-14); edit by hand from now on.

/**
 * The REST API v2 paths of historical records (they accept `since` and `until`).
 *
 * @module
 */
import type { CanonicalPath } from './table-types.js';

/**
 * The canonical paths of index endpoints that hold historical records and accept the
 * `since` and `until` parameters: the only ones `iterHistory` works on.
 */
export const HISTORICAL_RECORD_PATHS: readonly CanonicalPath[] = Object.freeze([
  '/audit/records',
  '/change_events',
  '/escalation_policies/{id}/audit/records',
  '/incidents',
  '/log_entries',
  '/oncalls',
  '/schedules/{id}/audit/records',
  '/services/{id}/audit/records',
  '/teams/{id}/audit/records',
  '/users/{id}/audit/records',
  '/ip_allow_lists/{id}/audit/records',
]);
