// The reviewed longest since/until ranges of the REST API v2's historical indexes. The
// description states them only in the text of a `since`/`until` parameter, never in a
// schema, so each is a row here: the operation and parameter whose text states it, the
// range in whole days as the client reads it, and why that many days. The generator checks
// every row against the extract (a historical GET that declares the parameter) and fails
// when a historical index shares a limited parameter's declaration without a row.
import type { HistoryRangeRow } from './request-facts.js';

const AUDIT_REASON =
  'The `until` parameter of this audit-records index may be at most 31 days after `since`; windows of ' +
  '31 days are inside that limit.';

export const HISTORY_RANGE_OVERRIDES: readonly HistoryRangeRow[] = Object.freeze<HistoryRangeRow[]>(
  [
    ['audit-records-range', 'GET /audit/records'],
    ['escalation-policy-audit-range', 'GET /escalation_policies/{id}/audit/records'],
    ['ip-allow-list-audit-range', 'GET /ip_allow_lists/{id}/audit/records'],
    ['schedule-audit-range', 'GET /schedules/{id}/audit/records'],
    ['service-audit-range', 'GET /services/{id}/audit/records'],
    ['team-audit-range', 'GET /teams/{id}/audit/records'],
    ['user-audit-range', 'GET /users/{id}/audit/records'],
    ['v3-schedule-audit-range', 'GET /v3/schedules/{id}/audit/records'],
  ]
    .map(([id, operation]) => ({ id, operation, parameter: 'until', days: 31, reason: AUDIT_REASON }))
    .concat([
      {
        id: 'incidents-range',
        operation: 'GET /incidents',
        parameter: 'since',
        days: 180,
        reason:
          'The texts of `since` and `until` give six months as the longest range (one month by default). Six ' +
          'calendar months are at least 181 days; 180-day windows stay inside the limit however the API counts months.',
      },
      {
        id: 'notifications-range',
        operation: 'GET /notifications',
        parameter: 'until',
        days: 88,
        reason:
          'The text of `until` requires the range to be shorter than three months. Three calendar months are at ' +
          'least 89 days; 88-day windows are shorter whichever months they span.',
      },
    ]),
);
