import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import type { Integration, Service } from '../../../src/emulator/store/resources.js';
import { call } from '../raw-http.js';

describe('POST /services and /services/{id}/integrations', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ now: () => new Date('2025-03-01T00:00:00Z') });
  });
  afterAll(async () => {
    await emulator.close();
  });
  const post = (path: string, json: unknown) => call(emulator, 'POST', path, { key: emulator.keys.account, json });
  const policy = () => emulator.state.escalationPolicies.all()[0];
  const team = () => emulator.state.teams.all()[1];

  it('creates a service (201) that the list and GET then show, with an audit record', async () => {
    const reply = await post('/services', {
      service: {
        type: 'service',
        name: 'Ledger',
        description: 'Books',
        escalation_policy: { id: policy().id, type: 'escalation_policy_reference' },
        teams: [{ id: team().id, type: 'team_reference' }],
      },
    });
    expect(reply.status).toBe(201);
    const service = (reply.body as { service: Service }).service;
    expect(service).toMatchObject({
      type: 'service',
      name: 'Ledger',
      summary: 'Ledger',
      description: 'Books',
      status: 'active',
      escalation_policy: { id: policy().id, type: 'escalation_policy_reference', html_url: policy().html_url },
      teams: [{ id: team().id }],
      integrations: [],
      created_at: '2025-03-01T00:00:00.000Z',
      self: `${emulator.url}/services/${service.id}`,
      html_url: `https://emulator.pagerduty.invalid/services/${service.id}`,
    });
    expect(emulator.state.services.get(service.id)).toEqual(service);
    expect((await call(emulator, 'GET', `/services/${service.id}`, { key: emulator.keys.account })).body).toEqual({
      service,
    });
    const audited = emulator.state.auditRecords.all().at(-1);
    expect(audited).toMatchObject({ action: 'create', root_resource: { id: service.id, type: 'service_reference' } });
  });

  it('refuses a service without its required fields, naming each, and creates nothing', async () => {
    const before = emulator.state.services.size;
    const reply = await post('/services', { service: { name: '', status: 'disabled', teams: [{ id: 'PNOPE00' }] } });
    expect(reply).toMatchObject({ status: 400, body: { error: { code: 2001 } } });
    expect((reply.body as { error: { errors: string[] } }).error.errors).toEqual([
      'service.type must be service',
      'service.name must be a non-empty string',
      'service.status must be active when creating a service',
      'service.escalation_policy must reference an existing escalation policy',
      'service.teams[0] must reference an existing team',
    ]);
    const taken = await post('/services', {
      service: { type: 'service', name: 'Checkout API', escalation_policy: { id: policy().id } },
    });
    expect((taken.body as { error: { errors: string[] } }).error.errors).toEqual([
      'service.name Checkout API has already been taken',
    ]);
    expect((await post('/services', { name: 'unwrapped' })).status).toBe(400);
    expect(emulator.state.services.size).toBe(before);
  });

  it('accepts a vendor without a type, as PagerDuty does for Backstage, Terraform and Pulumi', async () => {
    const serviceId = emulator.keys.routing[0].serviceId;
    const reply = await post(`/services/${serviceId}/integrations`, {
      integration: { name: 'Backstage', vendor: { id: 'PRO19CT', type: 'vendor_reference' } },
    });
    expect(reply.status).toBe(201);
    expect((reply.body as { integration: Integration }).integration).toMatchObject({
      type: 'events_api_v2_inbound_integration',
      vendor: { id: 'PRO19CT', type: 'vendor_reference' },
    });
    const bad = await post(`/services/${serviceId}/integrations`, { integration: { vendor: 'PRO19CT' } });
    expect(bad.status).toBe(400);
  });

  it('creates an Events API v2 integration whose key then routes events to the service', async () => {
    const serviceId = emulator.keys.routing[1].serviceId;
    const reply = await post(`/services/${serviceId}/integrations`, {
      integration: { type: 'events_api_v2_inbound_integration', name: 'Deploys' },
    });
    expect(reply.status).toBe(201);
    const integration = (reply.body as { integration: Integration }).integration;
    expect(integration).toMatchObject({
      type: 'events_api_v2_inbound_integration',
      name: 'Deploys',
      service: { id: serviceId, type: 'service_reference' },
    });
    expect(integration.integration_key).toMatch(/^[0-9a-f]{32}$/);
    expect(emulator.state.services.get(serviceId)?.integrations.map((ref) => ref.id)).toContain(integration.id);
    const event = await call(emulator, 'POST', '/v2/enqueue', {
      json: {
        routing_key: integration.integration_key,
        event_action: 'trigger',
        payload: { summary: 'Deploy failed', source: 'ci', severity: 'error' },
      },
    });
    expect(event.status).toBe(202);
    expect(emulator.state.incidents.all().at(-1)?.service.id).toBe(serviceId);
    const fetched = await call(emulator, 'GET', `/services/${serviceId}/integrations/${integration.id}`, {
      key: emulator.keys.account,
    });
    expect(fetched.body).toEqual({ integration });
  });

  it('creates an email integration with its address and no key; refuses an unknown type or no address', async () => {
    const serviceId = emulator.keys.routing[2].serviceId;
    const email = await post(`/services/${serviceId}/integrations`, {
      integration: { type: 'generic_email_inbound_integration', integration_email: 'ops@emulator.pagerduty.invalid' },
    });
    expect(email.status).toBe(201);
    const integration = (email.body as { integration: Integration }).integration;
    expect(integration).toMatchObject({ name: 'Generic Email', integration_email: 'ops@emulator.pagerduty.invalid' });
    expect(integration).not.toHaveProperty('integration_key');
    const bad = await post(`/services/${serviceId}/integrations`, { integration: { type: 'carrier_pigeon' } });
    expect((bad.body as { error: { errors: string[] } }).error.errors).toEqual([
      expect.stringMatching(/^integration.type must be one of aws_cloudwatch_inbound_integration, /),
    ]);
    const noAddress = await post(`/services/${serviceId}/integrations`, {
      integration: { type: 'generic_email_inbound_integration' },
    });
    expect((noAddress.body as { error: { errors: string[] } }).error.errors).toEqual([
      'integration.integration_email must be an email address for an email integration',
    ]);
    expect(
      (await post('/services/PNOPE00/integrations', { integration: { type: 'events_api_v2_inbound_integration' } }))
        .status,
    ).toBe(404);
  });
});
