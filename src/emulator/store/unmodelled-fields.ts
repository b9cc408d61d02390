/**
 * The fields the API sends that the emulator does not model, as the API gives them on a
 * new resource: present, with the API's defaults (or `null` where the API sends null), so
 * code that reads them meets in tests what it meets in production.
 *
 * @module
 */

import type { Reference } from './resources.js';
import type { SupportHours, UrgencyRule } from './urgency-rule.js';

/** A service's settings the emulator keeps but does not act on. */
export interface ServiceSettings {
  /** Seconds before an incident is resolved on its own (the API's default). */
  auto_resolve_timeout: number | null;
  /** Seconds before an acknowledged incident triggers again (the API's default). */
  acknowledgement_timeout: number | null;
  /** How new incidents get their urgency (see `urgency-rule.ts`: kept and acted on). */
  incident_urgency_rule: UrgencyRule;
  /** The service's support hours, for `use_support_hours` (absent: none, as the description has no null for it). */
  support_hours?: SupportHours;
  /** Actions scheduled on urgency changes: none. */
  scheduled_actions: unknown[];
  /** The service's add-ons: none. */
  addons: unknown[];
  /** Whether events create alerts as well as incidents. */
  alert_creation: 'create_incidents' | 'create_alerts_and_incidents';
}

/** The settings of a new service (a fresh copy each time). */
export function serviceSettings(): ServiceSettings {
  return {
    auto_resolve_timeout: 14400,
    acknowledgement_timeout: 1800,
    incident_urgency_rule: { type: 'constant', urgency: 'high' },
    scheduled_actions: [],
    addons: [],
    alert_creation: 'create_alerts_and_incidents',
  };
}

/** The incident fields that stay `null` until something the emulator does not model sets them. */
export interface IncidentUnsetFields {
  /** The incident's priority (`null` until one is set; see the `priorities` option). */
  priority: Reference | null;
  /** Why it was resolved (a merge): the emulator does not merge. */
  resolve_reason: null;
  /** The conference bridge: none. */
  conference_bridge: null;
}

/** The unset fields of a new incident. */
export function incidentUnsetFields(): IncidentUnsetFields {
  return { priority: null, resolve_reason: null, conference_bridge: null };
}
