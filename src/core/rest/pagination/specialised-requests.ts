import type { QueryParams } from '../../request/query.js';
import type { AlertGroupingSettingsOptions, AnalyticsRawIncidentsOptions } from '../rest-options.js';
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

// One incident's log entries ignore `team_ids`: dropped with a warning rather than silently ignored.
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

export function alertGroupingSettingsParams(options: AlertGroupingSettingsOptions = {}): QueryParams {
  return {
    limit: options.limit ?? DEFAULT_PAGE_SIZE,
    ...(options.serviceIds !== undefined ? { 'service_ids[]': options.serviceIds } : {}),
  };
}
