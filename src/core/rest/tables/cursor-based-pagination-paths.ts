// Generated once from the REST API v2 path table and the OpenAPI description
// (PagerDuty/api-schema, 2026-08-14); edit by hand from now on.

/**
 * The REST API v2 paths that use cursor-based pagination.
 *
 * @module
 */
import type { CanonicalPath } from './table-types.js';

/**
 * The canonical paths whose index uses cursor-based pagination (`cursor` in the query,
 * `next_cursor` in the response) instead of `limit`/`offset`. `iterAll` switches to
 * `iterCursor` on these.
 */
export const CURSOR_BASED_PAGINATION_PATHS: readonly CanonicalPath[] = Object.freeze([
  '/audit/records',
  '/automation_actions/actions',
  '/automation_actions/runners',
  '/escalation_policies/{id}/audit/records',
  '/incident_workflows/actions',
  '/incident_workflows/triggers',
  '/schedules/{id}/audit/records',
  '/services/{id}/audit/records',
  '/teams/{id}/audit/records',
  '/users/{id}/audit/records',
  '/users/{id}/oauth_delegations',
  '/v3/schedules/{id}/audit/records',
  '/workflows/integrations',
  '/workflows/integrations/connections',
  '/workflows/integrations/{integration_id}/connections',
  '/recommendations/event_orchestrations/rules',
  '/enrichment/schemas/{schema_id}/records',
  '/ip_allow_lists/{id}/audit/records',
]);
