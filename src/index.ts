/**
 * `pagerduty-client`: typed clients for the PagerDuty APIs.
 *
 * @module pagerduty-client
 */
export { ApiClient, DEFAULT_BASE_URL } from './core/api-client.js';
export type {
  ApiClientOptions,
  HeaderMap,
  HttpMethod,
  PassThroughInit,
  RequestOptions,
} from './core/api-client.js';
export {
  AUTH_TYPES,
  authForType,
  bearerAuth,
  clientCredentialsAuth,
  headerPassthroughAuth,
  noAuth,
  routingKeyAuth,
  tokenAuth,
} from './core/auth.js';
export type {
  AuthMethod,
  AuthType,
  BearerAuth,
  ClientCredentialsAuth,
  HeaderPassthroughAuth,
  NoAuth,
  RoutingKeyAuth,
  TokenAuth,
} from './core/auth.js';
export {
  coreErrorFactory,
  HttpError,
  HttpServerError,
  NetworkError,
  PagerDutyError,
  RequestAbortedError,
  UrlError,
  errorKindForStatus,
  httpErrorMessage,
} from './core/errors.js';
export type { ErrorFactory, ErrorKind, ErrorSpec } from './core/errors.js';
export { decodeApiError } from './core/api-error-body.js';
export type { ApiErrorBody } from './core/api-error-body.js';
export type { ClientOperation, FailureFacts, FailureReason, RefusalFailure, RequestContext, ResponseFacts } from './core/failure-facts.js';
export { silentLogger, stderrLogger } from './core/logging.js';
export type { Logger, LineWriter } from './core/logging.js';
export { encodeQuery, withListBrackets } from './core/query.js';
export type { QueryParams, QueryScalar, QueryValue } from './core/query.js';
export { cooldownSequence, nextCooldown, parseRetryAfter, retryDecision, retryLimitFor } from './core/retry.js';
export type {
  AttemptOutcome,
  NetworkErrorOutcome,
  ResponseOutcome,
  RetryAction,
  RetryDecision,
  RetryPolicy,
  RetryState,
  StopAction,
} from './core/retry.js';
export { redact, Secret } from './core/secret.js';
export type { AgentOption, FetchLike } from './core/transport.js';
export type { FetchBody, FetchHeaders, FetchRequestInit, FetchResponse } from './core/fetch-types.js';
export { RequestGate } from './core/request-gate.js';
export type { Lane, RequestGateOptions } from './core/request-gate.js';
export type { ProxySetting } from './core/proxy.js';
export { VERSION } from './core/version.js';
export * from './core/rest/index.js';
export * from './core/events/index.js';
export * from './core/oauth/index.js';
export * from './core/mcp/index.js';
export * from './core/scim/index.js';
export * from './core/integrations/index.js';
export * from './core/types/index.js';
