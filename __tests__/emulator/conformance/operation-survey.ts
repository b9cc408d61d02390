/**
 * Sends every operation of the REST description to an emulator once, as a user would with
 * the emulator's own ids: the creating operations first (their ids fill the later paths),
 * then reads, then writes, then deletes. Bodies and required query values are made from the
 * operation's own schemas; each answer is checked against the description.
 */
import { REST_OPERATIONS } from '../../../src/generated/emulator/rest-operations.js';
import { REST_SCHEMAS } from '../../../src/generated/emulator/rest-schemas.js';
import type { EmulatedOperation, QueryParameter } from '../../../src/emulator/operations/operation-types.js';
import { planOperations, templateShape, type OperationPlan } from '../../../src/emulator/operations/operation-plans.js';
import { resolveSchema, shapeValue, type ShapeContext } from '../../../src/emulator/operations/schema-shapes.js';
import type { Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';
import { DescriptionValidator } from './description-validator.js';

export interface SurveyResult {
  operation: EmulatedOperation;
  status: number;
  body: unknown;
  problems: string[] | undefined;
}

const ORDER: Record<string, number> = { POST: 1, GET: 2, PUT: 3, PATCH: 3, DELETE: 4 };

let counter = 0;
const context: ShapeContext = {
  schemas: REST_SCHEMAS,
  newId: () => `PSURV${(counter += 1)}`,
  now: new Date('2026-01-05T10:00:00Z'),
};

function queryValue(parameter: QueryParameter): string[] {
  const schema = resolveSchema(parameter.schema, REST_SCHEMAS);
  const item = schema.type === 'array' ? resolveSchema(schema.items, REST_SCHEMAS) : schema;
  const value = shapeValue(item, undefined, context);
  return [String(value === null ? 'x' : typeof value === 'object' ? 'x' : value)];
}

/** The seeded ids of the modelled collections, for paths no survey create fills. */
function seededIds(emulator: Emulator): Map<string, string> {
  const state = emulator.state;
  const seeded: [string, string | undefined][] = [
    ['/users', state.users.all()[0]?.id],
    ['/teams', state.teams.all()[0]?.id],
    ['/services', state.services.all()[0]?.id],
    ['/escalation_policies', state.escalationPolicies.all()[0]?.id],
    ['/schedules', state.schedules.all()[0]?.id],
    ['/incidents', state.incidents.all()[0]?.id],
    ['/log_entries', state.logEntries.all()[0]?.id],
    // Team membership names a user that exists (an unknown one is the API's 404).
    ['/teams/{}/users', state.users.all()[0]?.id],
    // `/{entity_type}/{id}/tags`: the entity type is the first of its enum, `users`.
    ['/{}', state.users.all()[0]?.id],
    ['/standards/scores/{}', state.services.all()[0]?.id],
    ['/users/{}/contact_methods', state.contactMethods.get(state.users.all()[0]?.id ?? '')?.[0]?.id],
    ['/users/{}/notification_rules', state.notificationRules.get(state.users.all()[0]?.id ?? '')?.[0]?.id],
  ];
  return new Map(seeded.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

function concretePath(operation: EmulatedOperation, ids: Map<string, string>): string {
  const parts = operation.path.split('/');
  return parts
    .map((part, index) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part;
      const narrowed = operation.pathParameters?.find((parameter) => parameter.name === name);
      if (narrowed) return String(shapeValue(narrowed.schema, undefined, context));
      return ids.get(templateShape(parts.slice(0, index).join('/'))) ?? 'PNOSUCH';
    })
    .join('/');
}

/** The id of what a create answered: in its wrapper, first of its list, or kept by the emulator. */
function idOf(plan: OperationPlan, body: unknown, emulator: Emulator, path: string): string | undefined {
  const answer = (body ?? {}) as Record<string, unknown>;
  const wrapped =
    plan.answerKey !== undefined ? answer[plan.answerKey] : plan.listKey !== undefined ? answer[plan.listKey] : answer;
  const entity = (Array.isArray(wrapped) ? wrapped[0] : wrapped) as Record<string, unknown> | undefined;
  if (typeof entity?.id === 'string') return entity.id;
  // A per-item answer (`[{"status": 201, "override": {...}}]`): the item inside.
  const inner = Object.values(entity ?? {}).find(
    (value): value is { id: string } => typeof (value as { id?: unknown } | null)?.id === 'string',
  );
  if (inner) return inner.id;
  return emulator.state.records.collection(path).all().at(-1)?.id;
}

/**
 * The bodies of the modelled operations, whose checks go beyond the description (a service
 * must name an existing escalation policy, a subscription real event types): what a user
 * would send, with the seeded ids.
 */
function modelledBodies(emulator: Emulator): Record<string, unknown | ((ids: Map<string, string>) => unknown)> {
  const state = emulator.state;
  const service = state.services.all()[0];
  const policy = state.escalationPolicies.all()[0];
  const user = state.users.all()[0];
  const incident =
    state.incidents.all().find((candidate) => candidate.status === 'triggered') ?? state.incidents.all()[0];
  const later = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const layer = {
    start: later(0),
    rotation_virtual_start: later(0),
    rotation_turn_length_seconds: 86_400,
    users: [{ user: { id: user.id, type: 'user_reference' } }],
  };
  const method = state.contactMethods.get(user.id)?.[0];
  return {
    createUserContactMethod: {
      contact_method: { type: 'email_contact_method', label: 'Survey', address: 'survey@example.com' },
    },
    updateUserContactMethod: { contact_method: { label: 'Survey renamed' } },
    // The contact method the survey's own create made (it comes first), of the same user.
    createUserNotificationRule: (ids: Map<string, string>) => ({
      notification_rule: {
        type: 'assignment_notification_rule',
        start_delay_in_minutes: 0,
        urgency: 'high',
        contact_method: {
          id: ids.get('/users/{}/contact_methods') ?? method?.id,
          type: 'email_contact_method_reference',
        },
      },
    }),
    // A vendor of the account's catalogue (`GET /vendors`): an unknown one is refused.
    createServiceIntegration: {
      integration: {
        type: 'events_api_v2_inbound_integration',
        name: 'Survey',
        vendor: { id: 'PRO19CT', type: 'vendor_reference' },
      },
    },
    updateUserNotificationRule: { notification_rule: { start_delay_in_minutes: 5 } },
    createIncident: {
      incident: { type: 'incident', title: 'Survey', service: { id: service.id, type: 'service_reference' } },
    },
    createService: {
      service: {
        type: 'service',
        name: 'Survey',
        escalation_policy: { id: policy.id, type: 'escalation_policy_reference' },
      },
    },
    updateService: { service: { name: 'Survey renamed' } },
    updateEscalationPolicy: {
      escalation_policy: {
        name: 'Survey policy',
        escalation_rules: [{ escalation_delay_in_minutes: 30, targets: [{ id: user.id, type: 'user_reference' }] }],
      },
    },
    createWebhookSubscription: {
      webhook_subscription: {
        type: 'webhook_subscription',
        delivery_method: { type: 'http_delivery_method', url: 'https://example.com/hook' },
        events: ['incident.triggered'],
        filter: { type: 'account_reference' },
      },
    },
    updateWebhookSubscription: { webhook_subscription: { description: 'renamed' } },
    createScheduleOverride: {
      overrides: [{ start: later(1), end: later(2), user: { id: user.id, type: 'user_reference' } }],
    },
    // A made-up body would name users, policies and priorities that do not exist (a 400).
    updateIncident: { incident: { type: 'incident_reference', title: 'Survey', urgency: 'low' } },
    updateIncidents: { incidents: [{ id: incident.id, type: 'incident_reference', status: 'acknowledged' }] },
    createMaintenanceWindow: {
      maintenance_window: {
        type: 'maintenance_window',
        start_time: later(24),
        end_time: later(25),
        services: [{ id: service.id, type: 'service_reference' }],
      },
    },
    updateMaintenanceWindow: { maintenance_window: { description: 'Survey window' } },
    createSchedule: { schedule: { type: 'schedule', name: 'Survey rota', time_zone: 'UTC', schedule_layers: [layer] } },
    updateSchedule: { schedule: { name: 'Survey rota renamed', schedule_layers: [layer] } },
  };
}

/** A contact method and a notification rule of the first user, made as a user would, for the survey's paths. */
async function seedContacts(emulator: Emulator): Promise<void> {
  const user = emulator.state.users.all()[0]!;
  const key = emulator.keys.account;
  const made = await call(emulator, 'POST', `/users/${user.id}/contact_methods`, {
    key,
    json: { contact_method: { type: 'email_contact_method', label: 'Work', address: user.email } },
  });
  const methodId = (made.body as { contact_method: { id: string } }).contact_method.id;
  await call(emulator, 'POST', `/users/${user.id}/notification_rules`, {
    key,
    json: {
      notification_rule: {
        type: 'assignment_notification_rule',
        start_delay_in_minutes: 0,
        urgency: 'high',
        contact_method: { id: methodId, type: 'email_contact_method_reference' },
      },
    },
  });
}

/** Sends every described operation once; returns what each answered. */
export async function surveyOperations(emulator: Emulator): Promise<SurveyResult[]> {
  const validator = new DescriptionValidator();
  await seedContacts(emulator);
  const ids = seededIds(emulator);
  const plans = planOperations(REST_OPERATIONS, REST_SCHEMAS);
  // Creates, reads and writes go parent first; deletes child first (a membership before its team or user).
  const depth = (plan: OperationPlan) =>
    plan.operation.path.split('/').length * (plan.operation.method === 'DELETE' ? -1 : 1);
  // Notification rules go before the contact method they use (deleting it deletes them).
  const last = (plan: OperationPlan) => (plan.operation.id === 'deleteUserNotificationRule' ? -1 : 0);
  const ordered = [...plans].sort(
    (a, b) => ORDER[a.operation.method] - ORDER[b.operation.method] || last(a) - last(b) || depth(a) - depth(b),
  );
  const bodies = modelledBodies(emulator);
  // A change event to read: the REST API reads those the Events API received.
  const routingKey = emulator.keys.routing[0]?.routingKey;
  await fetch(`${emulator.eventsUrl}/v2/change/enqueue`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ routing_key: routingKey, payload: { summary: 'Deployed', source: 'survey' } }),
  });
  const changeEvent = emulator.state.changeEvents.all()[0];
  if (changeEvent) ids.set('/change_events', changeEvent.id);
  const ability = [...emulator.state.abilities][0] ?? 'teams';
  // Standards scores are of services (`technical_services`): the ids asked for are a seeded service's.
  const standards = emulator.state.services.all()[0]?.id;
  const results: SurveyResult[] = [];
  for (const plan of ordered) {
    const { operation } = plan;
    const query = new URLSearchParams();
    for (const parameter of operation.query ?? [])
      if (parameter.required)
        for (const value of parameter.name === 'ids' && standards ? [standards] : queryValue(parameter))
          query.append(parameter.name, value);
    const search = query.size > 0 ? `?${query}` : '';
    const body = bodies[operation.id];
    const json =
      (typeof body === 'function' ? (body as (known: Map<string, string>) => unknown)(ids) : body) ??
      (operation.body && operation.method !== 'GET' ? shapeValue(operation.body, undefined, context) : undefined);
    // An incident's alert is found through the incident the survey created (or the first seeded one).
    const incidentId = ids.get('/incidents') ?? '';
    const alertId = emulator.state.alerts.all().find((alert) => alert.incident.id === incidentId)?.id;
    const path =
      operation.id === 'getAbility'
        ? `/abilities/${ability}`
        : operation.id === 'getIncidentAlert'
          ? `/incidents/${incidentId}/alerts/${alertId}`
          : concretePath(operation, ids);
    const answer = await call(emulator, operation.method, `${path}${search}`, {
      key: emulator.keys.users[0].key,
      ...(json === undefined ? {} : { json }),
    });
    if (operation.method === 'POST' && plan.target === 'collection' && answer.status < 300) {
      const id = idOf(plan, answer.body, emulator, path);
      if (id) ids.set(templateShape(operation.path), id);
    }
    const problems = validator.problems(operation.method, operation.path, answer.status, answer.body);
    results.push({ operation, status: answer.status, body: answer.body, problems });
  }
  return results;
}
