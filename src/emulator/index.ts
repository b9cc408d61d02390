/**
 * `pagerduty-client/emulator`: an in-memory emulator of the REST API v2 and Events API v2
 * subset the library uses, on a loopback port, for demos and tests that want real HTTP
 * without an account.
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
export { startEmulator, EMULATOR_HOST } from './start-emulator.js';
export type { Emulator } from './start-emulator.js';
export { runEmulatorCommand, emulatorBanner } from './command.js';
export type { EmulatorCommandArgs, EmulatorCommandIo } from './command.js';
export { DEFAULT_ABILITIES } from './emulator-options.js';
export type { EmulatorOptions, SeedOptions, ResolvedSeedOptions } from './emulator-options.js';
export type { EmulatorKeys, UserKey, RoutingKey } from './seed.js';
export type { FaultSettings, FaultRule, RateLimitFault, ServerErrorFault, FaultCounters } from './faults.js';
export type { RequestRecord } from './request-log.js';
export { RateLimiter, RATE_LIMIT_WINDOW_MS, rateLimitHeaders } from './rate-limiter.js';
export type { RateDecision } from './rate-limiter.js';
export { EmulatorStore, EMULATOR_WEB_URL } from './store.js';
export type { AccountKeyIdentity, KeyIdentity, StoreOptions, UserKeyIdentity } from './store.js';
export { Collection } from './collection.js';
export type { Identified } from './collection.js';
export { IdGenerator } from './random.js';
export type { RandomSource } from './random.js';
export { CLASSIC_PAGINATION_CEILING, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './emulator-pagination.js';
export { ERROR_CODES } from './replies.js';
export { ACCOUNT_KEY_ME_MESSAGE } from './routes/users.js';
export type * from './resources.js';
