/**
 * The requests of the iterators of endpoints that page in their own style, built from the
 * iterators' options: the option names are the library's, the wire names the API's, and
 * keeping the translation pure lets it be checked without a server.
 *
 * @module
 */
import type { QueryParams } from '../../request/query.js';
import type { AlertGroupingSettingsOptions, AnalyticsRawIncidentsOptions } from '../rest-client-options.js';
import { DEFAULT_PAGE_SIZE } from './limits.js';

/** Where `iterIncidentNotes` reads, and the warnings for what it had to drop. */
export interface IncidentNotesRequest {
  /** The log entry index: `/log_entries`, or the incident's own. */
  readonly url: string;
  /** The query parameters to send (a copy: the caller's object is left alone). */
  readonly params: QueryParams;
  /** One warning per query parameter dropped because the incident's index ignores it. */
  readonly warnings: readonly string[];
}

/**
 * The index and query of `iterIncidentNotes`. One incident's log entries
 * (`/incidents/{id}/log_entries`) ignore `team_ids`: it is dropped with a warning rather
 * than sent and silently ignored, so the caller learns the filter did not apply.
 *
 * @param incidentSegment - the incident's id, already checked and encoded as a path segment;
 *   `undefined` to read every incident's notes from `/log_entries`
 * @param params - the caller's query parameters
 */
export function incidentNotesRequest(
  incidentSegment: string | undefined,
  params: QueryParams = {},
): IncidentNotesRequest {
  if (incidentSegment === undefined) return { url: '/log_entries', params: { ...params }, warnings: [] };
  const query: Record<string, QueryParams[string]> = { ...params };
  const warnings: string[] = [];
  for (const key of ['team_ids', 'team_ids[]']) {
    if (key in query) {
      warnings.push(`iterIncidentNotes: the query parameter "${key}" is ignored because incidentId is given`);
      delete query[key];
    }
  }
  return { url: `/incidents/${incidentSegment}/log_entries`, params: query, warnings };
}

/**
 * The body of the first `POST /analytics/raw/incidents` of `iterAnalyticsRawIncidents`;
 * the later pages add `starting_after`.
 *
 * @param filters - the required `filters` object, sent as it is
 * @example
 * ```ts
 * analyticsRawIncidentsBody({ urgency: 'high' }, { order: 'asc' });
 * // { filters: { urgency: 'high' }, order: 'asc', order_by: 'created_at', limit: 100 }
 * ```
 */
export function analyticsRawIncidentsBody(
  filters: unknown,
  options: AnalyticsRawIncidentsOptions = {},
): Record<string, unknown> {
  return {
    filters,
    order: options.order ?? 'desc',
    order_by: options.orderBy ?? 'created_at',
    limit: options.limit ?? DEFAULT_PAGE_SIZE,
    ...(options.timeZone !== undefined ? { time_zone: options.timeZone } : {}),
  };
}

/**
 * The query of the first `GET /alert_grouping_settings` of `iterAlertGroupingSettings`;
 * the later pages add `after`.
 *
 * @example
 * ```ts
 * alertGroupingSettingsParams({ serviceIds: ['PSVC1'] }); // { limit: 100, 'service_ids[]': ['PSVC1'] }
 * ```
 */
export function alertGroupingSettingsParams(options: AlertGroupingSettingsOptions = {}): QueryParams {
  return {
    limit: options.limit ?? DEFAULT_PAGE_SIZE,
    ...(options.serviceIds !== undefined ? { 'service_ids[]': options.serviceIds } : {}),
  };
}
