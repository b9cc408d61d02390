/**
 * The audit trail: one record per change the emulator makes to users, teams, services,
 * escalation policies and schedules.
 *
 * @module
 */
import type { EmulatorStore } from './store.js';
import type { AuditField, AuditRecord, Reference, ResourceBase } from './resources.js';

/** What one audit record says. */
export interface AuditEntry {
  /** The changed resource. */
  resource: ResourceBase;
  /** What was done. */
  action: AuditRecord['action'];
  /** The changed fields (new values, and old ones on updates), as they are: turned into text here. */
  fields: { name: string; value: unknown; before_value?: unknown }[];
  /** Who did it, when known (a user). */
  actor?: Reference;
  /** The key kind used, for `method.type`. @default 'api_token' */
  method?: string;
  /** The request's `x-request-id`. */
  requestId: string;
  /** When. */
  at: Date;
}

/** An audit value as the API gives it: a string, or null (structured values are sent as JSON text). */
export function auditValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function auditField(field: AuditEntry['fields'][number]): AuditField {
  return {
    name: field.name,
    description: null,
    value: auditValue(field.value),
    before_value: auditValue(field.before_value),
  };
}

/** Appends an audit record. */
export function recordAudit(store: EmulatorStore, entry: AuditEntry): AuditRecord {
  const resource = store.ref(entry.resource);
  return store.auditRecords.add({
    id: store.ids.next('PD', 12),
    execution_time: entry.at.toISOString(),
    execution_context: { request_id: entry.requestId, remote_address: '127.0.0.1' },
    actors: entry.actor ? [entry.actor] : [],
    method: { type: entry.method ?? 'api_token' },
    root_resource: resource,
    action: entry.action,
    details: { resource, fields: entry.fields.map(auditField) },
  });
}
