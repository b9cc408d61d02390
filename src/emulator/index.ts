/**
 * `pagerduty-client/emulator`: an in-memory emulator of the REST API v2 (every operation of
 * its description) and the Events API v2, on a loopback port, for demos and tests that want
 * real HTTP without an account.
 *
 * @example
 * ```ts
 * import { startEmulator } from 'pagerduty-client/emulator';
 *
 * await using emulator = await startEmulator({ seedUsers: 10, faults: { rateLimit: { next: 2 } } });
 * console.log(`emulator on ${emulator.url}, ${emulator.keys.users.length} user keys`);
 * ```
 *
 * @module pagerduty-client/emulator
 */
export { startEmulator } from './start-emulator.js';
export { clientTestOptions } from './client-test-options.js';
export type { ClientTestOptions } from './client-test-options.js';
export type { Emulator, EmulatorSnapshot } from './start-emulator.js';
export type { StoreSnapshot } from './store/store-snapshot.js';
export type { EmulatorOptions, McpAuth, McpToolSet, SeedOptions, ResolvedSeedOptions } from './emulator-options.js';
export type { EmulatorKeys, UserKey, RoutingKey } from './fixtures/seed.js';
export type { EmulatorFixtures, UserFixture, ServiceFixture, IncidentFixture } from './fixtures/fixtures.js';
export type { AddedFixtures } from './fixtures/fixture-loading.js';
export type { FaultSettings, FaultRule, RateLimitFault, ServerErrorFault, FaultCounters } from './faults/faults.js';
export type { RequestRecord } from './server/request-log.js';
export type { EmulatorOAuthClient, IssuedTokens, OAuthTokens, TokenLifetimes } from './store/oauth-tokens.js';
// `Emulator.state` is the store: its type (not the class) is public, with what it holds.
export type { EmulatorStore } from './store/store.js';
export type { GenericRecord, GenericRecords } from './operations/generic-records.js';
export type { AccountKeyIdentity, KeyIdentity, StoreOptions, UserKeyIdentity } from './store/store.js';
export type { Collection } from './store/collection.js';
export type { Identified } from './store/collection.js';
export type { IdGenerator } from './store/random.js';
export type { RandomSource } from './store/random.js';
export type { RateDecision } from './faults/key-rate-limit.js';
export type * from './store/resources.js';
export type {
  ConstantUrgencyRule,
  RuleUrgency,
  SupportHours,
  SupportHoursUrgencyRule,
  UrgencyRule,
} from './store/urgency-rule.js';
export type { MaintenanceWindow } from './store/maintenance.js';
export type { Restriction } from './schedules/restrictions.js';
export type { TeamMember, TeamRole } from './store/team-membership.js';
export type { WebhookOptions } from './webhooks/webhook-options.js';
export type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from './webhooks/webhook-dispatcher.js';
export type {
  WebhookCustomHeader,
  WebhookDeliveryMethod,
  WebhookFilter,
  WebhookFilterType,
  WebhookSubscription,
} from './webhooks/webhook-subscription-bodies.js';
export type {
  IncidentChange,
  IncidentChangeType,
  IncidentNoteChange,
  PingChange,
  ServiceChange,
  ServiceChangeType,
  StoreChange,
  StoreChangeListener,
} from './store/store-changes.js';
