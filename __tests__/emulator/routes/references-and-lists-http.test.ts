/**
 * References, 404s and list parameters over raw HTTP and through the REST client: an unknown
 * owner is a 404 on the generic routes (`/users/{id}/tags`, `/tags/{id}/users`, standards
 * scores of an unknown service; the description answers 404 "Not Found"), an integration on a
 * vendor the account does not have is a 400; `include[]` expands references on services, users
 * and incidents (the names each operation's `include[]` lists), `sort_by` orders services
 * (`name`, `name:asc`, `name:desc`, by default `name`: `sort_by_service`) and generic lists;
 * a service's urgency rule decides new incidents' urgency; rate-limit headers come without a
 * budget too.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';

beforeAll(realSockets);

// A Monday, 10:00 in New York.
const NOW = new Date('2024-03-04T15:00:00Z');
let emulator: Emulator;
let client: RestApiV2Client;
let key: string;

beforeAll(async () => {
  emulator = await startEmulator({ seedUsers: 3, seedIncidents: 4, now: () => NOW });
  key = emulator.keys.account;
  client = makeClient({ baseUrl: emulator.url, defaultFrom: emulator.keys.users[0]!.email }, key);
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

const errors = (body: unknown) => (body as { error: { errors: string[] } }).error.errors;

describe('404 for what belongs to something unknown', () => {
  it('answers 404 for tags, sessions and audit records of an unknown id, 200 for a known one', async () => {
    const user = emulator.state.users.all()[0]!.id;
    expect((await call(emulator, 'GET', '/users/PNOSUCH/tags', { key })).status).toBe(404);
    expect((await call(emulator, 'GET', `/users/${user}/tags`, { key })).status).toBe(200);
    expect((await call(emulator, 'GET', '/tags/PNOSUCH/users', { key })).status).toBe(404);
    expect((await call(emulator, 'GET', '/users/PNOSUCH/sessions', { key })).status).toBe(404);
    const audit = await call(emulator, 'GET', '/services/PNOSUCH/audit/records', { key });
    expect([audit.status, (audit.body as { error: { code: number } }).error.code]).toEqual([404, 2100]);
    const failure = await client.rget('/users/PNOSUCH/contact_methods').catch((error: unknown) => error);
    expect((failure as { status?: number }).status).toBe(404);
  });

  it('answers 404 for the standards scores of an unknown service, one or many', async () => {
    const service = emulator.state.services.all()[0]!.id;
    expect((await call(emulator, 'GET', '/standards/scores/technical_services/PNOSUCH', { key })).status).toBe(404);
    expect((await call(emulator, 'GET', `/standards/scores/technical_services/${service}`, { key })).status).toBe(200);
    const many = await call(emulator, 'GET', `/standards/scores/technical_services?ids[]=${service}&ids[]=PNOSUCH`, {
      key,
    });
    expect(many.status).toBe(404);
    expect(errors(many.body)).toEqual(['Service PNOSUCH not found']);
  });

  it('answers 404 for PUT /extensions/{id} and under an unknown v3 schedule, in the error shape', async () => {
    const put = await call(emulator, 'PUT', '/extensions/PNOSUCH', {
      key,
      json: {
        extension: {
          name: 'x',
          endpoint_url: 'https://x.invalid',
          extension_schema: { id: 'P1', type: 'extension_schema_reference' },
          extension_objects: [],
        },
      },
    });
    expect(put.status).toBe(404);
    const rotations = await call(emulator, 'GET', '/v3/schedules/PNOSUCH/rotations', { key });
    expect(rotations.status).toBe(404);
    expect(rotations.body).toEqual({
      error: { message: 'Not Found', code: 2100, errors: ['v3/schedules PNOSUCH not found'] },
    });
  });
});

describe('references checked on create', () => {
  it('refuses an integration on a vendor the account does not have, and accepts a catalogue one', async () => {
    const service = emulator.state.services.all()[0]!.id;
    const refused = await call(emulator, 'POST', `/services/${service}/integrations`, {
      key,
      json: { integration: { name: 'Mystery', vendor: { id: 'PNOVEND', type: 'vendor_reference' } } },
    });
    expect(refused.status).toBe(400);
    expect(errors(refused.body)).toEqual(['integration.vendor: Vendor PNOVEND not found']);
    const vendors = await client.listAll<{ id: string; name: string }>('/vendors');
    const datadog = vendors.find((vendor) => vendor.name === 'Datadog')!;
    const made = await client.rpost<{ vendor: { id: string; summary: string } }>(`/services/${service}/integrations`, {
      json: {
        type: 'events_api_v2_inbound_integration',
        name: 'Datadog',
        vendor: { id: datadog.id, type: 'vendor_reference' },
      },
    });
    expect(made.vendor).toEqual(expect.objectContaining({ id: datadog.id, summary: 'Datadog' }));
  });

  it('refuses an override for a user that does not exist', async () => {
    const schedule = emulator.state.schedules.all()[0]!.id;
    const reply = await call(emulator, 'POST', `/schedules/${schedule}/overrides`, {
      key,
      json: {
        overrides: [
          {
            start: '2030-01-01T00:00:00Z',
            end: '2030-01-02T00:00:00Z',
            user: { id: 'PNOSUCH', type: 'user_reference' },
          },
        ],
      },
    });
    expect((reply.body as { status: number; errors: string[] }[])[0]).toEqual(
      expect.objectContaining({ status: 400, errors: ['User PNOSUCH not found'] }),
    );
  });
});

describe('include[] and sort_by', () => {
  it('expands a service’s escalation policy, teams and integrations', async () => {
    const [service] = await client.listAll<{
      escalation_policy: { type: string; escalation_rules?: unknown[] };
      integrations: { type: string; integration_key?: string }[];
    }>('/services', { include: ['escalation_policies', 'integrations'] });
    expect(service!.escalation_policy.type).toBe('escalation_policy');
    expect(service!.escalation_policy.escalation_rules).toBeDefined();
    expect(service!.integrations[0]!.integration_key).toEqual(expect.any(String));
    const plain = await call(emulator, 'GET', '/services?limit=1', { key });
    expect(
      (plain.body as { services: { escalation_policy: { type: string } }[] }).services[0]!.escalation_policy.type,
    ).toBe('escalation_policy_reference');
    const wrong = await call(emulator, 'GET', '/services?include[]=nonsense', { key });
    expect(wrong.status).toBe(400);
  });

  it('sorts services by name when asked, ascending unless told, and keeps creation order otherwise', async () => {
    const names = emulator.state.services.all().map((service) => service.name);
    expect((await client.listAll<{ name: string }>('/services')).map((service) => service.name)).toEqual(names);
    const ascending = (await client.listAll<{ name: string }>('/services', { sort_by: 'name' })).map(
      (service) => service.name,
    );
    expect(ascending).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const reply = await call(emulator, 'GET', '/services?sort_by=name:desc', { key });
    expect((reply.body as { services: { name: string }[] }).services.map((service) => service.name)).toEqual(
      [...ascending].reverse(),
    );
    expect((await call(emulator, 'GET', '/services?sort_by=colour', { key })).status).toBe(400);
  });

  it('gives users their contact methods and notification rules, as references or included', async () => {
    const user = emulator.state.users.all()[1]!;
    const method = await client.rpost<{ id: string }>(`/users/${user.id}/contact_methods`, {
      json: { type: 'email_contact_method', label: 'Work', address: user.email },
    });
    const plain = await client.rget<{ contact_methods: { id: string; type: string }[] }>(`/users/${user.id}`);
    expect(plain.contact_methods).toEqual([
      expect.objectContaining({ id: method.id, type: 'email_contact_method_reference' }),
    ]);
    const full = await call(emulator, 'GET', `/users?include[]=contact_methods&include[]=teams`, { key });
    const listed = (full.body as { users: { id: string; contact_methods: { address?: string }[] }[] }).users.find(
      (candidate) => candidate.id === user.id,
    );
    expect(listed!.contact_methods[0]!.address).toBe(user.email);
  });

  it('expands an incident’s assignees, services, policy and first trigger log entry', async () => {
    const [incident] = await client.listAll<{
      assignments: { assignee: { type: string; email?: string } }[];
      service: { type: string };
      escalation_policy: { type: string };
      first_trigger_log_entry?: { type: string };
    }>('/incidents', {
      include: [
        'assignees',
        'services',
        'escalation_policies',
        'first_trigger_log_entries',
        'teams',
        'priorities',
        'acknowledgers',
      ],
      statuses: ['triggered', 'acknowledged', 'resolved'],
    });
    expect(incident!.service.type).toBe('service');
    expect(incident!.escalation_policy.type).toBe('escalation_policy');
    expect(incident!.first_trigger_log_entry?.type).toBe('trigger_log_entry');
    for (const assignment of incident!.assignments) expect(assignment.assignee.type).toBe('user');
    const one = await call(emulator, 'GET', `/incidents/${emulator.state.incidents.all()[0]!.id}?include[]=services`, {
      key,
    });
    expect((one.body as { incident: { service: { type: string } } }).incident.service.type).toBe('service');
  });

  it('sorts a generic list by its declared sort_by', async () => {
    for (const name of ['Beta', 'Alpha', 'Gamma'])
      expect(
        (await call(emulator, 'POST', '/event_orchestrations', { key, json: { orchestration: { name } } })).status,
      ).toBeLessThan(300);
    const names = async (sort: string) =>
      (
        (await call(emulator, 'GET', `/event_orchestrations?sort_by=${sort}`, { key })).body as {
          orchestrations: { name: string }[];
        }
      ).orchestrations.map((orchestration) => orchestration.name);
    expect(await names('name:asc')).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(await names('name:desc')).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await call(emulator, 'GET', '/event_orchestrations?sort_by=colour:asc', { key })).status).toBe(400);
  });
});

describe('a service’s urgency rule', () => {
  it('decides the urgency of new incidents: constant, and by support hours', async () => {
    const service = emulator.state.services.all()[2]!;
    const routingKey = emulator.keys.routing.find((routing) => routing.serviceId === service.id)!.routingKey;
    const trigger = async (dedup: string) => {
      await fetch(`${emulator.eventsUrl}/v2/enqueue`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          routing_key: routingKey,
          event_action: 'trigger',
          dedup_key: dedup,
          payload: { summary: dedup, source: 'test', severity: 'critical' },
        }),
      });
      return emulator.state.incidents.all().find((incident) => incident.incident_key === dedup)!.urgency;
    };
    const constant = await call(emulator, 'PUT', `/services/${service.id}`, {
      key,
      json: { service: { incident_urgency_rule: { type: 'constant', urgency: 'low' } } },
    });
    expect(constant.status).toBe(200);
    expect(await trigger('constant-low')).toBe('low');
    const hours = {
      type: 'fixed_time_per_day',
      time_zone: 'America/New_York',
      days_of_week: [1, 2, 3, 4, 5],
      start_time: '09:00:00',
      end_time: '17:00:00',
    };
    const rule = {
      type: 'use_support_hours',
      during_support_hours: { type: 'constant', urgency: 'high' },
      outside_support_hours: { type: 'constant', urgency: 'low' },
    };
    const missing = await call(emulator, 'PUT', `/services/${service.id}`, {
      key,
      json: { service: { incident_urgency_rule: rule } },
    });
    expect(errors(missing.body)).toEqual(['service.support_hours must be set to use support hours']);
    const put = await call(emulator, 'PUT', `/services/${service.id}`, {
      key,
      json: { service: { incident_urgency_rule: rule, support_hours: hours } },
    });
    expect((put.body as { service: { incident_urgency_rule: unknown } }).service.incident_urgency_rule).toEqual(rule);
    expect(await trigger('inside-hours')).toBe('high'); // Monday 10:00 in New York
    emulator.advanceClock(8 * 3600); // 18:00
    expect(await trigger('outside-hours')).toBe('low');
  });
});

describe('rate-limit headers', () => {
  it('come without a budget set, and nothing is refused', async () => {
    const reply = await call(emulator, 'GET', '/users?limit=1', { key });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('ratelimit-limit')).toBe('960');
    expect(Number(reply.headers.get('ratelimit-remaining'))).toBeGreaterThan(0);
    expect(Number(reply.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  });
});
