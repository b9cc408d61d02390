/**
 * `pagerduty-client`: typed clients for the PagerDuty APIs, their options, the errors they
 * throw and the auth methods they take. The schema types of the API descriptions are in
 * `pagerduty-client/types` (the common ones, such as `User` and `Incident`, are here too);
 * the tables the clients run on (canonical paths, wrappers, pagination) are in
 * `pagerduty-client/tables`.
 *
 * @module pagerduty-client
 */

// Clients
export { ApiClient } from './core/client/api-client.js';
export { RestApiV2BaseClient } from './core/rest/rest-api-v2-base-client.js';
export { REST_API_V2_ACCEPT, RestApiV2Client } from './core/rest/rest-api-v2-client.js';
export { EventsApiV2Client } from './core/events/events-api-v2-client.js';
export { OAuthTokenClient } from './core/oauth/oauth-token-client.js';
export { McpApiClient } from './core/mcp/mcp-api-client.js';
export { McpOAuth, McpAuthorizationError } from './core/mcp/auth/mcp-oauth.js';
export type {
  McpCrossAppAccess,
  McpOAuthClient,
  McpOAuthOptions,
  McpOAuthPrivateKey,
  McpOAuthTokens,
} from './core/mcp/auth/mcp-oauth.js';
export type {
  McpElicitationRequest,
  McpElicitationResult,
  McpElicitationSchema,
  McpRoot,
} from './core/mcp/client-features.js';
export { ScimApiClient } from './core/scim/scim-api-client.js';
export { IntegrationApiClient } from './core/integrations/integration-api-client.js';
export { JiraCloudIntegrationApiClient } from './core/integrations/integration-clients.js';
export { JiraServerIntegrationApiClient } from './core/integrations/integration-clients.js';
export { MsTeamsIntegrationApiClient } from './core/integrations/integration-clients.js';
export { SlackIntegrationApiClient } from './core/integrations/integration-clients.js';
export { SlackIntegrationConnectionsApiClient } from './core/integrations/integration-clients.js';

// Errors
export {
  AmbiguousMatchError,
  HttpError,
  HttpServerError,
  NetworkError,
  PagerDutyError,
  RequestAbortedError,
  ResponseTooLargeError,
  PaginationCycleError,
  UrlError,
} from './core/errors/error-classes.js';
export { McpError, McpRequestCancelledError, McpSessionExpiredError } from './core/mcp/mcp-error.js';
export { McpToolRefusedError } from './core/mcp/tool-policy.js';

// Auth methods
export {
  authForType,
  bearerAuth,
  clientCredentialsAuth,
  headerPassthroughAuth,
  noAuth,
  routingKeyAuth,
  tokenAuth,
} from './core/auth/auth-methods.js';

// Managed OAuth tokens: providers that renew themselves, and the stores that share them
export { clientCredentialsTokenProvider } from './core/oauth/client-credentials-token-provider.js';
export { refreshTokenProvider } from './core/oauth/refresh-token-provider.js';
export { InMemoryTokenStore } from './core/oauth/token-store.js';
export { FileTokenStore } from './core/oauth/file-token-store.js';
export { UntrustedFileError } from './core/files/untrusted-file-error.js';
export { OAuthGrantError } from './core/oauth/oauth-grant-error.js';

// Rate limits: a limiter several clients of one process share
export { InMemoryRateLimiter } from './core/rate-limit/in-memory-rate-limiter.js';

// Loggers, helpers the contract names, version
export { silentLogger, stderrLogger } from './core/logging.js';
export { datetimeToRelativeSeconds } from './core/oauth/token-response.js';
export { VERSION } from './generated/version.js';

// Types: the options and results of the public methods
export type {
  ApiClientOptions,
  HeaderMap,
  HttpMethod,
  PassThroughInit,
  RequestOptions,
  SettingAccessors,
  SettingOptions,
  CallMetricsView,
  TextExchange,
} from './core/client/api-client.js';
export type {
  AuthMethod,
  AuthType,
  BearerAuth,
  ClientCredentialsAuth,
  HeaderPassthroughAuth,
  NoAuth,
  PublicClientAuth,
  RoutingKeyAuth,
  TokenAuth,
  TokenProviderAuth,
} from './core/auth/auth-methods.js';
export type { HookCall, HookRequest, HookResponse, HookRetry, RequestHooks } from './core/observe/hooks.js';
export type { WithResponse } from './core/client/response-info.js';
export type { RateLimitHeaders } from './core/rate-limit/rate-limit-headers.js';
export type { RestWithResponse } from './core/rest/rest-with-response.js';
export type { OpenTelemetryApi, TelemetryOptions } from './core/observe/telemetry.js';
export type { TokenProvider } from './core/auth/token-provider.js';
export type { ManagedTokenProvider } from './core/oauth/managed-token.js';
export type { ManagedTokenOptions } from './core/oauth/managed-token-options.js';
export type { ClientCredentialsTokenProviderOptions } from './core/oauth/client-credentials-token-provider.js';
export type { RefreshTokenProviderOptions } from './core/oauth/refresh-token-provider.js';
export type { ReleaseLock, StoredToken, TokenStore } from './core/oauth/token-store.js';
export type { UntrustedReason } from './core/files/untrusted-file-error.js';
export type { Secret } from './core/auth/secret.js';
export type {
  AmbiguousMatch,
  AmbiguousMatchParts,
  ErrorFactory,
  HttpErrorCode,
  RequestError,
  RequestFacts,
  UrlErrorCode,
} from './core/errors/error-classes.js';
export type { ApiErrorBody } from './core/errors/api-error-body.js';
export type { Logger, LineWriter, LogLevel } from './core/logging.js';
export type { QueryParams, QueryScalar, QueryValue } from './core/request/query.js';
export type { RetryPolicy } from './core/retry/retry-rules.js';
export type { RateLimiter, RateLimitKey, RateLimitReport, RateLimitState } from './core/rate-limit/rate-limiter.js';
export type { InMemoryRateLimiterOptions } from './core/rate-limit/in-memory-rate-limiter.js';
export type { OnRateLimit, RateLimitInfo, RateLimitReason } from './core/rate-limit/rate-limit-info.js';
export type { RequestGate, RequestGateOptions } from './core/rate-limit/request-gate.js';
export type { Lane } from './core/rest/pagination/lanes.js';
export type { AgentOption, FetchLike } from './core/transport/transport.js';
export type { FetchBody, FetchHeaders, FetchRequestInit, FetchResponse } from './core/platform/fetch-types.js';
export type { ProxySetting } from './core/platform/proxy.js';
export type {
  AlertGroupingSettingsOptions,
  AnalyticsRawIncidentsOptions,
  IncidentNotesOptions,
  Region,
  RestApiV2ClientOptions,
  DecodedResponse,
  DictAllOptions,
  FindOptions,
  IterAllOptions,
  IterCursorOptions,
  IterHistoryOptions,
  PersistOptions,
  RestApiV2BaseClientOptions,
} from './core/rest/rest-options.js';
export type { ApiKeyAccess } from './core/rest/account-introspection.js';
export type { FetchedPage, ItemHook } from './core/rest/pagination/pages.js';
export type { EntityWrapperPair } from './core/rest/endpoints/entity-wrappers.js';
export type { RestPolicy } from './core/rest/endpoints/policy.js';
export type { ResourceObject, ResourceTarget } from './core/rest/endpoints/policy.js';
export type { RestApiTables } from './core/rest/endpoints/tables.js';
export type { EventsApiV2ClientOptions } from './core/events/events-api-v2-client.js';
export type { EventResult, EventsWithResponse } from './core/events/events-with-response.js';
export type { SubmitOptions, TriggerOptions } from './core/events/event-bodies.js';
export type {
  ChangeEventResponse,
  CustomDetails,
  EventAction,
  EventImage,
  EventLink,
  EventResponse,
  Severity,
} from './core/events/event-types.js';
export type { OAuthTokenClientOptions, RefreshClientOptions } from './core/oauth/oauth-token-client.js';
export type { AmendedTokenResponse, OAuthTokenResponse } from './core/oauth/token-response.js';
export type { PkcePair, RandomBytes } from './core/oauth/authorize-url.js';
export type { McpApiClientOptions, McpCallOptions, PagerDutyToolResult } from './core/mcp/mcp-api-client.js';
export type { McpToolCallRequest, McpToolPolicy, McpToolRefusal, McpToolRule } from './core/mcp/tool-policy.js';
export type {
  PagerDutyMcpModels,
  PagerDutyMcpToolArguments,
  PagerDutyMcpToolName,
  PagerDutyMcpToolResults,
} from './core/mcp/pagerduty-tools.js';
export type { McpCancelReason } from './core/mcp/mcp-error.js';
export type { RetryMode } from './core/retry/retry-mode.js';
export type { McpRequestHandler } from './core/mcp/server-requests.js';
export type {
  McpBlobResourceContents,
  McpCallToolResult,
  McpContentBlock,
  McpEmbeddedResource,
  McpGetPromptResult,
  McpIcon,
  McpImplementation,
  McpMediaContent,
  McpObjectSchema,
  McpProgress,
  McpPrompt,
  McpPromptArgument,
  McpPromptMessage,
  McpReadResourceResult,
  McpResource,
  McpResourceLink,
  McpTextContent,
  McpTextResourceContents,
  McpTool,
  McpToolAnnotations,
} from './core/mcp/mcp-types.js';
export type {
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
} from './core/mcp/json-rpc.js';
export type { ScimApiClientOptions, ScimUserQuery } from './core/scim/scim-api-client.js';
export type {
  FixedAuthIntegrationApiClientOptions,
  IntegrationApiClientOptions,
} from './core/integrations/integration-api-client.js';

// Types: the resources the guide uses, and the helpers that type a path's query and items
export type { BulkOverrideResult, IncidentStatus, IncidentUpdate, ScheduleOverride } from './core/rest/rest-types.js';
export type {
  EscalationPolicy,
  Incident,
  LogEntry,
  Oncall,
  Schedule,
  Service,
  Team,
  User,
} from './generated/types/rest-api-v2-schemas.js';
export type { RestApiV2Entity, RestApiV2EntityBody, RestApiV2Item, RestApiV2Query } from './core/rest/rest-types.js';
export type { UntypedApi } from './core/types/api-types.js';
