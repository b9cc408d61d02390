/**
 * Fixtures: users, services and incidents a test asks for by name, with ids it knows,
 * added after the seeded data (`startEmulator({ fixtures })` or `emulator.addFixtures`).
 * This module holds their shapes and the checks that need nothing but the fixtures
 * themselves; `fixture-loading.ts` checks them against the state and adds them.
 *
 * @module
 */
import { isPlainObject } from '../core/plain-object.js';
import type { IncidentStatus } from './resources.js';

/** A user to add. */
export interface UserFixture {
  /** A known id; a fresh `P......` one when absent. Letters, digits, `_` and `-`. */
  id?: string;
  /** Full name. */
  name: string;
  /** Email address, unique in the account (any case). */
  email: string;
  /** Account role. @default 'user' */
  role?: string;
  /** IANA time-zone name. @default 'UTC' */
  timeZone?: string;
  /** Job title. @default 'Engineer' */
  jobTitle?: string;
  /** The teams the user belongs to (existing team ids). @default [] */
  teamIds?: readonly string[];
  /** The user-scoped API key that speaks for the user; a fresh one when absent. */
  apiKey?: string;
}

/** A service to add, with an Events API v2 integration. */
export interface ServiceFixture {
  /** A known id; a fresh one when absent. */
  id?: string;
  /** The name, unique in the account. */
  name: string;
  /** A description. @default '' */
  description?: string;
  /**
   * An existing escalation policy; when absent, one named `<name> Escalation` is made
   * whose only rule targets {@link responderId}.
   */
  escalationPolicyId?: string;
  /** Who the made policy targets (a seeded user or one of the fixtures). @default the account's first user */
  responderId?: string;
  /** The owning teams (existing team ids). @default [] */
  teamIds?: readonly string[];
  /** The integration's routing key; a fresh 32-hex-digit one when absent. */
  routingKey?: string;
}

/** An incident to add; it is assigned and logged as one created through the REST API. */
export interface IncidentFixture {
  /** A known id; a fresh one when absent. */
  id?: string;
  /** The service (a seeded one or one of the fixtures). */
  serviceId: string;
  /** The title. */
  title: string;
  /** Where it stands; acknowledged and resolved ones get their log entries. @default 'triggered' */
  status?: IncidentStatus;
  /** @default 'high' */
  urgency?: 'high' | 'low';
  /** The deduplication key; a fresh one when absent. No two open incidents of a service share one. */
  incidentKey?: string;
  /** Creation time (ISO 8601 or Date). @default the emulator's clock */
  createdAt?: string | Date;
}

/** What to add: users first, then services, then incidents, so each may name the ones before. */
export interface EmulatorFixtures {
  /** Users. */
  users?: readonly UserFixture[];
  /** Services. */
  services?: readonly ServiceFixture[];
  /** Incidents. */
  incidents?: readonly IncidentFixture[];
}

/** The error for fixtures with problems: one line per problem. */
export function invalidFixtures(problems: readonly string[]): RangeError {
  return new RangeError(`invalid fixtures:\n  ${problems.join('\n  ')}`);
}

/**
 * Checks the fixtures' own shapes (what needs no state).
 *
 * @throws RangeError listing every problem
 */
export function assertFixtureShapes(fixtures: unknown): asserts fixtures is EmulatorFixtures {
  const problems = fixtureShapeProblems(fixtures);
  if (problems.length > 0) throw invalidFixtures(problems);
}

/** The problems of the fixtures' own shapes, as `fixtures.<kind>[i].<field> ...` lines. */
export function fixtureShapeProblems(fixtures: unknown): string[] {
  if (!isPlainObject(fixtures)) return ['fixtures must be an object with users, services and/or incidents'];
  const problems: string[] = [];
  const unknownKinds = Object.keys(fixtures).filter((kind) => !['users', 'services', 'incidents'].includes(kind));
  if (unknownKinds.length > 0)
    problems.push(`fixtures has unknown keys ${unknownKinds.join(', ')} (users, services, incidents)`);
  for (const [kind, fields] of Object.entries(FIELDS)) {
    const list = fixtures[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`fixtures.${kind} must be a list`);
      continue;
    }
    list.forEach((item: unknown, index) => problems.push(...itemProblems(`fixtures.${kind}[${index}]`, item, fields)));
  }
  return problems;
}

type FieldCheck = (value: unknown) => boolean;

const text: FieldCheck = (value) => typeof value === 'string' && value.trim() !== '';
const id: FieldCheck = (value) => typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
const ids: FieldCheck = (value) => Array.isArray(value) && value.every(id);
const date: FieldCheck = (value) =>
  (value instanceof Date || typeof value === 'string') && !Number.isNaN(new Date(value).getTime());
const oneOf =
  (...allowed: string[]): FieldCheck =>
  (value) =>
    typeof value === 'string' && allowed.includes(value);

/** Per kind: each field, whether it is required, its check and what it must be. */
const FIELDS: Record<string, Record<string, [required: boolean, check: FieldCheck, what: string]>> = {
  users: {
    id: [false, id, 'an id of letters, digits, _ and -'],
    name: [true, text, 'a non-empty string'],
    email: [true, (value) => text(value) && (value as string).includes('@'), 'an email address'],
    role: [false, text, 'a non-empty string'],
    timeZone: [false, text, 'a non-empty string'],
    jobTitle: [false, text, 'a non-empty string'],
    teamIds: [false, ids, 'a list of ids'],
    apiKey: [false, text, 'a non-empty string'],
  },
  services: {
    id: [false, id, 'an id of letters, digits, _ and -'],
    name: [true, text, 'a non-empty string'],
    description: [false, (value) => typeof value === 'string', 'a string'],
    escalationPolicyId: [false, id, 'an id'],
    responderId: [false, id, 'an id'],
    teamIds: [false, ids, 'a list of ids'],
    routingKey: [false, text, 'a non-empty string'],
  },
  incidents: {
    id: [false, id, 'an id of letters, digits, _ and -'],
    serviceId: [true, id, 'an id'],
    title: [true, text, 'a non-empty string'],
    status: [false, oneOf('triggered', 'acknowledged', 'resolved'), 'triggered, acknowledged or resolved'],
    urgency: [false, oneOf('high', 'low'), 'high or low'],
    incidentKey: [false, text, 'a non-empty string'],
    createdAt: [false, date, 'a date (ISO 8601 or Date)'],
  },
};

function itemProblems(where: string, item: unknown, fields: (typeof FIELDS)[string]): string[] {
  if (!isPlainObject(item)) return [`${where} must be an object`];
  const problems = Object.keys(item)
    .filter((name) => !(name in fields))
    .map((name) => `${where}.${name} is not a field (${Object.keys(fields).join(', ')})`);
  for (const [name, [required, check, what]] of Object.entries(fields)) {
    const value = item[name];
    if (value === undefined ? required : !check(value)) problems.push(`${where}.${name} must be ${what}`);
  }
  return problems;
}
