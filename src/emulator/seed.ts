/**
 * Deterministic seeding: from the seed options alone, the same teams, users, schedules,
 * escalation policies, services, integrations, incidents, log entries, audit records and
 * keys, every time.
 *
 * @module
 */
import { recordAudit } from './audit.js';
import { changeStatus, createIncident } from './incident-lifecycle.js';
import type { ResolvedSeedOptions } from './emulator-options.js';
import { pick, randomHex32, randomString, type RandomSource } from './random.js';
import type { EscalationTarget, ResourceBase, Team, User } from './resources.js';
import type { EmulatorStore } from './store.js';

/** A user and the user-scoped API key that speaks for them. */
export interface UserKey {
  /** The user's id. */
  userId: string;
  /** The user's email (the `From` value for account-level keys). */
  email: string;
  /** The user-scoped key (fake: it only works on this emulator). */
  key: string;
}

/** A service's Events API v2 routing key. */
export interface RoutingKey {
  /** The service's id. */
  serviceId: string;
  /** The service's name. */
  serviceName: string;
  /** The integration's id. */
  integrationId: string;
  /** The routing key (the integration key). */
  routingKey: string;
}

/** Every key the emulator accepts. They are fake: printing them leaks nothing. */
export interface EmulatorKeys {
  /** The account-level REST API key. */
  account: string;
  /** One user-scoped REST API key per user, in user order. */
  users: readonly UserKey[];
  /** One routing key per service, in service order. */
  routing: readonly RoutingKey[];
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Margaret',
  'Dennis',
  'Radia',
  'John',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Perlman',
  'Backus',
];
const TEAMS = ['Platform', 'Payments', 'Mobile', 'Data', 'Security', 'Infrastructure'];
const SERVICES = ['Checkout API', 'Web Frontend', 'Search', 'Billing Worker', 'Notifications', 'Identity'];
const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
const PROBLEMS = [
  'High latency',
  'Error rate above threshold',
  'Disk almost full',
  'Queue backlog growing',
  'Health check failing',
];
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** The name of the n-th (0-based) item of a list, numbered once the list runs out. */
function nth(names: readonly string[], index: number): string {
  const round = Math.floor(index / names.length);
  return round === 0 ? names[index] : `${names[index % names.length]} ${round + 1}`;
}

function created(store: EmulatorStore, resource: ResourceBase, at: Date, fields: Record<string, unknown>): void {
  const entries = Object.entries(fields).map(([name, value]) => ({ name, value }));
  recordAudit(store, { resource, action: 'create', fields: entries, requestId: `seed-${resource.id}`, at });
}

function seedTeams(store: EmulatorStore, count: number, at: Date): Team[] {
  return Array.from({ length: count }, (_, index) => {
    const id = store.ids.next();
    const name = nth(TEAMS, index);
    const team = store.teams.add({
      id,
      type: 'team',
      summary: name,
      ...store.urls('teams', id),
      name,
      description: `The ${name} team`,
    });
    created(store, team, at, { name });
    return team;
  });
}

function seedUsers(store: EmulatorStore, random: RandomSource, count: number, teams: Team[], at: Date): User[] {
  return Array.from({ length: count }, (_, index) => {
    const id = store.ids.next();
    const first = pick(random, FIRST);
    const last = pick(random, LAST);
    const name = `${first} ${last}`;
    const email = `${first}.${last}.${index + 1}@example.com`.toLowerCase();
    const user = store.addUser({
      id,
      type: 'user',
      summary: name,
      ...store.urls('users', id),
      name,
      email,
      time_zone: pick(random, ZONES),
      role: index === 0 ? 'owner' : index % 3 === 0 ? 'user' : 'admin',
      job_title: 'Engineer',
      teams: teams.length > 0 ? [store.ref(teams[index % teams.length])] : [],
    });
    created(store, user, at, { name, email });
    return user;
  });
}

/**
 * Seeds an empty store and returns the keys it accepts.
 *
 * @param store - a new, empty store (its random source is the seeded one)
 * @param options - resolved seed options
 */
export function seedStore(store: EmulatorStore, options: ResolvedSeedOptions): EmulatorKeys {
  const random = store.random;
  const at = options.seedEpoch;
  const teams = seedTeams(store, options.seedTeams, at);
  const users = seedUsers(store, random, options.seedUsers, teams, at);

  const account = randomString(random, KEY_ALPHABET, 20);
  store.apiKeys.set(account, { kind: 'account' });
  const userKeys = users.map((user) => {
    const key = `u+${randomString(random, KEY_ALPHABET, 18)}`;
    store.apiKeys.set(key, { kind: 'user', userId: user.id });
    return { userId: user.id, email: user.email, key };
  });

  const schedules = Array.from({ length: options.seedSchedules }, (_, index) => {
    const id = store.ids.next();
    const name = `${nth(TEAMS, index)} On-call`;
    const rotation = [0, 1, 2]
      .slice(0, Math.min(3, users.length))
      .map((step) => store.ref(users[(index + step) % users.length]));
    const schedule = store.schedules.add({
      id,
      type: 'schedule',
      summary: name,
      ...store.urls('schedules', id),
      name,
      description: `Primary rotation of ${nth(TEAMS, index)}`,
      time_zone: pick(random, ZONES),
      users: rotation,
      teams: teams.length > 0 ? [store.ref(teams[index % teams.length])] : [],
    });
    store.overrides.set(id, []);
    created(store, schedule, at, { name });
    return schedule;
  });

  const routing = Array.from({ length: options.seedServices }, (_, index) => {
    const name = nth(SERVICES, index);
    const serviceTeams = teams.length > 0 ? [store.ref(teams[index % teams.length])] : [];
    const policyId = store.ids.next();
    const policyName = `${name} Escalation`;
    const targets: EscalationTarget[][] = [[{ ...store.ref(users[index % users.length]), type: 'user_reference' }]];
    if (schedules.length > 0) {
      const schedule = schedules[index % schedules.length];
      targets.push([{ ...store.ref(schedule), type: 'schedule_reference' }]);
    }
    const policy = store.escalationPolicies.add({
      id: policyId,
      type: 'escalation_policy',
      summary: policyName,
      ...store.urls('escalation_policies', policyId),
      name: policyName,
      description: `Who is paged for ${name}`,
      num_loops: 0,
      escalation_rules: targets.map((ruleTargets) => ({
        id: store.ids.next(),
        escalation_delay_in_minutes: 30,
        targets: ruleTargets,
      })),
      teams: serviceTeams,
    });
    created(store, policy, at, { name: policyName });

    const serviceId = store.ids.next();
    const integrationId = store.ids.next();
    const service = store.services.add({
      id: serviceId,
      type: 'service',
      summary: name,
      ...store.urls('services', serviceId),
      name,
      description: `The ${name} service`,
      status: 'active',
      escalation_policy: store.ref(policy),
      teams: serviceTeams,
      integrations: [],
      created_at: at.toISOString(),
    });
    const routingKey = randomHex32(random);
    const integration = store.addIntegration({
      id: integrationId,
      type: 'events_api_v2_inbound_integration',
      summary: 'Events API v2',
      ...store.urls(`services/${serviceId}/integrations`, integrationId),
      name: 'Events API v2',
      integration_key: routingKey,
      service: store.ref(service),
    });
    service.integrations.push(store.ref(integration));
    created(store, service, at, { name });
    return { serviceId, serviceName: name, integrationId, routingKey };
  });

  const services = store.services.all();
  for (let index = 0; index < options.seedIncidents; index += 1) {
    const service = services[index % services.length];
    const createdAt = new Date(at.getTime() + index * options.seedIncidentSpacing * 1000);
    const incident = createIncident(store, {
      service,
      title: `${pick(random, PROBLEMS)} on ${service.name}`,
      incidentKey: randomHex32(random),
      at: createdAt,
      agent: store.ref(service),
      channel: 'api',
    });
    const fate = random();
    const responder = incident.assignments[0]?.assignee ?? store.ref(users[0]);
    if (fate < 0.75)
      changeStatus(store, incident, 'acknowledged', responder, new Date(createdAt.getTime() + 5 * 60_000));
    if (fate < 0.5) changeStatus(store, incident, 'resolved', responder, new Date(createdAt.getTime() + 30 * 60_000));
  }

  for (const ability of options.abilities) store.abilities.add(ability);
  return { account, users: userKeys, routing };
}
