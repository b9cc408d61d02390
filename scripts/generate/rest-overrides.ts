// The reviewed overrides of the REST API v2 facts: where the official description
// contradicts itself (a schema against its example), or says nothing the client needs, one
// row per decision with its reason. A row whose `set` is empty records a contradiction that
// was reviewed and decided for the schema, so that the next review of a newer description
// does not have to find it again. Every row must name an operation of the extract (the
// generator fails otherwise), so a row cannot outlive its operation unnoticed.
//
// Fields a row may set: see OVERRIDABLE_FIELDS in apply-overrides.ts.
import type { OverrideRow } from './apply-overrides.js';

export const REST_OVERRIDES: readonly OverrideRow[] = Object.freeze<OverrideRow[]>([
  {
    id: 'alert-grouping-settings-pagination',
    operation: 'GET /alert_grouping_settings',
    set: { pagination: 'specialised', specialisedIterator: 'iterAlertGroupingSettings' },
    reason:
      'The index pages by an `after` cursor of its own (query `after`/`before`); the schema declares no paging ' +
      'field while the example answers `after` and `before`. The client has its own iterator for it.',
  },
  {
    id: 'analytics-raw-incidents-pagination',
    operation: 'POST /analytics/raw/incidents',
    set: { pagination: 'specialised', specialisedIterator: 'iterAnalyticsRawIncidents' },
    reason:
      'A POST whose pages are chosen in the request body (`starting_after` = the previous `last`, while `more`), ' +
      'which no query-parameter style expresses. The client has its own iterator for it.',
  },
  {
    id: 'schedules-not-historical',
    operation: 'GET /schedules',
    set: { historical: false },
    reason:
      '`since`/`until` set the range of the schedule entries rendered in each schedule; they do not select ' +
      'schedules, so time windows would return every schedule once per window.',
  },
  {
    id: 'revocation-requests-status-bare',
    operation: 'GET /oauth_delegations/revocation_requests/status',
    set: { hasResponseBody: true, responseWrapper: null },
    reason:
      'The (deprecated) operation declares no success response at all, so nothing names a wrapper: its answer is ' +
      'returned whole rather than looked up under the `status` the convention would guess.',
  },
  {
    id: 'paused-incident-report-alerts-wrapper',
    operation: 'GET /paused_incident_reports/alerts',
    set: {},
    reason:
      'Schema wins: the response schema wraps the report in `paused_incident_reporting_alerts`; the example uses ' +
      '`paused_incident_reporting_counts`, the key of GET /paused_incident_reports/counts, around an alerts report ' +
      '(a copied key; its timestamps are hand-edited, so it was not captured from the API).',
  },
  {
    id: 'oauth-delegation-bare',
    operation: 'GET /users/{id}/oauth_delegations/{delegation_id}',
    set: {},
    reason:
      'Schema wins: the response schema is the bare delegation (its fields required at the top level); the example ' +
      'wraps it in `oauth_delegation`. The schema is the contract the API publishes.',
  },
  {
    id: 'workflow-integration-bare',
    operation: 'GET /workflows/integrations/{id}',
    set: {},
    reason:
      'Schema wins: the response schema is the bare integration; the shared example puts a list under ' +
      '`integration`, which cannot be the answer for one integration.',
  },
  {
    id: 'workflow-connection-create-bare',
    operation: 'POST /workflows/integrations/{integration_id}/connections',
    set: {},
    reason:
      'Schema wins: request and response schemas are the bare connection (`name` required at the top level); the ' +
      'example wraps a list in `connection`.',
  },
  {
    id: 'workflow-connection-get-bare',
    operation: 'GET /workflows/integrations/{integration_id}/connections/{id}',
    set: {},
    reason:
      'Schema wins: as for the creation, the schema is the bare connection and the example a list under `connection`.',
  },
  {
    id: 'workflow-connection-update-bare',
    operation: 'PATCH /workflows/integrations/{integration_id}/connections/{id}',
    set: {},
    reason:
      'Schema wins: as for the creation, the schema is the bare connection and the example a list under `connection`.',
  },
  {
    id: 'status-update-notification-rule-update',
    operation: 'PUT /users/{id}/status_update_notification_rules/{status_update_notification_rule_id}',
    set: {},
    reason:
      'Schema wins: the response schema wraps the rule in `notification_rule`, as GET of the same path does; the ' +
      "example uses `status_update_notification_rule`, the request's key.",
  },
  {
    id: 'rulesets-examples',
    operation: 'POST /rulesets',
    set: {},
    reason:
      'Schema wins: the schemas wrap one ruleset in `ruleset` (as GET/PUT /rulesets/{id} do); the examples of ' +
      'POST /rulesets and PUT /rulesets/{id} use `rulesets`, and those of POST /rulesets/{id}/rules and ' +
      'POST /services/{id}/rules use `ruleset` for a rule.',
  },
  {
    id: 'related-change-events-not-paged',
    operation: 'GET /incidents/{id}/related_change_events',
    set: {},
    reason:
      'Schema wins: only `limit` is declared (no `offset`, no `more`), so the list is read in one request with the ' +
      'page size as `limit`; the example shows offset/more, but paging by an undeclared offset could repeat ' +
      'the first page if the API ignores it.',
  },
]);
