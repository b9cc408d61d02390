/**
 * `include[]` on escalation policies, schedules and log entries, over raw HTTP and through the REST client,
 * with the names each operation's `include[]` parameter lists in PagerDuty's description
 * (`listEscalationPolicies`: services, teams, targets, escalation_rule_assignment_strategies; `listSchedules`:
 * schedule_layers, overrides_subschedule, final_schedule; `listLogEntries`: incidents, services, channels, teams).
 * A name the operation does not list is a 400, as the service refuses a value outside the parameter's enum.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RestApiV2Client } from '../../../src/core/rest/rest-api-v2-client.js';
import { startEmulator, type Emulator } from '../../../src/emulator/index.js';
import { makeClient, realSockets } from '../../helpers/test-kit.js';
import { call } from '../raw-http.js';

beforeAll(realSockets);

let emulator: Emulator;
let client: RestApiV2Client;
let key: string;

beforeAll(async () => {
  emulator = await startEmulator({ seedUsers: 3, seedIncidents: 4, now: () => new Date('2024-03-04T15:00:00Z') });
  key = emulator.keys.account;
  client = makeClient({ baseUrl: emulator.url }, key);
});
afterAll(async () => {
  client.close();
  await emulator.close();
});

type Body = Record<string, unknown>;

describe('include[] on escalation policies', () => {
  it('expands services and rule targets into the resources, and leaves references without it', async () => {
    const plain = (await client.listAll('/escalation_policies'))[0] as Body;
    const services = plain.services as Body[];
    expect(services.length).toBeGreaterThan(0);
    expect(services[0]!.type).toBe('service_reference');
    const rules = plain.escalation_rules as { targets: Body[] }[];
    expect(rules[0]!.targets[0]!.type).toMatch(/_reference$/);

    const raw = await call(emulator, 'GET', '/escalation_policies?include[]=services&include[]=targets', { key });
    expect(raw.status).toBe(200);
    const policy = (raw.body as { escalation_policies: Body[] }).escalation_policies[0]!;
    expect((policy.services as Body[])[0]).toMatchObject({ type: 'service', id: services[0]!.id });
    const target = (policy.escalation_rules as { targets: Body[] }[])[0]!.targets[0]!;
    expect(['user', 'schedule']).toContain(target.type);
    expect(target).toHaveProperty('name');

    const one = await client.rget(`/escalation_policies/${String(plain.id)}`, { params: { include: ['services'] } });
    expect((one.services as unknown as Body[])[0]).toMatchObject({ type: 'service' });
  });

  it('refuses a name listEscalationPolicies does not list', async () => {
    const raw = await call(emulator, 'GET', '/escalation_policies?include[]=users', { key });
    expect(raw.status).toBe(400);
  });
});

describe('include[] on log entries', () => {
  it('expands the incident and the service of each entry, on both log routes', async () => {
    const raw = await call(emulator, 'GET', '/log_entries?include[]=incidents&include[]=services&limit=5', { key });
    expect(raw.status).toBe(200);
    const entry = (raw.body as { log_entries: Body[] }).log_entries[0]!;
    expect(entry.incident).toMatchObject({ type: 'incident' });
    expect(entry.service).toMatchObject({ type: 'service' });

    const incident = (entry.incident as Body).id as string;
    const mine = await client.listAll(`/incidents/${incident}/log_entries`, { include: ['incidents'] });
    expect((mine[0] as unknown as Body).incident).toMatchObject({ type: 'incident', id: incident });
    const plain = await client.listAll(`/incidents/${incident}/log_entries`);
    expect((plain[0] as unknown as Body).incident).toMatchObject({ type: 'incident_reference' });
  });

  it('refuses a name listLogEntries does not list', async () => {
    expect((await call(emulator, 'GET', '/log_entries?include[]=assignees', { key })).status).toBe(400);
  });
});

describe('include[] on schedules', () => {
  it('accepts the names listSchedules lists and refuses another', async () => {
    const ok = await call(emulator, 'GET', '/schedules?include[]=schedule_layers&include[]=final_schedule', { key });
    expect(ok.status).toBe(200);
    expect((ok.body as { schedules: Body[] }).schedules[0]).toHaveProperty('schedule_layers');
    expect((await call(emulator, 'GET', '/schedules?include[]=users', { key })).status).toBe(400);
  });
});
