/**
 * Typed shapes of the REST API v2 resources the library's interface shows. Only the
 * fields the specification names are declared; every resource may carry more, reachable
 * through the index signature. Use them as the type argument of the r-family and the
 * iterators: `client.rget<User>('/users/PABC123')`.
 *
 * @module
 */

/** A reference to a resource: its id, a `*_reference` type, and usually a summary and URL. */
export interface Reference {
  /** The resource's identifier. */
  id: string;
  /** The kind of reference, a name ending in `_reference` (`user_reference`, ...). */
  type: string;
  /** A short human-readable description. */
  summary?: string;
  /** The API URL of the resource. */
  self?: string | null;
  /** The web URL of the resource. */
  html_url?: string | null;
}

/** A reference to a user. */
export interface UserReference extends Reference {
  /** Always `user_reference`. */
  type: 'user_reference';
}

/** A reference to a schedule. */
export interface ScheduleReference extends Reference {
  /** Always `schedule_reference`. */
  type: 'schedule_reference';
}

/** A reference to an incident (the items of a multi-update). */
export interface IncidentReference extends Reference {
  /** Always `incident_reference`. */
  type: 'incident_reference';
}

/** Fields every full resource has. */
export interface Resource {
  /** The resource's identifier. */
  id: string;
  /** The kind of resource (`user`, `service`, ...). */
  type: string;
  /** A short human-readable description. */
  summary?: string;
  /** The API URL of the resource; pass the resource itself where a URL is expected. */
  self?: string;
  /** The web URL of the resource. */
  html_url?: string | null;
  /** Fields the specification does not show. */
  [field: string]: unknown;
}

/** A user (`/users/{id}`, wrapped in `user`). */
export interface User extends Resource {
  /** Always `user`. */
  type: 'user';
  /** The user's name. */
  name: string;
  /** The user's email address, also what the `From` header carries. */
  email: string;
}

/** A service (`/services/{id}`, wrapped in `service`). */
export interface Service extends Resource {
  /** Always `service`. */
  type: 'service';
  /** The service's name. */
  name: string;
}

/** The states of an incident. */
export type IncidentStatus = 'triggered' | 'acknowledged' | 'resolved';

/** An incident (`/incidents/{id}`, wrapped in `incident`). */
export interface Incident extends Resource {
  /** Always `incident`. */
  type: 'incident';
  /** Where the incident is in its lifecycle. */
  status: IncidentStatus;
}

/** One item of a multi-update (`rput('incidents', { json: [...] })`): a reference and the fields to change. */
export interface IncidentUpdate {
  /** The incident's identifier. */
  id: string;
  /** Always `incident_reference`. */
  type: 'incident_reference';
  /** The new status. */
  status?: IncidentStatus;
  /** Other fields to change. */
  [field: string]: unknown;
}

/** A rule of an escalation policy. */
export interface EscalationRule {
  /** Minutes before the incident escalates to the next rule. */
  escalation_delay_in_minutes: number;
  /** Who is notified: users and schedules. */
  targets: (UserReference | ScheduleReference)[];
  /** Fields the specification does not show. */
  [field: string]: unknown;
}

/** An escalation policy (`/escalation_policies/{id}`, wrapped in `escalation_policy`). */
export interface EscalationPolicy extends Resource {
  /** Always `escalation_policy`. */
  type: 'escalation_policy';
  /** The rules, in order. */
  escalation_rules: EscalationRule[];
}

/** A schedule override (`/schedules/{id}/overrides`). */
export interface ScheduleOverride {
  /** The override's identifier (absent before it is created). */
  id?: string;
  /** When it starts: ISO 8601 with offset. */
  start: string;
  /** When it ends: ISO 8601 with offset. */
  end: string;
  /** Who is on call during the override. */
  user: UserReference;
  /** The time zone of `start` and `end`. */
  time_zone?: string;
  /** Fields the specification does not show. */
  [field: string]: unknown;
}

/**
 * One item of the bare list that `POST /schedules/{id}/overrides` answers: a failed item
 * does not fail the request, it has its own status and errors.
 */
export interface BulkOverrideResult {
  /** The HTTP-style status of this item (201 created, 400 rejected, ...). */
  status: number;
  /** The override as created, or as sent when it failed. */
  override: ScheduleOverride;
  /** Why the item failed, when it did. */
  errors?: string[];
}

/** A log entry; incident notes are those of type `annotate_log_entry`. */
export interface LogEntry extends Resource {
  /** The kind of entry (`annotate_log_entry`, `trigger_log_entry`, ...). */
  type: string;
}

/** The pagination fields of a classic (offset) collection response. */
export interface ClassicPagination {
  /** The offset this page starts at. */
  offset: number;
  /** The page size the API used. */
  limit: number;
  /** Whether another page exists. */
  more: boolean;
  /** The total count, when `total=true` was sent (else `null`). */
  total?: number | null;
}

/** A classic collection page: pagination fields plus the list under its wrapper, e.g. `ClassicPage<'users', User>`. */
export type ClassicPage<Wrapper extends string, T> = ClassicPagination & { [key in Wrapper]: T[] };

/** The pagination fields of a cursor-paginated collection response. */
export interface CursorPagination {
  /** The cursor of the next page; `null` on the last page. */
  next_cursor: string | null;
  /** The page size the API used. */
  limit?: number;
}

/** A cursor collection page, e.g. `CursorPage<'records', Record<string, unknown>>`. */
export type CursorPage<Wrapper extends string, T> = CursorPagination & { [key in Wrapper]: T[] };
