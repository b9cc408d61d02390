/**
 * `POST /services` and `POST /services/{id}/integrations`: both answer 201 with what they
 * made, or 400 naming every field that is wrong.
 *
 * @module
 */
import { isPlainObject } from '../../core/plain-object.js';
import {
  supportHoursProblems,
  urgencyRuleProblems,
  type SupportHours,
  type UrgencyRule,
} from '../store/urgency-rule.js';
import { fail, invalidInput, ok, type Reply } from '../server/replies.js';
import type { EscalationPolicy, Reference } from '../store/resources.js';
import type { RestContext, Route } from '../server/router.js';
import {
  createIntegration,
  createService,
  EMAIL_INTEGRATION_TYPE,
  INTEGRATION_TYPES,
} from '../store/service-creation.js';

/** The type a vendor integration sent without one gets. */
const VENDOR_INTEGRATION_TYPE = 'events_api_v2_inbound_integration';
import { found, stringField, unwrapObject } from './bodies.js';

function referencedId(value: unknown): string | undefined {
  return isPlainObject(value) && typeof value.id === 'string' ? value.id : undefined;
}

function teamsOf(context: RestContext, value: unknown, errors: string[]): Reference[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    errors.push('service.teams must be a list of team references');
    return [];
  }
  return value.flatMap((item: unknown, index) => {
    const team = context.store.teams.get(referencedId(item) ?? '');
    if (!team) errors.push(`service.teams[${index}] must reference an existing team`);
    return team ? [context.store.ref(team)] : [];
  });
}

/**
 * `POST /services`: `type`, `name` and an existing `escalation_policy` are required; `status`,
 * when given, must be `active`.
 */
function createServiceRoute(context: RestContext): Reply {
  const { store } = context;
  const fields = unwrapObject(context.body, 'service');
  const errors: string[] = [];
  if (fields.type !== 'service') errors.push('service.type must be service');
  if (typeof fields.name !== 'string' || fields.name.trim() === '')
    errors.push('service.name must be a non-empty string');
  else if (store.services.all().some((service) => service.name === fields.name))
    errors.push(`service.name ${fields.name} has already been taken`);
  const descriptionError = stringField(fields.description, 'service.description');
  if (descriptionError) errors.push(descriptionError);
  if (fields.status !== undefined && fields.status !== 'active')
    errors.push('service.status must be active when creating a service');
  const policy: EscalationPolicy | undefined = store.escalationPolicies.get(
    referencedId(fields.escalation_policy) ?? '',
  );
  if (!policy) errors.push('service.escalation_policy must reference an existing escalation policy');
  const teams = teamsOf(context, fields.teams, errors);
  if (fields.support_hours !== undefined) errors.push(...supportHoursProblems(fields.support_hours));
  if (fields.incident_urgency_rule !== undefined)
    errors.push(...urgencyRuleProblems(fields.incident_urgency_rule, fields.support_hours ?? null));
  if (errors.length > 0 || !policy) fail(invalidInput(...errors));
  // Without teams of its own, a service belongs to its escalation policy's teams.
  const service = createService(store, {
    name: fields.name as string,
    description: fields.description as string | undefined,
    escalationPolicy: policy,
    teams: fields.teams === undefined ? policy.teams : teams,
    at: context.now,
    requestId: context.requestId,
  });
  // The urgency rule and support hours asked for, checked above (see urgency-rule.ts).
  if (fields.incident_urgency_rule !== undefined)
    service.incident_urgency_rule = structuredClone(fields.incident_urgency_rule) as UrgencyRule;
  if (fields.support_hours !== undefined) service.support_hours = structuredClone(fields.support_hours) as SupportHours;
  store.announce({ kind: 'service', type: 'service.created', service, agent: null, at: context.now });
  return ok({ service }, 201);
}

/**
 * `POST /services/{id}/integrations`: a known `type`; an email integration also needs
 * `integration_email`. A `vendor` reference without a `type` is accepted as an Events API v2
 * integration: the description requires `type`, but PagerDuty accepts the body its own
 * Backstage plugin, the Terraform provider and Pulumi send (`{ vendor: { id, type:
 * 'vendor_reference' } }` with no `type`; issue 49, point 9), so the real service is followed.
 */
function createIntegrationRoute(context: RestContext): Reply {
  const { store } = context;
  const service = found(store.services.get(context.params.id), `Service ${context.params.id}`);
  const fields = unwrapObject(context.body, 'integration');
  const errors: string[] = [];
  const vendor = isPlainObject(fields.vendor) && typeof fields.vendor.id === 'string' ? fields.vendor : undefined;
  if (fields.vendor !== undefined && !vendor)
    errors.push('integration.vendor must be { "id": ..., "type": "vendor_reference" }');
  // A reference is checked: a vendor the account's catalogue (`/vendors`) does not have is refused.
  const knownVendor = vendor ? store.records.collection('/vendors').get(vendor.id as string) : undefined;
  if (vendor && !knownVendor) errors.push(`integration.vendor: Vendor ${vendor.id as string} not found`);
  const type = fields.type === undefined && vendor ? VENDOR_INTEGRATION_TYPE : fields.type;
  if (typeof type !== 'string' || !(INTEGRATION_TYPES as readonly string[]).includes(type)) {
    errors.push(`integration.type must be one of ${INTEGRATION_TYPES.join(', ')}`);
  }
  const nameError = stringField(fields.name, 'integration.name');
  if (nameError) errors.push(nameError);
  const email = fields.integration_email;
  if (type === EMAIL_INTEGRATION_TYPE && (typeof email !== 'string' || !email.includes('@'))) {
    errors.push('integration.integration_email must be an email address for an email integration');
  }
  if (errors.length > 0) fail(invalidInput(...errors));
  const integration = createIntegration(store, service, {
    type: type as string,
    name: fields.name as string | undefined,
    integrationEmail: email as string | undefined,
    at: context.now,
  });
  if (vendor)
    integration.vendor = {
      id: vendor.id as string,
      type: 'vendor_reference',
      summary: (knownVendor?.summary as string | undefined) ?? (vendor.id as string),
      self: store.self('vendors', vendor.id as string),
    };
  return ok({ integration }, 201);
}

/** The routes that create services and integrations. */
export const serviceWriteRoutes: readonly Route[] = [
  { method: 'POST', pattern: '/services', handler: createServiceRoute },
  { method: 'POST', pattern: '/services/{id}/integrations', handler: createIntegrationRoute },
];
