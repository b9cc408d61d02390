import type { RestApiV2Endpoints } from '../../generated/types/rest-api-v2-endpoints.js';
import type { CursorPagination, Incident, Override, Pagination } from '../../generated/types/rest-api-v2-schemas.js';

/**
 * Fields every full resource has, and any other field as `unknown`.
 *
 * @deprecated Use the resource's generated type (`User`, `Service`, ...), which has all its
 * fields; `Record<string, unknown>` for a resource of unknown kind.
 */
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
  /** Any other field. */
  [field: string]: unknown;
}

/** The states of an incident (`triggered`, `acknowledged`, `resolved`). */
export type IncidentStatus = NonNullable<Incident['status']>;

/** One item of a multi-update (`rput('/incidents', { json: [...] })`): a reference and the fields to change. */
export type IncidentUpdate = NonNullable<RestApiV2Endpoints['/incidents']['PUT']['body']['incidents']>[number];

/**
 * A schedule override (`/schedules/{id}/overrides`): the description's `Override`, with the
 * `time_zone` of `start` and `end` that this package's type always had (the description
 * leaves it out).
 */
export type ScheduleOverride = Override & {
  /** The time zone of `start` and `end`. */
  time_zone?: string;
};

/**
 * One item of the bare list that `POST /schedules/{id}/overrides` answers: a failed item
 * does not fail the request, it has its own status and errors.
 */
export type BulkOverrideResult = RestApiV2Endpoints['/schedules/{id}/overrides']['POST']['response'][number];

/** The pagination fields of a classic (offset) collection response: the description's `Pagination`. */
export type ClassicPagination = Pagination;

/** A classic collection page: pagination fields plus the list under its wrapper, e.g. `ClassicPage<'users', User>`. */
export type ClassicPage<Wrapper extends string, T> = ClassicPagination & { [key in Wrapper]: T[] };

/** A cursor collection page, e.g. `CursorPage<'records', AuditRecord>`. */
export type CursorPage<Wrapper extends string, T> = CursorPagination & { [key in Wrapper]: T[] };
