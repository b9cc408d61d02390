/**
 * The rows of pdpyras 5.x's own wrapper table (`ENTITY_WRAPPER_CONFIG`, then its inference)
 * where it differs from the API description's table, for the endpoints 5.0.0 to 5.4.1 all
 * know. A session from 5.0.0 consults these before the description's rows, so each URL
 * wraps and unwraps as the release did. Each row cites the case of the table differential
 * (`../shared/tools/pdpyras-tables`, 5.0.0 / 5.0.4 / 5.4.1) that it settles.
 *
 * These are override rows for exactly the entries that differ; the sessions do not yet
 * consult each release's whole table. Each release's own tables are extracted into
 * `src/generated/pdpyras-tables/` (`scripts/extract-pdpyras-tables.mjs`), and a test checks
 * every row against them.
 *
 * @module
 */
import type { EntityWrapperConfig } from '../core/rest/endpoints/table-types.js';

/**
 * pdpyras 5.x's wrappers where they differ from the description's.
 *
 * @example
 * ```ts
 * PDPYRAS_5_WRAPPER_ROWS['POST /change_events']; // null: the body is sent and returned as is
 * ```
 */
export const PDPYRAS_5_WRAPPER_ROWS: EntityWrapperConfig = Object.freeze({
  // `'* /analytics/raw/incidents/{id}/responses': None`: rget returns the whole body (case "GET /analytics/raw/incidents/{id}/responses rget").
  'GET /analytics/raw/incidents/{id}/responses': null,
  // `'* /business_services/priority_thresholds': None`: the whole body (case "GET /business_services/priority_thresholds rget").
  'GET /business_services/priority_thresholds': null,
  // Exception kept: pdpyras sent the body bare, which the API refuses, so the request stays
  // wrapped in `global_threshold`; the reply is returned whole as pdpyras did (case "PUT
  // /business_services/priority_thresholds rput", aspects f lenient and a).
  'PUT /business_services/priority_thresholds': ['global_threshold', null] as const,
  // `'POST /change_events': None`: sent as given, the whole reply returned (case "POST /change_events rpost").
  'POST /change_events': null,
  // No pdpyras row, so its inference: `rule` both ways (cases "PUT /rulesets/{id}/rules/{rule_id} rput", "PUT /services/{id}/rules/{rule_id} rput").
  'PUT /rulesets/{id}/rules/{rule_id}': 'rule',
  'PUT /services/{id}/rules/{rule_id}': 'rule',
});
