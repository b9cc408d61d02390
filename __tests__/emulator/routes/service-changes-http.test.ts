import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { call } from '../raw-http.js';

describe('creating and deleting services over HTTP', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ seedIncidents: 0, now: () => new Date('2025-01-01T00:00:00Z') });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('creates a service on an escalation policy (201), with the policy’s teams, and audits it', async () => {
    const policy = emulator.state.escalationPolicies.all()[1];
    const reply = await call(emulator, 'POST', '/services', {
      key: emulator.keys.account,
      json: {
        service: {
          type: 'service',
          name: 'Billing',
          escalation_policy: { id: policy.id, type: 'escalation_policy_reference' },
        },
      },
    });
    expect(reply.status).toBe(201);
    const service = (reply.body as { service: { id: string } }).service;
    expect(reply.body).toMatchObject({
      service: {
        type: 'service',
        name: 'Billing',
        summary: 'Billing',
        status: 'active',
        escalation_policy: { id: policy.id },
        teams: policy.teams,
        created_at: '2025-01-01T00:00:00.000Z',
      },
    });
    expect(emulator.state.services.get(service.id)?.name).toBe('Billing');
    expect(emulator.state.auditRecords.all().at(-1)).toMatchObject({
      action: 'create',
      root_resource: { id: service.id },
    });
  });

  it('refuses a missing name, an unknown policy, and a name already taken', async () => {
    const bad = await call(emulator, 'POST', '/services', {
      key: emulator.keys.account,
      json: { service: { type: 'service', escalation_policy: { id: 'PNOPE00' } } },
    });
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { errors: string[] } }).error.errors).toEqual([
      'service.name must be a non-empty string',
      'service.escalation_policy must reference an existing escalation policy',
    ]);
    const policy = emulator.state.escalationPolicies.all()[0];
    const taken = emulator.state.services.all()[0].name;
    const duplicate = await call(emulator, 'POST', '/services', {
      key: emulator.keys.account,
      json: { service: { type: 'service', name: taken, escalation_policy: { id: policy.id } } },
    });
    expect(duplicate.status).toBe(400);
    expect((duplicate.body as { error: { errors: string[] } }).error.errors).toEqual([
      `service.name ${taken} has already been taken`,
    ]);
  });

  it('deletes a service (204, then 404); its routing key stops opening incidents', async () => {
    const [service] = emulator.state.services.all();
    const routingKey = emulator.keys.routing.find((item) => item.serviceId === service.id)!.routingKey;
    expect((await call(emulator, 'DELETE', `/services/${service.id}`, { key: emulator.keys.account })).status).toBe(
      204,
    );
    expect((await call(emulator, 'GET', `/services/${service.id}`, { key: emulator.keys.account })).status).toBe(404);
    expect((await call(emulator, 'DELETE', `/services/${service.id}`, { key: emulator.keys.account })).status).toBe(
      404,
    );
    expect(emulator.state.auditRecords.all().at(-1)).toMatchObject({
      action: 'delete',
      root_resource: { id: service.id },
    });
    const event = await call(emulator, 'POST', '/v2/enqueue', {
      json: {
        routing_key: routingKey,
        event_action: 'trigger',
        payload: { summary: 'x', source: 'y', severity: 'info' },
      },
    });
    expect(event.status).toBe(400);
    expect(emulator.state.incidents.size).toBe(0);
  });
});
