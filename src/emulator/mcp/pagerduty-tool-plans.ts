/**
 * Which REST call each of PagerDuty's MCP tools makes, as the server's source does it
 * (PagerDuty/pagerduty-mcp-server 1.1.0, `pagerduty_mcp/tools/*.py`): one line per tool, the method and the
 * path with the tool's arguments as placeholders, and where the source builds its query or body its own
 * way, that rule. Everything else follows {@link defaultQuery} and {@link defaultBody}.
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';

/** Arguments after validation (defaults filled in). */
export type Args = Readonly<Record<string, unknown>>;

/** A tool's REST call. */
export interface ToolPlan {
  /** The method. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path; `{name}` is the argument `name`. */
  path: string;
  /** A list tool: the source pages through with `paginate` (up to `limit`, else `MAX_RESULTS`). */
  list?: boolean;
  /** The query, when the source builds it otherwise than {@link defaultQuery}. */
  query?: (args: Args) => Record<string, unknown>;
  /** The body, when the source builds it otherwise than {@link defaultBody}. */
  body?: (args: Args) => unknown;
  /** A list's records are this field of each REST record (`list_team_members`: each member's `user`). */
  pick?: string;
  /** The text a tool whose result is a `str` answers when the call succeeds. */
  done?: (args: Args) => string;
}

/** The source's renames, argument → REST query parameter (`list_services`: `teams_ids` → `team_ids[]`). */
const QUERY_NAMES: Readonly<Record<string, string>> = {
  teams_ids: 'team_ids',
  status: 'statuses',
  priorities: 'priority_ids',
};

/** Arguments that steer the tool rather than being sent. */
const NOT_SENT = new Set(['limit', 'request_scope', 'enrich', 'kind', 'total']);

/**
 * The query the source builds for most GET tools: every argument that is not a path placeholder, with a
 * `query_model`'s fields in its place; lists as `name[]`, nulls left out.
 */
export function defaultQuery(args: Args, placeholders: ReadonlySet<string>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (placeholders.has(name) || NOT_SENT.has(name)) continue;
    if (name === 'query_model' && isPlainObject(value)) Object.assign(flat, value);
    else flat[name] = value;
  }
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(flat)) {
    if (value === null || value === undefined || NOT_SENT.has(name)) continue;
    const rest = QUERY_NAMES[name] ?? name;
    query[Array.isArray(value) ? `${rest}[]` : rest] = value;
  }
  return query;
}

/** The body the source sends for most writes: the one model argument as it is (`service_data`, `create_model`). */
export function defaultBody(args: Args, placeholders: ReadonlySet<string>): unknown {
  const models = Object.entries(args).filter(([name, value]) => !placeholders.has(name) && isPlainObject(value));
  if (models.length === 1) return models[0][1];
  return Object.fromEntries(Object.entries(args).filter(([name]) => !placeholders.has(name)));
}

const reference = (value: unknown, type: string): unknown => (isPlainObject(value) ? { ...value, type } : value);

/** `manage_incidents`: one `PUT /incidents` for each field given, as the source does. */
function manageBody(args: Args): unknown {
  const request = args.manage_request as Record<string, unknown>;
  const ids = request.incident_ids as string[];
  const change: Record<string, unknown> = {};
  if (request.status) change.status = request.status;
  if (request.urgency) change.urgency = request.urgency;
  if (isPlainObject(request.assignement))
    change.assignments = [{ assignee: { type: 'user_reference', id: request.assignement.id } }];
  if (request.escalation_level) change.escalation_level = request.escalation_level;
  return { incidents: ids.map((id) => ({ type: 'incident_reference', id, ...change })) };
}

function createIncidentBody(args: Args): unknown {
  const incident = { ...(args.incident as Record<string, unknown>) };
  incident.type = 'incident';
  incident.service = reference(incident.service, 'service_reference');
  if (isPlainObject(incident.body)) incident.body = { type: 'incident_body', ...incident.body };
  return { incident: Object.fromEntries(Object.entries(incident).filter(([, value]) => value !== null)) };
}

const v3 = (path: string): string => `/v3/schedules/{schedule_id}${path}`;

/** Every tool's plan, by name. */
export const TOOL_PLANS: Readonly<Record<string, ToolPlan>> = {
  // Alert grouping settings
  list_alert_grouping_settings: { method: 'GET', path: '/alert_grouping_settings', list: true },
  get_alert_grouping_setting: { method: 'GET', path: '/alert_grouping_settings/{setting_id}' },
  create_alert_grouping_setting: { method: 'POST', path: '/alert_grouping_settings' },
  update_alert_grouping_setting: { method: 'PUT', path: '/alert_grouping_settings/{setting_id}' },
  delete_alert_grouping_setting: { method: 'DELETE', path: '/alert_grouping_settings/{setting_id}' },
  // Alerts
  list_alerts_from_incident: { method: 'GET', path: '/incidents/{incident_id}/alerts', list: true },
  get_alert_from_incident: { method: 'GET', path: '/incidents/{incident_id}/alerts/{alert_id}' },
  // Change events
  list_change_events: { method: 'GET', path: '/change_events', list: true },
  get_change_event: { method: 'GET', path: '/change_events/{change_event_id}' },
  list_service_change_events: { method: 'GET', path: '/services/{service_id}/change_events', list: true },
  list_incident_change_events: { method: 'GET', path: '/incidents/{incident_id}/related_change_events', list: true },
  // Incidents
  list_incidents: { method: 'GET', path: '/incidents', list: true },
  get_incident: { method: 'GET', path: '/incidents/{incident_id}' },
  get_outlier_incident: { method: 'GET', path: '/incidents/{incident_id}/outlier_incident' },
  get_past_incidents: { method: 'GET', path: '/incidents/{incident_id}/past_incidents' },
  get_related_incidents: { method: 'GET', path: '/incidents/{incident_id}/related_incidents' },
  list_incident_notes: { method: 'GET', path: '/incidents/{incident_id}/notes' },
  create_incident: { method: 'POST', path: '/incidents', body: createIncidentBody },
  manage_incidents: { method: 'PUT', path: '/incidents', body: manageBody },
  add_responders: { method: 'POST', path: '/incidents/{incident_id}/responder_requests' },
  add_note_to_incident: {
    method: 'POST',
    path: '/incidents/{incident_id}/notes',
    body: (args) => ({ note: { content: args.note } }),
  },
  // Incident workflows
  list_incident_workflows: { method: 'GET', path: '/incident_workflows', list: true },
  get_incident_workflow: { method: 'GET', path: '/incident_workflows/{workflow_id}' },
  start_incident_workflow: { method: 'POST', path: '/incident_workflows/{workflow_id}/instances' },
  // Services
  list_services: { method: 'GET', path: '/services', list: true },
  get_service: { method: 'GET', path: '/services/{service_id}' },
  get_technical_service_dependencies: { method: 'GET', path: '/service_dependencies/technical_services/{service_id}' },
  create_service: { method: 'POST', path: '/services' },
  update_service: { method: 'PUT', path: '/services/{service_id}' },
  // Teams
  list_teams: { method: 'GET', path: '/teams', list: true },
  get_team: { method: 'GET', path: '/teams/{team_id}' },
  list_team_members: { method: 'GET', path: '/teams/{team_id}/members', list: true, pick: 'user' },
  create_team: { method: 'POST', path: '/teams' },
  update_team: { method: 'PUT', path: '/teams/{team_id}' },
  delete_team: {
    method: 'DELETE',
    path: '/teams/{team_id}',
    done: (args) => `Successfully deleted team ${String(args.team_id)}`,
  },
  add_team_member: {
    method: 'PUT',
    path: '/teams/{team_id}/users/{user_id}',
    body: (args) => args.member_data,
    done: () => 'Successfully added user to team',
  },
  remove_team_member: {
    method: 'DELETE',
    path: '/teams/{team_id}/users/{user_id}',
    done: (args) => `Successfully removed user ${String(args.user_id)} from team ${String(args.team_id)}`,
  },
  // Users
  get_user_data: { method: 'GET', path: '/users/me' },
  list_users: { method: 'GET', path: '/users', list: true },
  create_user: { method: 'POST', path: '/users', body: (args) => ({ user: args.request }) },
  // Schedules
  list_schedules: { method: 'GET', path: '/schedules', list: true },
  get_schedule: { method: 'GET', path: '/schedules/{schedule_id}' },
  list_schedule_users: { method: 'GET', path: '/schedules/{schedule_id}/users' },
  create_schedule: { method: 'POST', path: '/v3/schedules' },
  update_schedule: { method: 'PUT', path: '/v3/schedules/{schedule_id}' },
  create_schedule_override: { method: 'POST', path: '/schedules/{schedule_id}/overrides' },
  list_schedule_v3_rotations: { method: 'GET', path: v3('/rotations') },
  get_schedule_v3_rotation: { method: 'GET', path: v3('/rotations/{rotation_id}') },
  list_schedule_v3_rotation_events: { method: 'GET', path: v3('/rotations/{rotation_id}/events') },
  get_schedule_v3_rotation_event: { method: 'GET', path: v3('/rotations/{rotation_id}/events/{event_id}') },
  list_schedule_v3_custom_shifts: { method: 'GET', path: v3('/custom_shifts') },
  get_schedule_v3_custom_shift: { method: 'GET', path: v3('/custom_shifts/{custom_shift_id}') },
  list_schedule_v3_overrides: { method: 'GET', path: v3('/overrides') },
  get_schedule_v3_override: { method: 'GET', path: v3('/overrides/{override_id}') },
  delete_schedule_v3: { method: 'DELETE', path: v3('') },
  create_schedule_v3_rotation: { method: 'POST', path: v3('/rotations') },
  delete_schedule_v3_rotation: { method: 'DELETE', path: v3('/rotations/{rotation_id}') },
  create_schedule_v3_rotation_event: { method: 'POST', path: v3('/rotations/{rotation_id}/events') },
  update_schedule_v3_rotation_event: { method: 'PUT', path: v3('/rotations/{rotation_id}/events/{event_id}') },
  delete_schedule_v3_rotation_event: { method: 'DELETE', path: v3('/rotations/{rotation_id}/events/{event_id}') },
  create_schedule_v3_custom_shifts: { method: 'POST', path: v3('/custom_shifts') },
  update_schedule_v3_custom_shift: { method: 'PUT', path: v3('/custom_shifts/{custom_shift_id}') },
  delete_schedule_v3_custom_shift: { method: 'DELETE', path: v3('/custom_shifts/{custom_shift_id}') },
  create_schedule_v3_overrides: { method: 'POST', path: v3('/overrides') },
  update_schedule_v3_override: { method: 'PUT', path: v3('/overrides/{override_id}') },
  delete_schedule_v3_override: { method: 'DELETE', path: v3('/overrides/{override_id}') },
  // On-calls, log entries, escalation policies
  list_oncalls: { method: 'GET', path: '/oncalls', list: true },
  list_log_entries: { method: 'GET', path: '/log_entries', list: true },
  get_log_entry: { method: 'GET', path: '/log_entries/{log_entry_id}' },
  list_escalation_policies: { method: 'GET', path: '/escalation_policies', list: true },
  get_escalation_policy: { method: 'GET', path: '/escalation_policies/{policy_id}' },
  create_escalation_policy: { method: 'POST', path: '/escalation_policies' },
  update_escalation_policy: { method: 'PUT', path: '/escalation_policies/{policy_id}' },
  // Event orchestrations
  list_event_orchestrations: { method: 'GET', path: '/event_orchestrations', list: true },
  get_event_orchestration: { method: 'GET', path: '/event_orchestrations/{orchestration_id}' },
  get_event_orchestration_router: { method: 'GET', path: '/event_orchestrations/{orchestration_id}/router' },
  get_event_orchestration_service: { method: 'GET', path: '/event_orchestrations/services/{service_id}' },
  get_event_orchestration_global: { method: 'GET', path: '/event_orchestrations/{orchestration_id}/global' },
  update_event_orchestration_router: { method: 'PUT', path: '/event_orchestrations/{orchestration_id}/router' },
  append_event_orchestration_router_rule: { method: 'PUT', path: '/event_orchestrations/{orchestration_id}/router' },
  // Status pages
  list_status_pages: { method: 'GET', path: '/status_pages', list: true },
  list_status_page_severities: { method: 'GET', path: '/status_pages/{status_page_id}/severities', list: true },
  list_status_page_impacts: { method: 'GET', path: '/status_pages/{status_page_id}/impacts', list: true },
  list_status_page_statuses: { method: 'GET', path: '/status_pages/{status_page_id}/statuses', list: true },
  get_status_page_post: { method: 'GET', path: '/status_pages/{status_page_id}/posts/{post_id}' },
  list_status_page_post_updates: {
    method: 'GET',
    path: '/status_pages/{status_page_id}/posts/{post_id}/post_updates',
    list: true,
  },
  create_status_page_post: { method: 'POST', path: '/status_pages/{status_page_id}/posts' },
  create_status_page_post_update: {
    method: 'POST',
    path: '/status_pages/{status_page_id}/posts/{post_id}/post_updates',
  },
  // Analytics
  get_responder_metrics: { method: 'POST', path: '/analytics/metrics/responders/teams' },
  get_incident_metrics_by_service: { method: 'POST', path: '/analytics/metrics/incidents/services' },
  get_incident_metrics_by_team: { method: 'POST', path: '/analytics/metrics/incidents/teams' },
  get_responder_load_metrics: { method: 'POST', path: '/analytics/metrics/responders/all' },
  get_incident_metrics_all: { method: 'POST', path: '/analytics/metrics/incidents/all' },
  // Business services, priorities
  list_business_services: { method: 'GET', path: '/business_services', list: true },
  get_business_service_dependencies: {
    method: 'GET',
    path: '/service_dependencies/business_services/{business_service_id}',
  },
  list_priorities: { method: 'GET', path: '/priorities', list: true },
  // Webhooks and extension schemas
  list_webhook_subscriptions: { method: 'GET', path: '/webhook_subscriptions', list: true },
  get_webhook_subscription: { method: 'GET', path: '/webhook_subscriptions/{subscription_id}' },
  create_webhook_subscription: {
    method: 'POST',
    path: '/webhook_subscriptions',
    body: (args) => ({ webhook_subscription: args.webhook_data }),
  },
  update_webhook_subscription: {
    method: 'PUT',
    path: '/webhook_subscriptions/{subscription_id}',
    body: (args) => ({ webhook_subscription: args.webhook_data }),
  },
  delete_webhook_subscription: { method: 'DELETE', path: '/webhook_subscriptions/{subscription_id}' },
  list_extension_schemas: { method: 'GET', path: '/extension_schemas', list: true },
  get_extension_schema: { method: 'GET', path: '/extension_schemas/{schema_id}' },
};
