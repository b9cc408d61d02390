/**
 * `sort_by` on `GET /incidents`: up to two `field[:asc|desc]` keys, read and applied as
 * the REST API does. A key it does not know is a 400, as on the service.
 *
 * @module
 */
import { listParam } from './query-params.js';
import { fail, invalidInput } from '../server/replies.js';
import type { Incident } from '../store/resources.js';

/** The fields incidents can be sorted on. */
export const INCIDENT_SORT_FIELDS = ['incident_number', 'created_at', 'resolved_at', 'urgency'] as const;

/** A field incidents can be sorted on. */
export type IncidentSortField = (typeof INCIDENT_SORT_FIELDS)[number];

/** One sort key. */
export interface IncidentSortKey {
  /** The field. */
  field: IncidentSortField;
  /** The direction; ascending unless `:desc` was given. */
  direction: 'asc' | 'desc';
}

/** At most this many keys may be given. */
export const MAX_SORT_KEYS = 2;

function isField(value: string): value is IncidentSortField {
  return (INCIDENT_SORT_FIELDS as readonly string[]).includes(value);
}

/**
 * The sort keys of a query (`sort_by`, `sort_by[]`, or comma-separated), in order.
 *
 * @param abilities - the account's abilities: sorting on `urgency` needs `urgencies`
 * @throws ReplyError 400 for an unknown field or direction, more than two keys, or `urgency` without the ability
 *
 * @example
 * ```ts
 * incidentSortKeys(new URLSearchParams('sort_by=urgency,created_at:desc'), new Set(['urgencies']));
 * // [{ field: 'urgency', direction: 'asc' }, { field: 'created_at', direction: 'desc' }]
 * ```
 */
export function incidentSortKeys(query: URLSearchParams, abilities: ReadonlySet<string>): IncidentSortKey[] {
  const raw = listParam(query, 'sort_by')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (raw.length > MAX_SORT_KEYS)
    fail(invalidInput(`sort_by takes at most ${MAX_SORT_KEYS} fields, got ${raw.length}`));
  return raw.map((value) => {
    const [field, direction = 'asc', ...rest] = value.split(':');
    if (!isField(field) || (direction !== 'asc' && direction !== 'desc') || rest.length > 0) {
      fail(
        invalidInput(
          `sort_by ${value} is not one of ${INCIDENT_SORT_FIELDS.join(', ')}, optionally followed by :asc or :desc`,
        ),
      );
    }
    if (field === 'urgency' && !abilities.has('urgencies'))
      fail(invalidInput('sort_by urgency needs the account ability urgencies'));
    return { field, direction };
  });
}

/** Compares two values of a field; `null` (an open incident's `resolved_at`) sorts after every time. */
function compareField(a: Incident, b: Incident, field: IncidentSortField): number {
  if (field === 'incident_number') return a.incident_number - b.incident_number;
  const left = a[field];
  const right = b[field];
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left < right ? -1 : 1;
}

/**
 * The incidents in the order of `keys` (a new array; ties keep creation order). No keys:
 * the same order.
 */
export function sortIncidents(incidents: readonly Incident[], keys: readonly IncidentSortKey[]): readonly Incident[] {
  if (keys.length === 0) return incidents;
  return [...incidents].sort((a, b) => {
    for (const key of keys) {
      const order = compareField(a, b, key.field);
      if (order !== 0) return key.direction === 'asc' ? order : -order;
    }
    return 0;
  });
}
