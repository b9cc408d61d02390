/**
 * The shapes of the resources the emulator keeps, as the REST API v2 spells their fields.
 * Only the fields the library and its tests look at are modelled.
 *
 * @module
 */
import type { IncidentUnsetFields, ServiceSettings } from './unmodelled-fields.js';
import type { Reference, ResourceBase } from './resource-base.js';

export type { Reference, ResourceBase } from './resource-base.js';
export type { Override, Schedule, ScheduleLayer } from './schedule-resources.js';
export type { ContactMethod, NotificationRule } from './contact-resources.js';

/** A team. */
export interface Team extends ResourceBase {
  /** Always `team`. */
  type: 'team';
  /** The team's name. */
  name: string;
  /** A free-text description. */
  description: string;
}

/** A user of the account. */
export interface User extends ResourceBase {
  /** Always `user`. */
  type: 'user';
  /** Full name. */
  name: string;
  /** Email address; the value of `From` on incident updates with an account-level key. */
  email: string;
  /** IANA time-zone name. */
  time_zone: string;
  /** Account role (`admin`, `user`, ...). */
  role: string;
  /** Job title. */
  job_title: string;
  /** The teams the user belongs to. */
  teams: Reference[];
}

/**
 * An integration of a service. Seeded services have one of type
 * `events_api_v2_inbound_integration`, whose `integration_key` is the routing key.
 */
export interface Integration extends ResourceBase {
  /** The integration type (`events_api_v2_inbound_integration`, `generic_email_inbound_integration`, ...). */
  type: string;
  /** The integration's name. */
  name: string;
  /** The routing key events are sent with; every type but the email one has one. */
  integration_key?: string;
  /** The address of an email integration. */
  integration_email?: string;
  /** The service the integration belongs to. */
  service: Reference;
  /** ISO 8601 creation time, on integrations created through the REST API. */
  created_at?: string;
  /** The vendor it was created for, when one was named. */
  vendor?: Reference;
}

/** A service: where incidents are opened. */
export interface Service extends ResourceBase, ServiceSettings {
  /** Always `service`. */
  type: 'service';
  /** The service's name. */
  name: string;
  /** A free-text description. */
  description: string;
  /** The service state; the emulator keeps every service `active`. */
  status: string;
  /** The escalation policy whose first rule is assigned new incidents. */
  escalation_policy: Reference;
  /** The teams owning the service; its incidents carry them too. */
  teams: Reference[];
  /** References to the service's integrations. */
  integrations: Reference[];
  /** ISO 8601 creation time. */
  created_at: string;
}

/** The target of an escalation rule. */
export interface EscalationTarget extends Reference {
  /** `user_reference` or `schedule_reference`. */
  type: 'user_reference' | 'schedule_reference';
}

/** One level of an escalation policy. */
export interface EscalationRule {
  /** The rule's identifier. */
  id: string;
  /** Minutes before the incident escalates to the next rule. */
  escalation_delay_in_minutes: number;
  /** Who is notified at this level. */
  targets: EscalationTarget[];
}

/**
 * An escalation policy. The services using it are derived when it is served
 * (`services`), not stored.
 */
export interface EscalationPolicy extends ResourceBase {
  /** Always `escalation_policy`. */
  type: 'escalation_policy';
  /** The policy's name. */
  name: string;
  /** A free-text description. */
  description: string;
  /** How many times the rules repeat. */
  num_loops: number;
  /** The levels, in order. */
  escalation_rules: EscalationRule[];
  /** The teams owning the policy. */
  teams: Reference[];
}

/** The incident states. */
export type IncidentStatus = 'triggered' | 'acknowledged' | 'resolved';

/** A user's acknowledgement of an incident. */
export interface Acknowledgement {
  /** ISO 8601 time of the acknowledgement. */
  at: string;
  /** Who acknowledged: a user or, through the Events API, the service. */
  acknowledger: Reference;
}

/** An incident assignment. */
export interface Assignment {
  /** ISO 8601 time of the assignment. */
  at: string;
  /** The assigned user. */
  assignee: Reference;
}

/** An incident. */
export interface Incident extends ResourceBase, IncidentUnsetFields {
  /** Always `incident`. */
  type: 'incident';
  /** The account-wide incident number (1, 2, ...). */
  incident_number: number;
  /** The incident's title. */
  title: string;
  /** A description (the title, unless given). */
  description: string;
  /** ISO 8601 creation time; `since`/`until` filter on it. */
  created_at: string;
  /** ISO 8601 time of the last change. */
  updated_at: string;
  /** The state. */
  status: IncidentStatus;
  /** The deduplication key. */
  incident_key: string;
  /** The service the incident is on. */
  service: Reference;
  /** The users the incident is assigned to (empty once resolved). */
  assignments: Assignment[];
  /** The acknowledgements (empty unless acknowledged). */
  acknowledgements: Acknowledgement[];
  /** ISO 8601 time of the last status change. */
  last_status_change_at: string;
  /** Who made the last status change. */
  last_status_change_by: Reference;
  /** The escalation policy of the service at creation. */
  escalation_policy: Reference;
  /** The teams of the service at creation. */
  teams: Reference[];
  /** `high` or `low`. */
  urgency: 'high' | 'low';
  /** ISO 8601 time of resolution, `null` while open. */
  resolved_at: string | null;
  /** Counts of the incident's alerts by state. */
  alert_counts: AlertCounts;
}

/** An incident's alerts, counted by state. */
export interface AlertCounts {
  /** Every alert. */
  all: number;
  /** Open alerts. */
  triggered: number;
  /** Resolved alerts. */
  resolved: number;
}

/** The kinds of log entry the emulator writes. */
export type LogEntryType =
  | 'trigger_log_entry'
  | 'acknowledge_log_entry'
  | 'resolve_log_entry'
  | 'annotate_log_entry'
  | 'assign_log_entry'
  | 'escalate_log_entry'
  | 'notify_log_entry';

/** How a log entry's action was done. */
export interface LogEntryChannel {
  /** `api`, `note`, ... */
  type: string;
  /** The note's text, on notes. */
  summary?: string;
  /** What was sent, on `notify_log_entry` (`channel.notification` of the description's `Channel`). */
  notification?: LogEntryNotification;
}

/** A notification sent to a user, on a `notify_log_entry`. */
export interface LogEntryNotification {
  /** `email_notification`, `sms_notification`, `phone_notification` or `push_notification`. */
  type: string;
  /** Always `success`: the emulator reaches everyone. */
  status: string;
  /** The contact method's address (`null` for push, as the description says). */
  address: string | null;
  /** ISO 8601 time it was sent. */
  started_at: string;
}

/** One line of an incident's history. */
export interface LogEntry extends ResourceBase {
  /** What happened. */
  type: LogEntryType;
  /** ISO 8601 time. */
  created_at: string;
  /** Who did it: a user or a service. */
  agent: Reference;
  /** How it was done; for a note (`annotate_log_entry`) `summary` is the note's text. */
  channel: LogEntryChannel;
  /** The incident. */
  incident: Reference;
  /** The incident's service. */
  service: Reference;
  /** The incident's teams. */
  teams: Reference[];
  /** Who the incident was assigned to, on `assign_log_entry` and `escalate_log_entry`. */
  assignees?: Reference[];
  /** The user notified, on `notify_log_entry`. */
  user?: Reference;
}

/** An incident priority of the account (`GET /priorities`). */
export interface Priority extends ResourceBase {
  /** Always `priority`. */
  type: 'priority';
  /** The short name (`P1`). */
  name: string;
  /** A description. */
  description: string;
}

/**
 * An alert: what an Events API trigger opened, under its incident. One dedup key has one
 * alert: a repeated trigger with the same key while it is open changes nothing.
 */
export interface Alert extends ResourceBase {
  /** Always `alert`. */
  type: 'alert';
  /** ISO 8601 time of the first trigger. */
  created_at: string;
  /** `triggered`, or `resolved` once its incident is. */
  status: 'triggered' | 'resolved';
  /** The deduplication key. */
  alert_key: string;
  /** The service. */
  service: Reference;
  /** The incident it belongs to. */
  incident: Reference;
  /** Never suppressed: the emulator opens an incident for every alert (maintenance aside). */
  suppressed: boolean;
  /** The event's `payload.severity` (`critical` for an incident opened through REST). */
  severity: 'info' | 'warning' | 'error' | 'critical';
  /** The event's data: `details` is its `payload.custom_details`. */
  body: {
    /** Always `alert_body`. */
    type: 'alert_body';
    /** The event's links and images. */
    contexts: unknown[];
    /** The event's custom details. */
    details: Record<string, unknown>;
  };
}

/** One audit-trail record. */
export interface AuditRecord {
  /** The record's identifier. */
  id: string;
  /** ISO 8601 time the change was made; records are listed newest first. */
  execution_time: string;
  /** The request that made the change. */
  execution_context: AuditExecutionContext;
  /** Who made the change. */
  actors: Reference[];
  /** How the change was made. */
  method: AuditMethod;
  /** The resource changed. */
  root_resource: Reference;
  /** `create`, `update` or `delete`. */
  action: 'create' | 'update' | 'delete';
  /** The changed fields. */
  details: AuditDetails;
}

/** The request behind an audit record. */
export interface AuditExecutionContext {
  /** The request's `x-request-id`. */
  request_id: string;
  /** The caller's address. */
  remote_address: string;
}

/** How an audited change was made. */
export interface AuditMethod {
  /** `api_token`, `oauth`, ... */
  type: string;
  /** The last characters of the token, when one was used. */
  truncated_token?: string;
}

/** One changed field of an audit record. */
export interface AuditField {
  /** The field's name. */
  name: string;
  /** A description of the field (the emulator has none). */
  description: string | null;
  /** The new value: text (JSON text for a structured value), or null. */
  value: string | null;
  /** The old value, null on creates. */
  before_value: string | null;
}

/** What an audit record changed. */
export interface AuditDetails {
  /** The changed resource. */
  resource: Reference;
  /** The changed fields. */
  fields: AuditField[];
}

/** A change event received on `/v2/change/enqueue`. */
export interface ChangeEvent extends ResourceBase {
  /** Always `change_event`. */
  type: 'change_event';
  /** ISO 8601 time of the change (the event's, or receipt time). */
  timestamp: string;
  /** Where the change happened, when given. */
  source: string | null;
  /** Free-form details from the event. */
  custom_details: Record<string, unknown>;
  /** Links from the event. */
  links: unknown[];
  /** The services of the integration the event was sent to. */
  services: Reference[];
  /** The integration the event was sent to. */
  integration: Reference;
}
