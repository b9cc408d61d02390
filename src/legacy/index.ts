/**
 * `pagerduty-client/legacy`: the deprecated session API (`APISession`, `EventsAPISession`,
 * `ChangeEventsAPISession`, the `PDClientError` family) kept for code written against
 * it, running on the same engine as the core clients. New code should use the core
 * clients; the [migration guide](../../MIGRATION.md) maps every name here to its counterpart.
 *
 * @module pagerduty-client/legacy
 */
export { PDSession } from './pd-session.js';
export { APISession } from './api-session.js';
export type { APISessionOptions, SessionItemHook } from './api-session.js';
export { EventsAPISession } from './events-api-session.js';
export { ChangeEventsAPISession } from './change-events-api-session.js';
export type { ChangeEventsAPISessionOptions } from './change-events-api-session.js';
export type { Nullable, SessionSubmitOptions, SessionTriggerOptions } from './event-arguments.js';
export type { PDSessionOptions } from './session-setup.js';
export { PDClientError, PDHTTPError, PDServerError, URLError } from './errors.js';
export { legacyErrorFactory } from './error-factory.js';
export type { ErrorKind } from './error-factory.js';
export type { ClientOperation, FailureReason } from './legacy-failure.js';
export { DEFAULT_COMPAT, legacyPolicyFor } from './compat.js';
export type { CompatRange, LegacyErrorName, LegacyErrorTable, LegacyPolicy } from './compat.js';
export type {
  BodyExcerpt,
  ReleaseWording,
  StatusCategory,
  StatusSort,
  WordingPlaceholder,
  WordingRule,
} from './release-wording.js';
export { PDPYRAS_RELEASES } from './pdpyras-releases.js';
export type { PdpyrasVersion } from './pdpyras-releases.js';
export type { SessionProxies } from './proxies.js';
