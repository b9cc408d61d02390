// The reviewed overrides of the REST API v2 *types*: where the official description refuses
// what the API accepts or answers (an enum written as one string, a field the API returns
// but the schema omits, a parameter it takes but does not declare, a field always answered
// but not required). One row per decision, with its reason and its evidence; the generator
// applies them to a copy of the extract before openapi-typescript writes the types, and fails
// when a row's premise no longer holds (see apply-schema-overrides.ts). The runtime tables
// are not affected. `npx tsx scripts/generate/survey-description.ts` lists the candidates.
import { ANSWERED_WRAPPER_OVERRIDES } from './answered-wrapper-overrides.js';
import type { SchemaOverrideRow } from './apply-schema-overrides.js';

const ALERT_GROUPING_AGGREGATE = {
  reason:
    'The enum is the single string "all, any": the two values written as one, so neither value the API ' +
    'takes (`all`, `any`) type-checks. Split into its two values.',
  evidence:
    "The property's own text in the description names `all` and `any` as the two choices; PagerDuty/go-pagerduty " +
    'sends it as a free string (service.go, AlertGroupParamsConfig.Aggregate); survey-description.ts (class a).',
};

const CHANGE_EVENTS_ALWAYS = {
  reason:
    '`change_events` is the list this index answers (the client reads its pages from it); the schema declares ' +
    'it but does not require it, so `.change_events.length` does not type-check though the API always answers it.',
  evidence:
    "The description's own example of the response holds `change_events` (with limit/offset/more); it is the " +
    'list key the generated tables read; survey-description.ts (class c).',
};

const NULLABLE_COUNT = { type: 'integer', nullable: true, readOnly: true };

const CHANGE_EVENTS_PAGE: Pick<SchemaOverrideRow, 'change' | 'reason' | 'evidence'> = {
  change: {
    kind: 'add-properties',
    properties: {
      limit: NULLABLE_COUNT,
      offset: NULLABLE_COUNT,
      total: NULLABLE_COUNT,
      more: { type: 'boolean', readOnly: true },
    },
  },
  reason:
    'The answer is a page (`more`, and `limit`/`offset`/`total`, null in the example) but the schema declares only ' +
    '`change_events`, so reading `more` from a j-method result does not type-check.',
  evidence:
    "The description's own example of the response holds `limit`, `offset`, `total` (null) and `more` (a boolean); " +
    'survey-description.ts (class b).',
};

const EXAMPLE_FIELDS = {
  reason:
    'The API answers this read-only field on the resource (every example of it holds the field, with a value of ' +
    'the type declared here); the schema does not declare it, so reading it does not type-check.',
  evidence: "The description's own response examples of the resource hold the field; survey-description.ts (class b).",
};
const READ_ONLY_TEXT = { type: 'string', readOnly: true };

export const SCHEMA_OVERRIDES: readonly SchemaOverrideRow[] = Object.freeze<SchemaOverrideRow[]>([
  {
    id: 'alert-grouping-aggregate-values',
    target: 'schema ContentBasedAlertGroupingConfiguration',
    change: { kind: 'enum', property: 'aggregate', from: ['all, any'], to: ['all', 'any'] },
    ...ALERT_GROUPING_AGGREGATE,
  },
  {
    id: 'intelligent-alert-grouping-aggregate-values',
    target: 'schema ContentBasedIntelligentAlertGroupingConfiguration',
    change: { kind: 'enum', property: 'aggregate', from: ['all, any'], to: ['all', 'any'] },
    ...ALERT_GROUPING_AGGREGATE,
  },
  {
    id: 'incident-description',
    target: 'schema Incident',
    change: { kind: 'add-properties', properties: { description: { type: 'string', readOnly: true } } },
    reason:
      'The API answers incidents with a `description`; the schema does not declare it, so reading it does not ' +
      'type-check.',
    evidence:
      'PagerDuty/go-pagerduty incident.go: `Incident.Description` (json `description`) is decoded from GET ' +
      "/incidents and GET /incidents/{id}; the description's analytics examples of incidents hold `description`.",
  },
  {
    id: 'integration-key',
    target: 'schema Integration',
    change: { kind: 'add-properties', properties: { integration_key: { type: 'string', readOnly: true } } },
    reason:
      'An events integration has an `integration_key` (the routing key for the Events API, which a program ' +
      'creating an integration reads back); the schema does not declare it.',
    evidence:
      'PagerDuty/go-pagerduty decodes `IntegrationKey` (json `integration_key`) from the integration endpoints; the ' +
      "PagerDuty Terraform provider's `pagerduty_service_integration` exports `integration_key` read from them.",
  },
  {
    id: 'incident-time-zone',
    target: 'operation GET /incidents/{id}',
    change: { kind: 'add-query-parameter', parameter: 'time_zone' },
    reason:
      "The time zone in which an incident's dates are rendered: declared on the index (GET /incidents) that " +
      'answers the same `Incident` schema, and on the other show endpoints with dates (GET /log_entries/{id}, ' +
      'GET /schedules/{id}), but not on GET /incidents/{id}.',
    evidence:
      'The description declares the shared `time_zone` parameter on GET /incidents (same `Incident` schema), ' +
      '/log_entries, /log_entries/{id}, /schedules/{id}, /oncalls, /notifications and /services: every other read ' +
      'of incidents and log entries takes it. Inferred from those siblings (no example shows query parameters); ' +
      'an optional parameter declared only widens what type-checks.',
  },
  {
    id: 'service-change-events-required',
    target: 'response GET /services/{id}/change_events 200',
    change: { kind: 'require', properties: ['change_events'] },
    ...CHANGE_EVENTS_ALWAYS,
  },
  {
    id: 'change-events-required',
    target: 'response GET /change_events 200',
    change: { kind: 'require', properties: ['change_events'] },
    ...CHANGE_EVENTS_ALWAYS,
  },
  {
    id: 'related-change-events-required',
    target: 'response GET /incidents/{id}/related_change_events 200',
    change: { kind: 'require', properties: ['change_events'] },
    ...CHANGE_EVENTS_ALWAYS,
  },
  { id: 'service-change-events-page', target: 'response GET /services/{id}/change_events 200', ...CHANGE_EVENTS_PAGE },
  { id: 'change-events-page', target: 'response GET /change_events 200', ...CHANGE_EVENTS_PAGE },
  {
    id: 'related-change-events-page',
    target: 'response GET /incidents/{id}/related_change_events 200',
    ...CHANGE_EVENTS_PAGE,
  },
  {
    id: 'alert-grouping-settings-cursor',
    target: 'response GET /alert_grouping_settings 200',
    change: {
      kind: 'add-properties',
      properties: {
        after: { type: 'string', nullable: true, readOnly: true },
        before: { type: 'string', nullable: true, readOnly: true },
        limit: { type: 'integer', readOnly: true },
        total: NULLABLE_COUNT,
      },
    },
    reason:
      'The index pages by its own cursor (`after`/`before`, see the `alert-grouping-settings-pagination` row of ' +
      'rest-overrides.ts); the schema declares only the list, so reading the cursor does not type-check.',
    evidence:
      "The description's own example of the response holds `after` and `before` (strings), `limit` (a number) and " +
      '`total` (null); survey-description.ts (class b).',
  },
  {
    id: 'incident-workflow-trigger-workflow',
    target: 'schema IncidentWorkflowTrigger',
    change: { kind: 'add-properties', properties: { workflow_id: READ_ONLY_TEXT, workflow_name: READ_ONLY_TEXT } },
    ...EXAMPLE_FIELDS,
  },
  {
    id: 'template-timestamps',
    target: 'schema Template',
    change: {
      kind: 'add-properties',
      properties: {
        created_at: { ...READ_ONLY_TEXT, format: 'date-time' },
        updated_at: { ...READ_ONLY_TEXT, format: 'date-time' },
      },
    },
    ...EXAMPLE_FIELDS,
  },
  {
    id: 'notification-rule-created-at',
    target: 'schema NotificationRule',
    change: { kind: 'add-properties', properties: { created_at: { ...READ_ONLY_TEXT, format: 'date-time' } } },
    ...EXAMPLE_FIELDS,
  },
  {
    id: 'notification-subscription-name',
    target: 'schema NotificationSubscription',
    change: { kind: 'add-properties', properties: { subscribable_name: { ...READ_ONLY_TEXT, nullable: true } } },
    ...EXAMPLE_FIELDS,
  },
  ...ANSWERED_WRAPPER_OVERRIDES,
]);
