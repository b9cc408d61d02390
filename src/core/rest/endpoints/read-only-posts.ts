/**
 * The POSTs of the REST API v2 that only read: queries sent as a body because their
 * filters do not fit in a URL. Retrying one cannot act twice, so they are retried like
 * GETs; every other POST is sent at most once unless the client has `retryWrites`.
 * Reviewed by hand against the description's POST operations (a test keeps this list
 * inside the tables): the analytics queries, the enrichment query, the schedule preview
 * and the template render, none of which stores anything.
 *
 * @module
 */
import type { CanonicalPath } from './table-types.js';

export const READ_ONLY_POSTS: ReadonlySet<CanonicalPath> = new Set([
  '/analytics/metrics/incidents/all',
  '/analytics/metrics/incidents/escalation_policies',
  '/analytics/metrics/incidents/escalation_policies/all',
  '/analytics/metrics/incidents/services',
  '/analytics/metrics/incidents/services/all',
  '/analytics/metrics/incidents/teams',
  '/analytics/metrics/incidents/teams/all',
  '/analytics/metrics/pd_advance_usage/features',
  '/analytics/metrics/responders/all',
  '/analytics/metrics/responders/teams',
  '/analytics/metrics/users/all',
  '/analytics/raw/incidents',
  '/analytics/raw/responders/{responder_id}/incidents',
  '/analytics/raw/users',
  '/enrichment/query',
  '/schedules/preview',
  '/templates/{id}/render',
]);
