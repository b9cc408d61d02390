/**
 * The wrapper rows a session from 5.0.0 uses over the API description's table: for every
 * path a measured pdpyras release knows (its `CANONICAL_PATHS`), and each method, the
 * release's own pair (`ENTITY_WRAPPER_CONFIG`, then its inference), then the listed
 * exceptions where the release's table contradicts the API. Paths a release does not know
 * keep the description's rows.
 *
 * @module
 */
import { entityWrappersFor, compileWrapperConfig } from '../core/rest/endpoints/entity-wrappers.js';
import type { EntityWrapperConfig, EntityWrapperSpec } from '../core/rest/endpoints/tables.js';
import { PDPYRAS_5_TABLES, type PdpyrasReleaseTables } from '../generated/pdpyras-tables/pdpyras-5-tables.js';

/**
 * Where a release's table contradicts the API: the working behaviour kept, each row
 * citing its case of the table differential (`../shared/tools/pdpyras-tables`).
 *
 * @example
 * ```ts
 * PDPYRAS_5_WRAPPER_EXCEPTIONS['PUT /business_services/priority_thresholds']; // ['global_threshold', null]
 * ```
 */
export const PDPYRAS_5_WRAPPER_EXCEPTIONS: EntityWrapperConfig = Object.freeze({
  // pdpyras sent this body bare, which the API refuses, so the request stays wrapped in
  // `global_threshold`; the reply is returned whole as pdpyras did (case "PUT
  // /business_services/priority_thresholds rput", aspects f lenient and a).
  'PUT /business_services/priority_thresholds': ['global_threshold', null] as const,
  // The API takes `{"invocation": ...}`; pdpyras sent the body bare (case "POST
  // /automation_actions/actions/{id}/invocations rpost", aspect f).
  'POST /automation_actions/actions/{id}/invocations': 'invocation',
  // The API takes `{"orchestration": ...}`; pdpyras used `orchestrations` (case "POST /event_orchestrations rpost", f).
  'POST /event_orchestrations': 'orchestration',
  // The API's answer has no `paused_incident_reporting_counts`, so pdpyras raised (case
  // "GET /paused_incident_reports/alerts rget", b).
  'GET /paused_incident_reports/alerts': 'paused_incident_reporting_alerts',
  // The API takes `{"schedule": ...}`; pdpyras used `preview` (5.0.4 on) or raised (5.0.0)
  // (case "POST /schedules/preview rpost", f and c).
  'POST /schedules/preview': 'schedule',
  // The API answers `relationships`; pdpyras expected the node's singular and raised
  // (cases "GET /service_dependencies/business_services/{id} rget" and
  // "GET /service_dependencies/technical_services/{id} rget", b).
  'GET /service_dependencies/business_services/{id}': 'relationships',
  'GET /service_dependencies/technical_services/{id}': 'relationships',
  // The API takes `{"relationships": ...}`; pdpyras used `disassociate`
  // (case "POST /service_dependencies/disassociate rpost", f).
  'POST /service_dependencies/disassociate': 'relationships',
  // The API answers `notification_rule`; pdpyras expected `status_update_notification_rule`
  // and raised (cases "GET ... rget" and "PUT ... rput" of
  // /users/{id}/status_update_notification_rules/{status_update_notification_rule_id}, b).
  'GET /users/{id}/status_update_notification_rules/{status_update_notification_rule_id}': 'notification_rule',
  'PUT /users/{id}/status_update_notification_rules/{status_update_notification_rule_id}': [
    'status_update_notification_rule',
    'notification_rule',
  ] as const,
});

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/**
 * A measured release's wrapper rows, for every path it knows and each method, with the
 * exceptions over them.
 *
 * @example
 * ```ts
 * pdpyrasWrapperRows(PDPYRAS_5_TABLES['5.4.1'])['POST /change_events']; // [null, null]
 * ```
 */
export function pdpyrasWrapperRows(release: PdpyrasReleaseTables): EntityWrapperConfig {
  const compiled = compileWrapperConfig(release.wrapperConfig);
  const rows: Record<string, EntityWrapperSpec> = {};
  for (const path of release.canonicalPaths) {
    for (const method of METHODS) rows[`${method} ${path}`] = entityWrappersFor(compiled, method, path);
  }
  return Object.freeze({ ...rows, ...PDPYRAS_5_WRAPPER_EXCEPTIONS });
}

/** The rows of each measured release, by version. */
export const PDPYRAS_5_WRAPPER_ROWS: Readonly<Record<string, EntityWrapperConfig>> = Object.freeze(
  Object.fromEntries(
    Object.entries(PDPYRAS_5_TABLES).map(([version, release]) => [version, pdpyrasWrapperRows(release)]),
  ),
);
