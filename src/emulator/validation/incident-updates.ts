/**
 * Validation of incident updates (`PUT /incidents` items and `PUT /incidents/{id}`
 * bodies): which fields may change, and to what.
 *
 * @module
 */
import type { TargetStatus } from '../store/incident-lifecycle.js';

/** A valid update of one incident. */
export interface IncidentUpdate {
  /** The incident. */
  id: string;
  /** The new state, when one is asked for. */
  status?: TargetStatus;
  /** The new title. */
  title?: string;
  /** The new urgency. */
  urgency?: 'high' | 'low';
}

/** The outcome for one item. */
export type UpdateOutcome = { ok: true; update: IncidentUpdate } | { ok: false; errors: string[] };

/** Most incidents one multi-update may change, as the service documents. */
export const MAX_INCIDENTS_PER_UPDATE = 250;

const TYPES = ['incident', 'incident_reference'];

/**
 * Checks one update.
 *
 * @param item - the item as sent
 * @param label - how errors name the item (`incidents[2]`, `incident`)
 * @param pathId - the id from the URL, for `PUT /incidents/{id}`; then `id` may be left out
 *
 * @example
 * ```ts
 * parseIncidentUpdate({ id: 'P1', type: 'incident_reference', status: 'acknowledged' }, 'incidents[0]');
 * // { ok: true, update: { id: 'P1', status: 'acknowledged' } }
 * ```
 */
export function parseIncidentUpdate(item: unknown, label: string, pathId?: string): UpdateOutcome {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return { ok: false, errors: [`${label} must be an object`] };
  const fields = item as Record<string, unknown>;
  const errors: string[] = [];
  const id = pathId ?? fields.id;
  if (typeof id !== 'string' || id === '') errors.push(`${label}.id is required`);
  if (typeof fields.type !== 'string' || !TYPES.includes(fields.type))
    errors.push(`${label}.type must be incident_reference or incident`);
  const status = fields.status;
  if (status !== undefined && status !== 'acknowledged' && status !== 'resolved') {
    errors.push(`${label}.status must be acknowledged or resolved`);
  }
  if (fields.title !== undefined && (typeof fields.title !== 'string' || fields.title.trim() === '')) {
    errors.push(`${label}.title must be a non-empty string`);
  }
  if (fields.urgency !== undefined && fields.urgency !== 'high' && fields.urgency !== 'low')
    errors.push(`${label}.urgency must be high or low`);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    update: {
      id: id as string,
      ...(status !== undefined ? { status: status as TargetStatus } : {}),
      ...(typeof fields.title === 'string' ? { title: fields.title } : {}),
      ...(fields.urgency !== undefined ? { urgency: fields.urgency as 'high' | 'low' } : {}),
    },
  };
}
