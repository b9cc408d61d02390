/**
 * `pagerduty-client`: typed clients for the PagerDuty APIs.
 *
 * @module pagerduty-client
 */
export { ApiClient, DEFAULT_BASE_URL } from './core/client/api-client.js';
export type {
  ApiClientOptions,
  HeaderMap,
  HttpMethod,
  PassThroughInit,
  RequestOptions,
} from './core/client/api-client.js';
export {
  AUTH_TYPES,
  authForType,
  bearerAuth,
  clientCredentialsAuth,
  headerPassthroughAuth,
  noAuth,
  routingKeyAuth,
  tokenAuth,
} from './core/auth/auth-methods.js';
export type {
  AuthMethod,
  AuthType,
  BearerAuth,
  ClientCredentialsAuth,
  HeaderPassthroughAuth,
  NoAuth,
  RoutingKeyAuth,
  TokenAuth,
} from './core/auth/auth-methods.js';
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
} from './core/errors/error-classes.js';
export type { ErrorFactory, ErrorKind, ErrorSpec } from './core/errors/error-classes.js';
export { decodeApiError } from './core/errors/api-error-body.js';
export type { ApiErrorBody } from './core/errors/api-error-body.js';
export type { ClientOperation, FailureFacts, FailureReason, RefusalFailure, RequestContext, ResponseFacts } from './core/errors/failure-facts.js';
export { silentLogger, stderrLogger } from './core/logging.js';
export type { Logger, LineWriter } from './core/logging.js';
export { encodeQuery, withListBrackets } from './core/request/query.js';
export type { QueryParams, QueryScalar, QueryValue } from './core/request/query.js';
export { cooldownSequence, nextCooldown, parseRetryAfter, retryDecision, retryLimitFor } from './core/retry/retry-rules.js';
export type {
  AttemptOutcome,
  NetworkErrorOutcome,
  ResponseOutcome,
  RetryAction,
  RetryDecision,
  RetryPolicy,
  RetryState,
  StopAction,
} from './core/retry/retry-rules.js';
export { redact, Secret } from './core/auth/secret.js';
export type { AgentOption, FetchLike } from './core/transport/transport.js';
export type { FetchBody, FetchHeaders, FetchRequestInit, FetchResponse } from './core/transport/fetch-types.js';
export { RequestGate } from './core/retry/request-gate.js';
export type { Lane, RequestGateOptions } from './core/retry/request-gate.js';
export type { ProxySetting } from './core/transport/proxy.js';
export { VERSION } from './generated/version.js';
export * from './core/rest/index.js';
export * from './core/events/index.js';
export * from './core/oauth/index.js';
export * from './core/mcp/index.js';
export * from './core/scim/index.js';
export * from './core/integrations/index.js';
export * from './core/types/index.js';
