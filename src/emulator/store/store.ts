/**
 * The emulator's whole state, in memory: one collection per resource kind, the API keys,
 * the abilities, and the seeded sources of identifiers and time.
 *
 * @module
 */
import { Collection } from './collection.js';
import { GenericRecords } from '../operations/generic-records.js';
import { IdGenerator, type RandomSource } from './random.js';
import { reference, selfUrl } from './references.js';
import type { StoreChange, StoreChangeListener } from './store-changes.js';
import type { WebhookSubscription } from '../webhooks/webhook-subscription-bodies.js';
import type {
  Alert,
  AuditRecord,
  ChangeEvent,
  EscalationPolicy,
  Incident,
  Integration,
  LogEntry,
  Override,
  Priority,
  Reference,
  ResourceBase,
  Schedule,
  Service,
  Team,
  User,
} from './resources.js';
import { OAuthTokens } from './oauth-tokens.js';
import type { MaintenanceWindow } from './maintenance.js';
import type { ContactMethod, NotificationRule } from './contact-resources.js';
import { IncidentTimers } from './incident-timers.js';

/** The web address of the emulator's fictional account (see `ResourceBase.html_url`). */
export const EMULATOR_WEB_URL = 'https://emulator.pagerduty.invalid';

/** An account-level key: it speaks for the whole account, and for no user. */
export interface AccountKeyIdentity {
  /** Always `account`. */
  kind: 'account';
}

/** A user-scoped key: it speaks for one user. */
export interface UserKeyIdentity {
  /** Always `user`. */
  kind: 'user';
  /** The user's id. */
  userId: string;
}

/** Who an API key speaks for: the whole account, or one user. */
export type KeyIdentity = AccountKeyIdentity | UserKeyIdentity;

/** What a store is built from. */
export interface StoreOptions {
  /** The emulator's base URL, used in every `self`. */
  baseUrl: string;
  /** The seeded random source (identifiers, keys). */
  random: RandomSource;
  /** The clock for everything that happens after seeding. */
  now: () => Date;
}

/**
 * The in-memory state. Tests may read and change it directly; the server only reads and
 * changes it through the handlers.
 */
export class EmulatorStore {
  /** The emulator's base URL (`http://127.0.0.1:<port>`). */
  readonly baseUrl: string;
  /** The seeded random source. */
  readonly random: RandomSource;
  /** The clock. */
  readonly now: () => Date;
  /** Hands out fresh identifiers. */
  readonly ids: IdGenerator;
  /** Teams. */
  readonly teams = new Collection<Team>();
  /** Users. */
  readonly users = new Collection<User>();
  /** Services. */
  readonly services = new Collection<Service>();
  /** Integrations (seeded: one Events API v2 integration per service), holding the routing keys. */
  readonly integrations = new Collection<Integration>();
  /** Escalation policies. */
  readonly escalationPolicies = new Collection<EscalationPolicy>();
  /** Schedules. */
  readonly schedules = new Collection<Schedule>();
  /** Overrides, by schedule id. */
  readonly overrides = new Map<string, Override[]>();
  /** Incidents, in creation order. */
  readonly incidents = new Collection<Incident>();
  /** Log entries, in creation order. */
  readonly logEntries = new Collection<LogEntry>();
  /** Audit records, in creation order (listed newest first). */
  readonly auditRecords = new Collection<AuditRecord>();
  /** Change events, in arrival order. */
  readonly changeEvents = new Collection<ChangeEvent>();
  /** Webhook subscriptions (V3), each with its signing secret. */
  readonly webhookSubscriptions = new Collection<WebhookSubscription>();
  /** The records of every resource without a hand-written model (see `operations/`). */
  readonly records = new GenericRecords();
  /** The account's incident priorities, highest first. */
  readonly priorities = new Collection<Priority>();
  /** Alerts, in creation order (one per incident: each dedup key has one). */
  readonly alerts = new Collection<Alert>();
  /** Maintenance windows, in creation order (`sequence_number` order). */
  readonly maintenanceWindows = new Collection<MaintenanceWindow>();
  /** Users' contact methods, by user id. */
  readonly contactMethods = new Map<string, ContactMethod[]>();
  /** Users' notification rules, by user id. */
  readonly notificationRules = new Map<string, NotificationRule[]>();
  /** Escalations and notifications due as the clock moves (see `incident-timers.ts`). @internal */
  readonly timers = new IncidentTimers();
  /** The escalation level each open incident is at (1 when absent). */
  readonly escalationLevels = new Map<string, number>();
  /** Team roles by `<team id> <user id>` (membership itself is the user's `teams`; see `team-membership.ts`). */
  readonly teamRoles = new Map<string, 'observer' | 'responder' | 'manager'>();
  /** The account's abilities (`GET /abilities/{name}` answers 204 for these). */
  readonly abilities = new Set<string>();
  /** REST API keys and whom they speak for. */
  readonly apiKeys = new Map<string, KeyIdentity>();
  /** The identity service's clients and the OAuth tokens it issued (accepted until they expire). */
  readonly oauth: OAuthTokens;
  readonly #usersByEmail = new Map<string, User>();
  readonly #integrationsByKey = new Map<string, Integration>();
  readonly #listeners = new Set<StoreChangeListener>();
  #incidentNumber = 0;

  /** @param options - base URL, random source and clock */
  constructor(options: StoreOptions) {
    this.baseUrl = options.baseUrl;
    this.random = options.random;
    this.now = options.now;
    this.ids = new IdGenerator(options.random);
    this.oauth = new OAuthTokens(options.now);
  }

  /** The full URL of `<collection>/<id>`. */
  self(collection: string, id: string): string {
    return selfUrl(this.baseUrl, collection, id);
  }

  /** `self` and `html_url` of `<collection>/<id>`. */
  urls(collection: string, id: string): Pick<ResourceBase, 'self' | 'html_url'> {
    return { self: this.self(collection, id), html_url: `${EMULATOR_WEB_URL}/${collection}/${id}` };
  }

  /** A reference to a resource. */
  ref(resource: ResourceBase): Reference {
    return reference(resource);
  }

  /** Adds a user and indexes its email (case-insensitively, as the service matches `From`). */
  addUser(user: User): User {
    this.users.add(user);
    this.#usersByEmail.set(user.email.toLowerCase(), user);
    return user;
  }

  /** Removes a user and their email from the index, and forgets the user-scoped keys that spoke for them. */
  removeUser(id: string): User | undefined {
    const user = this.users.remove(id);
    if (!user) return undefined;
    this.#usersByEmail.delete(user.email.toLowerCase());
    for (const [key, identity] of this.apiKeys)
      if (identity.kind === 'user' && identity.userId === id) this.apiKeys.delete(key);
    return user;
  }

  /** Re-indexes a user whose email changed. */
  reindexUser(user: User, previousEmail: string): void {
    this.#usersByEmail.delete(previousEmail.toLowerCase());
    this.#usersByEmail.set(user.email.toLowerCase(), user);
  }

  /** The user with this email (any case), or `undefined`. */
  userByEmail(email: string): User | undefined {
    return this.#usersByEmail.get(email.trim().toLowerCase());
  }

  /** Adds an integration and indexes its routing key, when it has one. */
  addIntegration(integration: Integration): Integration {
    this.integrations.add(integration);
    if (integration.integration_key !== undefined)
      this.#integrationsByKey.set(integration.integration_key, integration);
    return integration;
  }

  /** The integration with this routing key, or `undefined`. */
  integrationByKey(routingKey: string): Integration | undefined {
    return this.#integrationsByKey.get(routingKey);
  }

  /** The last incident number handed out (for snapshots). */
  get incidentCounter(): number {
    return this.#incidentNumber;
  }

  /** Sets the last incident number handed out, and indexes users and integrations again (restoring a snapshot). */
  resumeFrom(incidentCounter: number): void {
    this.#incidentNumber = incidentCounter;
    this.#usersByEmail.clear();
    for (const user of this.users.all()) this.#usersByEmail.set(user.email.toLowerCase(), user);
    this.#integrationsByKey.clear();
    for (const integration of this.integrations.all())
      if (integration.integration_key !== undefined)
        this.#integrationsByKey.set(integration.integration_key, integration);
  }

  /** The next account-wide incident number. */
  nextIncidentNumber(): number {
    this.#incidentNumber += 1;
    return this.#incidentNumber;
  }

  /** Starts announcing changes to `listener`; returns what stops it. */
  onChange(listener: StoreChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Announces a change to every listener (none while seeding: nobody listens yet). */
  announce(change: StoreChange): void {
    for (const listener of this.#listeners) listener(change);
  }

  /** Whom a key or live OAuth token speaks for, or `undefined` for an unknown, expired or revoked one. */
  identify(key: string): KeyIdentity | undefined {
    return this.apiKeys.get(key) ?? this.oauth.identify(key);
  }
}
