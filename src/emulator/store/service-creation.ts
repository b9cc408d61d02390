/**
 * Making services and integrations: shared by `POST /services`,
 * `POST /services/{id}/integrations` and the fixtures, so each path leaves the same
 * traces (references both ways, an audit record). Input is checked by the callers.
 *
 * @module
 */
import { recordAudit } from './audit.js';
import { randomHex32 } from './random.js';
import type { EscalationPolicy, Integration, Reference, Service } from './resources.js';
import type { EmulatorStore } from './store.js';
import { serviceSettings } from './unmodelled-fields.js';

/** The integration types of the REST API; every one but the email type has an `integration_key`. */
export const INTEGRATION_TYPES = [
  'aws_cloudwatch_inbound_integration',
  'cloudkick_inbound_integration',
  'event_transformer_api_inbound_integration',
  'generic_email_inbound_integration',
  'generic_events_api_inbound_integration',
  'keynote_inbound_integration',
  'nagios_inbound_integration',
  'pingdom_inbound_integration',
  'sql_monitor_inbound_integration',
  'events_api_v2_inbound_integration',
] as const;

/** The one integration type that is reached by email, not by a routing key. */
export const EMAIL_INTEGRATION_TYPE = 'generic_email_inbound_integration';

/** What a new service is made of. */
export interface NewService {
  /** A known id (already reserved); a fresh one when absent. */
  id?: string;
  /** The name. */
  name: string;
  /** A description. @default '' */
  description?: string;
  /** Its escalation policy. */
  escalationPolicy: EscalationPolicy;
  /** The owning teams. @default [] */
  teams?: readonly Reference[];
  /** When. */
  at: Date;
  /** The `x-request-id` the audit record names. */
  requestId: string;
}

/** Adds a service (no integrations yet) and its audit record. */
export function createService(store: EmulatorStore, spec: NewService): Service {
  const id = spec.id ?? store.ids.next();
  const service = store.services.add({
    id,
    type: 'service',
    summary: spec.name,
    ...store.urls('services', id),
    name: spec.name,
    description: spec.description ?? '',
    status: 'active',
    escalation_policy: store.ref(spec.escalationPolicy),
    teams: [...(spec.teams ?? [])],
    integrations: [],
    created_at: spec.at.toISOString(),
    ...serviceSettings(),
  });
  recordAudit(store, {
    resource: service,
    action: 'create',
    fields: [{ name: 'name', value: spec.name }],
    requestId: spec.requestId,
    at: spec.at,
  });
  return service;
}

/** What a new integration is made of. */
export interface NewIntegration {
  /** One of {@link INTEGRATION_TYPES}. */
  type: string;
  /** The name. @default the type's words (`Events API v2` for the Events API v2 type) */
  name?: string;
  /** The routing key; a random one when absent (ignored for the email type). */
  integrationKey?: string;
  /** The address, for the email type. */
  integrationEmail?: string;
  /** When. */
  at: Date;
}

function defaultName(type: string): string {
  if (type === 'events_api_v2_inbound_integration') return 'Events API v2';
  return type
    .replace(/_inbound_integration$/, '')
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Adds an integration to a service (and its reference to the service's `integrations`). */
export function createIntegration(store: EmulatorStore, service: Service, spec: NewIntegration): Integration {
  const id = store.ids.next();
  const name = spec.name ?? defaultName(spec.type);
  const email = spec.type === EMAIL_INTEGRATION_TYPE;
  const integration = store.addIntegration({
    id,
    type: spec.type,
    summary: name,
    ...store.urls(`services/${service.id}/integrations`, id),
    name,
    ...(email
      ? { integration_email: spec.integrationEmail }
      : { integration_key: spec.integrationKey ?? randomHex32(store.random) }),
    service: store.ref(service),
    created_at: spec.at.toISOString(),
    ...serviceSettings(),
  });
  service.integrations.push(store.ref(integration));
  return integration;
}
