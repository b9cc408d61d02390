/**
 * Validation of incident updates (`PUT /incidents` items and `PUT /incidents/{id}`
 * bodies): which fields may change, and to what.
 *
 * @module
 */
import type { TargetStatus } from '../store/incident-lifecycle.js';
import { isPlainObject } from '../../core/plain-object.js';

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
  /** The ids of the users to assign it to. */
  assigneeIds?: string[];
  /** The level (1-based) of its escalation policy to escalate it to. */
  escalationLevel?: number;
  /** The id of the escalation policy to move it to. */
  escalationPolicyId?: string;
  /** The priority: by id, by name (the highest of that name), or `null` to clear it. */
  priority?: { id: string } | { name: string } | null;
}

/** The outcome for one item. */
export type UpdateOutcome = { ok: true; update: IncidentUpdate } | { ok: false; errors: string[] };

/** Most incidents one multi-update may change, as the service documents. */
export const MAX_INCIDENTS_PER_UPDATE = 250;

const TYPES = ['incident', 'incident_reference'];

/** The user ids of `assignments` (`[{ assignee: { id, type: 'user_reference' } }]`), as the description shapes it. */
function assignees(value: unknown, label: string, errors: string[]): string[] | undefined {
  if (value === undefined) return undefined;
  const shape =
    `${label}.assignments must be a non-empty list of ` + '{ "assignee": { "id": ..., "type": "user_reference" } }';
  if (!Array.isArray(value) || value.length === 0) {
    errors.push(shape);
    return undefined;
  }
  const ids = value.map((item: unknown) =>
    isPlainObject(item) &&
    isPlainObject(item.assignee) &&
    typeof item.assignee.id === 'string' &&
    item.assignee.type === 'user_reference'
      ? item.assignee.id
      : undefined,
  );
  if (ids.some((id) => id === undefined)) {
    errors.push(shape);
    return undefined;
  }
  return [...new Set(ids as string[])];
}

/** The priority asked for: "a priority object or a string matching a priority name" (the description), or null. */
function priorityOf(value: unknown, label: string, errors: string[]): IncidentUpdate['priority'] {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string' && value !== '') return { name: value };
  if (isPlainObject(value) && typeof value.id === 'string') return { id: value.id };
  errors.push(`${label}.priority must be a priority reference, a priority name or null`);
  return undefined;
}

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
  const assigneeIds = assignees(fields.assignments, label, errors);
  const level = fields.escalation_level;
  if (level !== undefined && (!Number.isInteger(level) || (level as number) < 1))
    errors.push(`${label}.escalation_level must be a whole number from 1`);
  const policy = fields.escalation_policy;
  const policyId = isPlainObject(policy) && typeof policy.id === 'string' ? policy.id : undefined;
  if (policy !== undefined && policyId === undefined)
    errors.push(`${label}.escalation_policy must be { "id": ..., "type": "escalation_policy_reference" }`);
  const priority = priorityOf(fields.priority, label, errors);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    update: {
      id: id as string,
      ...(status !== undefined ? { status: status as TargetStatus } : {}),
      ...(typeof fields.title === 'string' ? { title: fields.title } : {}),
      ...(fields.urgency !== undefined ? { urgency: fields.urgency as 'high' | 'low' } : {}),
      ...(assigneeIds ? { assigneeIds } : {}),
      ...(level !== undefined ? { escalationLevel: level as number } : {}),
      ...(policyId !== undefined ? { escalationPolicyId: policyId } : {}),
      ...(priority !== undefined ? { priority } : {}),
    },
  };
}
