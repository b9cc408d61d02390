import type { CanonicalPath } from './table-types.js';

// POSTs that only read (filters too large for a URL), so they are retried like GETs. Reviewed by hand;
// a test keeps the list inside the tables.
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
