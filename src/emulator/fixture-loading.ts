/**
 * Adds fixtures to the state, all or nothing: every fixture is checked against the state
 * and the others (ids, emails, keys and names taken; what they name missing) before any is
 * added, and one error lists every problem.
 *
 * @module
 */
import { recordAudit } from './audit.js';
import {
  assertFixtureShapes,
  invalidFixtures,
  type EmulatorFixtures,
  type IncidentFixture,
  type ServiceFixture,
  type UserFixture,
} from './fixtures.js';
import { changeStatus, createIncident, firstResponder } from './incident-lifecycle.js';
import { randomHex32, randomString } from './random.js';
import type { RoutingKey, UserKey } from './seed.js';
import { createIntegration, createService } from './service-creation.js';
import type { EmulatorStore } from './store.js';

/** What `addFixtures` added: the keys of its users and services, and its incidents' ids. */
export interface AddedFixtures {
  /** One user-scoped key per user fixture, in order. */
  users: UserKey[];
  /** One routing key per service fixture, in order. */
  routing: RoutingKey[];
  /** The incidents' ids, in order. */
  incidents: string[];
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** Finds what is already taken: by the state, or by an earlier fixture of the same batch. */
class Claims {
  readonly #taken = new Map<string, string>();

  /** Claims `value` in `space` for `owner`; the problem when it is taken. */
  claim(space: string, value: string, owner: string, takenInState: boolean): string | undefined {
    const key = `${space}\u0000${value}`;
    const earlier = this.#taken.get(key);
    if (earlier !== undefined) return `${owner} ${value} is also given to ${earlier}`;
    this.#taken.set(key, owner);
    return takenInState ? `${owner} ${value} is already in use in the emulator` : undefined;
  }

  has(space: string, value: string): boolean {
    return this.#taken.has(`${space}\u0000${value}`);
  }
}

function stateProblems(store: EmulatorStore, fixtures: EmulatorFixtures): string[] {
  const claims = new Claims();
  const problems: (string | undefined)[] = [];
  const teamMissing = (where: string, teamIds: readonly string[] | undefined) =>
    (teamIds ?? [])
      .filter((teamId) => !store.teams.get(teamId))
      .map((teamId) => `${where}.teamIds names no team: ${teamId}`);
  const claimId = (where: string, id: string | undefined) =>
    id === undefined ? undefined : claims.claim('id', id, `${where}.id`, store.ids.has(id));

  (fixtures.users ?? []).forEach((user, index) => {
    const where = `fixtures.users[${index}]`;
    problems.push(
      claimId(where, user.id),
      claims.claim('email', user.email.toLowerCase(), `${where}.email`, store.userByEmail(user.email) !== undefined),
    );
    if (user.apiKey !== undefined)
      problems.push(claims.claim('key', user.apiKey, `${where}.apiKey`, store.apiKeys.has(user.apiKey)));
    problems.push(...teamMissing(where, user.teamIds));
  });
  const userExists = (userId: string) =>
    store.users.get(userId) !== undefined || (fixtures.users ?? []).some((user) => user.id === userId);
  (fixtures.services ?? []).forEach((service, index) => {
    const where = `fixtures.services[${index}]`;
    const nameTaken = store.services.all().some((existing) => existing.name === service.name);
    problems.push(claimId(where, service.id), claims.claim('service name', service.name, `${where}.name`, nameTaken));
    if (service.routingKey !== undefined)
      problems.push(
        claims.claim(
          'routing key',
          service.routingKey,
          `${where}.routingKey`,
          store.integrationByKey(service.routingKey) !== undefined,
        ),
      );
    if (service.escalationPolicyId !== undefined && !store.escalationPolicies.get(service.escalationPolicyId)) {
      problems.push(`${where}.escalationPolicyId names no escalation policy: ${service.escalationPolicyId}`);
    }
    if (service.responderId !== undefined && !userExists(service.responderId))
      problems.push(`${where}.responderId names no user: ${service.responderId}`);
    problems.push(...teamMissing(where, service.teamIds));
  });
  const serviceExists = (serviceId: string) =>
    store.services.get(serviceId) !== undefined ||
    (fixtures.services ?? []).some((service) => service.id === serviceId);
  (fixtures.incidents ?? []).forEach((incident, index) => {
    const where = `fixtures.incidents[${index}]`;
    problems.push(claimId(where, incident.id));
    if (!serviceExists(incident.serviceId)) problems.push(`${where}.serviceId names no service: ${incident.serviceId}`);
    if (incident.incidentKey !== undefined && (incident.status ?? 'triggered') !== 'resolved') {
      const openInState = store.incidents
        .all()
        .some(
          (open) =>
            open.service.id === incident.serviceId &&
            open.incident_key === incident.incidentKey &&
            open.status !== 'resolved',
        );
      problems.push(
        claims.claim(`open key of ${incident.serviceId}`, incident.incidentKey, `${where}.incidentKey`, openInState),
      );
    }
  });
  return problems.filter((problem): problem is string => problem !== undefined);
}

function addUser(store: EmulatorStore, fixture: UserFixture, at: Date): UserKey {
  const id = fixture.id ?? store.ids.next();
  if (fixture.id !== undefined) store.ids.reserve(id);
  const user = store.addUser({
    id,
    type: 'user',
    summary: fixture.name,
    ...store.urls('users', id),
    name: fixture.name,
    email: fixture.email,
    time_zone: fixture.timeZone ?? 'UTC',
    role: fixture.role ?? 'user',
    job_title: fixture.jobTitle ?? 'Engineer',
    teams: (fixture.teamIds ?? []).flatMap((teamId) => {
      const team = store.teams.get(teamId);
      return team ? [store.ref(team)] : [];
    }),
  });
  const key = fixture.apiKey ?? `u+${randomString(store.random, KEY_ALPHABET, 18)}`;
  store.apiKeys.set(key, { kind: 'user', userId: id });
  recordAudit(store, {
    resource: user,
    action: 'create',
    fields: [
      { name: 'name', value: user.name },
      { name: 'email', value: user.email },
    ],
    requestId: `fixture-${id}`,
    at,
  });
  return { userId: id, email: user.email, key };
}

function addService(store: EmulatorStore, fixture: ServiceFixture, at: Date): RoutingKey {
  if (fixture.id !== undefined) store.ids.reserve(fixture.id);
  const teams = (fixture.teamIds ?? []).flatMap((teamId) => {
    const team = store.teams.get(teamId);
    return team ? [store.ref(team)] : [];
  });
  let policy =
    fixture.escalationPolicyId === undefined ? undefined : store.escalationPolicies.get(fixture.escalationPolicyId);
  if (!policy) {
    const responder = store.users.get(fixture.responderId ?? '') ?? store.users.all()[0];
    const policyId = store.ids.next();
    const name = `${fixture.name} Escalation`;
    policy = store.escalationPolicies.add({
      id: policyId,
      type: 'escalation_policy',
      summary: name,
      ...store.urls('escalation_policies', policyId),
      name,
      description: `Who is paged for ${fixture.name}`,
      num_loops: 0,
      escalation_rules: [
        {
          id: store.ids.next(),
          escalation_delay_in_minutes: 30,
          targets: [{ ...store.ref(responder), type: 'user_reference' }],
        },
      ],
      teams,
    });
  }
  const service = createService(store, {
    id: fixture.id,
    name: fixture.name,
    description: fixture.description,
    escalationPolicy: policy,
    teams,
    at,
    requestId: `fixture-${fixture.name}`,
  });
  const integration = createIntegration(store, service, {
    type: 'events_api_v2_inbound_integration',
    integrationKey: fixture.routingKey ?? randomHex32(store.random),
    at,
  });
  return {
    serviceId: service.id,
    serviceName: service.name,
    integrationId: integration.id,
    routingKey: integration.integration_key ?? '',
  };
}

function addIncident(store: EmulatorStore, fixture: IncidentFixture, now: Date): string {
  if (fixture.id !== undefined) store.ids.reserve(fixture.id);
  const service = store.services.get(fixture.serviceId);
  if (!service) throw new RangeError(`fixtures: no service ${fixture.serviceId}`); // checked before; kept for the type
  const at = fixture.createdAt === undefined ? now : new Date(fixture.createdAt);
  const responder = firstResponder(store, service) ?? store.users.all()[0];
  const incident = createIncident(store, {
    id: fixture.id,
    service,
    title: fixture.title,
    incidentKey: fixture.incidentKey ?? randomHex32(store.random),
    urgency: fixture.urgency,
    at,
    agent: store.ref(responder),
    channel: 'api',
  });
  const status = fixture.status ?? 'triggered';
  if (status !== 'triggered') changeStatus(store, incident, status, store.ref(responder), at);
  return incident.id;
}

/**
 * Checks the fixtures, then adds them: users, then services (each with an escalation
 * policy unless given one, and an Events API v2 integration), then incidents.
 *
 * @throws RangeError listing every problem (a missing or mistyped field, an id, email, key
 *   or service name already taken, a team, policy, user or service that does not exist),
 *   before anything is added
 *
 * @example
 * ```ts
 * addFixtures(store, { users: [{ id: 'PADA001', name: 'Ada', email: 'ada@example.com' }] });
 * ```
 */
export function addFixtures(store: EmulatorStore, fixtures: EmulatorFixtures): AddedFixtures {
  assertFixtureShapes(fixtures);
  const problems = stateProblems(store, fixtures);
  if (problems.length > 0) throw invalidFixtures(problems);
  const now = store.now();
  return {
    users: (fixtures.users ?? []).map((user) => addUser(store, user, now)),
    routing: (fixtures.services ?? []).map((service) => addService(store, service, now)),
    incidents: (fixtures.incidents ?? []).map((incident) => addIncident(store, incident, now)),
  };
}
