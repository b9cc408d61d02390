/**
 * The filters of the list endpoints, as pure predicates built from the query string.
 *
 * Time windows are half-open, `since <= t < until`, so adjacent windows never share a
 * record. Without `since`/`until` nothing is cut off (the service defaults to a recent
 * window; the emulator shows every seeded record instead).
 *
 * @module
 */
import { listParam, timeParam } from './query-params.js';
import { fail, invalidInput } from '../server/replies.js';
import type { AuditRecord, Incident, IncidentStatus, LogEntry, Reference } from '../store/resources.js';

/** A half-open time window in milliseconds; an absent bound is open. */
export interface TimeWindow {
  /** Inclusive start. */
  since?: number;
  /** Exclusive end. */
  until?: number;
  /** `since` in `toISOString` form (years 0-9999 only), computed once per request for fast comparisons. */
  sinceIso?: string;
  /** `until` in `toISOString` form (years 0-9999 only). */
  untilIso?: string;
}

/** Whether `iso` is in the exact form `Date.prototype.toISOString` writes (UTC, milliseconds). */
function isCanonicalIso(iso: string): boolean {
  return iso.length === 24 && iso.charCodeAt(23) === 90 /* Z */ && iso.charCodeAt(10) === 84 /* T */;
}

/**
 * Reads `since` and `until`; `date_range=all` drops both.
 *
 * @throws ReplyError 400 for an unreadable time or `since` after `until`
 */
export function timeWindow(query: URLSearchParams): TimeWindow {
  if (query.get('date_range') === 'all') return {};
  const since = timeParam(query, 'since');
  const until = timeParam(query, 'until');
  if (since !== undefined && until !== undefined && since > until) fail(invalidInput('since must not be after until'));
  const iso = (time: number | undefined): string | undefined => {
    const text = time === undefined ? undefined : new Date(time).toISOString();
    return text !== undefined && isCanonicalIso(text) ? text : undefined;
  };
  return { since, until, sinceIso: iso(since), untilIso: iso(until) };
}

/**
 * Whether an ISO 8601 time lies in the window. Times the emulator writes itself are in
 * `toISOString` form, where string order is time order, so they are compared as strings:
 * listing thousands of records per page stays cheap. Other forms are parsed.
 */
export function inWindow(iso: string, window: TimeWindow): boolean {
  const { since, until, sinceIso, untilIso } = window;
  if (since === undefined && until === undefined) return true;
  const boundsAsText =
    (since === undefined || sinceIso !== undefined) && (until === undefined || untilIso !== undefined);
  if (boundsAsText && isCanonicalIso(iso)) {
    return (sinceIso === undefined || iso >= sinceIso) && (untilIso === undefined || iso < untilIso);
  }
  const time = Date.parse(iso);
  return (since === undefined || time >= since) && (until === undefined || time < until);
}

/** Whether any of `refs` has one of `ids` (true when `ids` is empty: no filter). */
export function refsInclude(refs: readonly Reference[], ids: readonly string[]): boolean {
  return ids.length === 0 || refs.some((ref) => ids.includes(ref.id));
}

/** The resources that belong to one of the `team_ids[]` (all of them without the filter). */
export function filterByTeams<T extends { teams: readonly Reference[] }>(
  items: readonly T[],
  query: URLSearchParams,
): readonly T[] {
  const teamIds = listParam(query, 'team_ids');
  return teamIds.length === 0 ? items : items.filter((item) => refsInclude(item.teams, teamIds));
}

/**
 * The `query` filter: a case-insensitive substring of any of the fields (true when
 * `text` is empty).
 */
export function matchesText(text: string | null, fields: readonly string[]): boolean {
  if (!text) return true;
  const needle = text.toLowerCase();
  return fields.some((field) => field.toLowerCase().includes(needle));
}

const STATUSES: readonly IncidentStatus[] = ['triggered', 'acknowledged', 'resolved'];

/** The filters of `GET /incidents`. */
export interface IncidentFilter extends TimeWindow {
  /** `statuses[]`. */
  statuses: IncidentStatus[];
  /** `user_ids[]`: assigned to one of these users. */
  userIds: string[];
  /** `team_ids[]`. */
  teamIds: string[];
  /** `service_ids[]`. */
  serviceIds: string[];
  /** `urgencies[]`. */
  urgencies: string[];
  /** `incident_key`. */
  incidentKey: string | null;
}

/**
 * Reads the filters of `GET /incidents`.
 *
 * @throws ReplyError 400 for an unknown status or a bad time window
 */
export function incidentFilter(query: URLSearchParams): IncidentFilter {
  const statuses = listParam(query, 'statuses');
  const unknown = statuses.filter((status) => !STATUSES.includes(status as IncidentStatus));
  if (unknown.length > 0) fail(invalidInput('statuses[] must each be one of triggered, acknowledged or resolved'));
  return {
    ...timeWindow(query),
    statuses: statuses as IncidentStatus[],
    userIds: listParam(query, 'user_ids'),
    teamIds: listParam(query, 'team_ids'),
    serviceIds: listParam(query, 'service_ids'),
    urgencies: listParam(query, 'urgencies'),
    incidentKey: query.get('incident_key'),
  };
}

/** Whether an incident passes the filters. */
export function matchesIncident(incident: Incident, filter: IncidentFilter): boolean {
  return (
    (filter.statuses.length === 0 || filter.statuses.includes(incident.status)) &&
    (filter.serviceIds.length === 0 || filter.serviceIds.includes(incident.service.id)) &&
    (filter.urgencies.length === 0 || filter.urgencies.includes(incident.urgency)) &&
    (filter.incidentKey === null || filter.incidentKey === incident.incident_key) &&
    refsInclude(incident.teams, filter.teamIds) &&
    (filter.userIds.length === 0 ||
      incident.assignments.some((assignment) => filter.userIds.includes(assignment.assignee.id))) &&
    inWindow(incident.created_at, filter)
  );
}

/** The filters of `GET /log_entries`. */
export interface LogEntryFilter extends TimeWindow {
  /** `team_ids[]`. */
  teamIds: string[];
  /** `is_overview=true`: only status changes (trigger, acknowledge, resolve). */
  overview: boolean;
}

/** Reads the filters of `GET /log_entries`. */
export function logEntryFilter(query: URLSearchParams): LogEntryFilter {
  return { ...timeWindow(query), teamIds: listParam(query, 'team_ids'), overview: query.get('is_overview') === 'true' };
}

/** Whether a log entry passes the filters. */
export function matchesLogEntry(entry: LogEntry, filter: LogEntryFilter): boolean {
  return (
    refsInclude(entry.teams, filter.teamIds) &&
    inWindow(entry.created_at, filter) &&
    (!filter.overview || entry.type !== 'annotate_log_entry')
  );
}

/** The filters of `GET /audit/records`. */
export interface AuditFilter extends TimeWindow {
  /** `root_resource_types[]` (`users`, `teams`, `services`, ...). */
  rootResourceTypes: string[];
  /** `actions[]` (`create`, `update`, `delete`). */
  actions: string[];
}

/** Reads the filters of `GET /audit/records`. */
export function auditFilter(query: URLSearchParams): AuditFilter {
  return {
    ...timeWindow(query),
    rootResourceTypes: listParam(query, 'root_resource_types'),
    actions: listParam(query, 'actions'),
  };
}

/** Whether an audit record passes the filters. */
export function matchesAudit(record: AuditRecord, filter: AuditFilter): boolean {
  const type = record.root_resource.type.replace(/_reference$/, '');
  const collection = type.endsWith('y') ? `${type.slice(0, -1)}ies` : `${type}s`;
  return (
    (filter.rootResourceTypes.length === 0 || filter.rootResourceTypes.includes(collection)) &&
    (filter.actions.length === 0 || filter.actions.includes(record.action)) &&
    inWindow(record.execution_time, filter)
  );
}
