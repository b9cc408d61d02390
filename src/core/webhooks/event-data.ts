/**
 * The `event.data` objects of V3 webhooks, one per `data.type`. V3 payloads are reduced
 * shapes, not the REST API's full objects, so they are typed here rather than reused from
 * the REST types. Fields PagerDuty may leave out or send as `null` are typed so.
 *
 * @module
 */

/** A reference to another object, as webhooks send it (`self`/`html_url` may be missing). */
export interface WebhookReference<Type extends string = string> {
  /** The object's ID. */
  readonly id: string;
  /** Its kind, such as `user_reference`. */
  readonly type: Type;
  /** A short label for it, or `null`. */
  readonly summary?: string | null;
  /** Its REST API URL. */
  readonly self?: string | null;
  /** Its web app URL. */
  readonly html_url?: string | null;
}

/** `data` of the `incident.*` status events: the incident after the change. */
export interface WebhookIncident {
  /** Always `incident`. */
  readonly type: 'incident';
  /** The incident's ID. */
  readonly id: string;
  /** Its REST API URL. */
  readonly self: string;
  /** Its web app URL. */
  readonly html_url: string;
  /** Its number in the account. */
  readonly number: number;
  /** Its status after the change. */
  readonly status: 'triggered' | 'acknowledged' | 'resolved';
  /** Its de-duplication key. */
  readonly incident_key?: string | null;
  /** When it was created (ISO 8601). */
  readonly created_at?: string;
  /** Its title. */
  readonly title: string;
  /** Its incident type, when the account has them. */
  readonly incident_type?: {
    /** The type's name. */
    readonly name: string;
  } | null;
  /** The service it belongs to. */
  readonly service: WebhookReference<'service_reference'>;
  /** The users it is assigned to. */
  readonly assignees: ReadonlyArray<WebhookReference<'user_reference'>>;
  /** Its escalation policy. */
  readonly escalation_policy?: WebhookReference<'escalation_policy_reference'>;
  /** The teams it belongs to. */
  readonly teams?: ReadonlyArray<WebhookReference<'team_reference'>>;
  /** Its priority; `null` when none is set. */
  readonly priority: WebhookReference<'priority_reference'> | null;
  /** Its urgency. */
  readonly urgency: 'high' | 'low';
  /** Its conference bridge, if any. */
  readonly conference_bridge?: {
    /** The number to dial. */
    readonly conference_number?: string | null;
    /** The URL to join. */
    readonly conference_url?: string | null;
  } | null;
  /** Why it was resolved (such as a merge), or `null`. */
  readonly resolve_reason: {
    /** The kind of reason, such as `merge_resolve_reason`. */
    readonly type: string;
    /** The incident it was merged into. */
    readonly incident?: WebhookReference<'incident_reference'>;
  } | null;
  /** When it was last reopened (ISO 8601), or `null` if it never was. */
  readonly reopened_at?: string | null;
}

/** `data` of `incident.annotated`: the note added. */
export interface WebhookIncidentNote {
  /** Always `incident_note`. */
  readonly type: 'incident_note';
  /** The note's ID. */
  readonly id: string;
  /** The incident it was added to. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** The note's text (cut short when `trimmed`). */
  readonly content: string;
  /** Whether `content` was shortened. */
  readonly trimmed: boolean;
}

/** `data` of `incident.status_update_published`. */
export interface WebhookIncidentStatusUpdate {
  /** Always `incident_status_update`. */
  readonly type: 'incident_status_update';
  /** The status update's ID. */
  readonly id: string;
  /** The incident it was published on. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** Its message (cut short when `trimmed`). */
  readonly message: string;
  /** Whether `message` was shortened. */
  readonly trimmed: boolean;
}

/** `data` of `incident.responder.added` and `incident.responder.replied`. */
export interface WebhookIncidentResponder {
  /** Always `incident_responder`. */
  readonly type: 'incident_responder';
  /** The incident the responder was asked to join. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** The user asked. */
  readonly user: WebhookReference<'user_reference'>;
  /** The escalation policy asked, if the request went to one. */
  readonly escalation_policy?: WebhookReference<'escalation_policy_reference'> | null;
  /** The request's message. */
  readonly message?: string | null;
  /** `pending` when added; the reply (`joined`, `declined`) when replied. */
  readonly state: string;
}

/** `data` of `incident.conference_bridge.updated`. */
export interface WebhookIncidentConferenceBridge {
  /** Always `incident_conference_bridge`. */
  readonly type: 'incident_conference_bridge';
  /** The incident. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** The bridge's phone numbers (a list here, unlike the incident's single number). */
  readonly conference_numbers: ReadonlyArray<{
    /** What the number is for (may be empty). */
    readonly label: string;
    /** The number to dial. */
    readonly number: string;
  }>;
  /** The bridge's URL. */
  readonly conference_url: string | null;
}

/** One custom field's value in a `*_field_values` event. */
export interface WebhookFieldValue {
  /** Always `field_value`. */
  readonly type: 'field_value';
  /** The field's ID. */
  readonly id: string;
  /** The field's name. */
  readonly name: string;
  /** Its value type (`string`, `boolean`, ...). */
  readonly data_type: string;
  /** `single_value`, `single_value_fixed`, `multi_value`, `multi_value_fixed`. */
  readonly field_type: string;
  /** The field's namespace, such as `incidents`. */
  readonly namespace?: string;
  /** The value: one, or a list for multi-value fields. */
  readonly value: string | number | boolean | null | ReadonlyArray<string | number | boolean>;
}

/** `data` of `incident.custom_field_values.updated`. */
export interface WebhookIncidentFieldValues {
  /** Always `incident_field_values`. */
  readonly type: 'incident_field_values';
  /** The incident. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** Every custom field value of the incident. */
  readonly custom_fields: readonly WebhookFieldValue[];
  /** The values that changed, with their new values. */
  readonly changed_custom_fields: readonly WebhookFieldValue[];
}

/** `data` of `service.custom_field_values.updated`. */
export interface WebhookServiceFieldValues {
  /** Always `service_field_values`. */
  readonly type: 'service_field_values';
  /** The service. */
  readonly service: WebhookReference<'service_reference'>;
  /** Every custom field value of the service. */
  readonly custom_fields: readonly WebhookFieldValue[];
  /** The values that changed, with their new values. */
  readonly changed_custom_fields: readonly WebhookFieldValue[];
}

/** `data` of `incident.workflow.started` and `incident.workflow.completed`. */
export interface WebhookIncidentWorkflowInstance {
  /** Always `incident_workflow_instance`. */
  readonly type: 'incident_workflow_instance';
  /** The instance's ID. */
  readonly id: string;
  /** The instance's name. */
  readonly summary?: string | null;
  /** The workflow run. */
  readonly incident_workflow: WebhookReference<'incident_workflow_reference'>;
  /** What started it. */
  readonly workflow_trigger?: WebhookReference<'workflow_trigger_reference'> | null;
  /** The incident it runs on. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** The incident's service. */
  readonly service?: WebhookReference<'service_reference'>;
}

/** `data` of `incident.role.assigned`: the assignments (an unassignment arrives here too). */
export interface WebhookIncidentRoleAssignment {
  /** Always `incident_role_assignment`. */
  readonly type: 'incident_role_assignment';
  /** The assignments. */
  readonly incident_role_assignments: ReadonlyArray<{
    /** Always `role_assignment_reference`. */
    readonly type: 'role_assignment_reference';
    /** The assignment's ID. */
    readonly id: string;
    /** The incident. */
    readonly incident: WebhookReference<'incident_reference'>;
    /** The role. */
    readonly role: WebhookReference<'role_reference'>;
    /** Who holds the role now (`null` once unassigned). */
    readonly assignee: WebhookReference<'user_reference'> | null;
    /** Who held it before, or `null`. */
    readonly old_assignee: WebhookReference<'user_reference'> | null;
    /** The assignment's status, such as `active`. */
    readonly status: string;
  }>;
}

/** `data` of `incident.task.created`, `incident.task.updated` and `incident.task.completed`. */
export interface WebhookIncidentTask {
  /** Always `incident_task`. */
  readonly type: 'incident_task';
  /** The task's ID. */
  readonly id: string;
  /** Its name. */
  readonly name: string;
  /** Its label. */
  readonly summary?: string | null;
  /** Its description, or `null`. */
  readonly description?: string | null;
  /** Its status, such as `todo` or `done`. */
  readonly status: string;
  /** The users it is assigned to. */
  readonly assignees?: ReadonlyArray<WebhookReference<'user_reference'>>;
  /** The incident. */
  readonly incident: WebhookReference<'incident_reference'>;
}

/** `data` of `incident.action_invocation.created`, `.updated` and `.terminated`. */
export interface WebhookIncidentActionInvocation {
  /** Always `incident_action_invocation`. */
  readonly type: 'incident_action_invocation';
  /** The invocation's ID. */
  readonly id: string;
  /** Its REST API URL. */
  readonly self?: string | null;
  /** Its report in the web app. */
  readonly html_url?: string | null;
  /** The incident it runs for. */
  readonly incident: WebhookReference<'incident_reference'>;
  /** The automation action invoked. */
  readonly action: WebhookReference<'action_reference'>;
  /** Its state, such as `created`. */
  readonly state: string;
}

/** `data` of `service.created`, `service.updated` and `service.deleted`. */
export interface WebhookService {
  /** Always `service`. */
  readonly type: 'service';
  /** The service's ID. */
  readonly id: string;
  /** Its name. */
  readonly summary?: string | null;
  /** Its REST API URL. */
  readonly self?: string | null;
  /** Its web app URL. */
  readonly html_url?: string | null;
  /** Whether it creates alerts and incidents, or incidents only. */
  readonly alert_creation?: string;
  /** The teams it belongs to. */
  readonly teams?: ReadonlyArray<WebhookReference<'team_reference'>>;
}

/** `data` of `pagey.ping`, the test event `POST /webhook_subscriptions/{id}/ping` sends. */
export interface WebhookPing {
  /** Always `ping`. */
  readonly type: 'ping';
  /** A greeting. */
  readonly message?: string;
}
