/**
 * `pagerduty-client/types`: every schema type of PagerDuty's API descriptions under a
 * readable name (`User`, `Incident`, `ScimUser`, `JiraCloudRule`, ...), the per-API types
 * that type calls from their paths, and the type-level helpers that read them. Types only:
 * this entry point has nothing at run time.
 *
 * @example
 * ```ts
 * import type { EscalationPolicy, RestApiV2Item } from 'pagerduty-client/types';
 *
 * const names = (policies: EscalationPolicy[]): string[] => policies.map((policy) => policy.name ?? '');
 * type Service = RestApiV2Item<'/services'>;
 * ```
 *
 * @module pagerduty-client/types
 */
export type { ApiPathHints, ApiTypes, NoPathHints, UntypedApi } from './core/types/api-types.js';
export type { CanonicalPathOf, PathSegments } from './core/types/path-matching.js';
export type {
  EndpointOf,
  EntityBodyOf,
  EntityResultOf,
  HasBody,
  HasListKey,
  HasQuery,
  HasRequestWrapper,
  HasResponse,
  HasResponseWrapper,
  ItemOf,
  JsonBodyOf,
  JsonResultOf,
  NoQuery,
  PathHint,
  QueryOf,
  RequestOptionsOf,
  Resolved,
  TypedQuery,
  TypedRequestOptions,
} from './core/types/endpoint-types.js';
export type {
  RestApiV2Entity,
  RestApiV2EntityBody,
  RestApiV2Item,
  RestApiV2Method,
  RestApiV2Query,
} from './core/rest/rest-types.js';
export type { EntityInit, EntityResult, IndexItem, IndexQuery, JsonInit, JsonResult } from './core/rest/rest-types.js';
export type * from './generated/types/rest-api-v2-schemas.js';
export type * from './generated/types/scim-api-schemas.js';
export type * from './generated/types/events-api-v2-schemas.js';
export type * from './generated/types/jira-cloud-integration-api-schemas.js';
export type * from './generated/types/jira-server-integration-api-schemas.js';
export type * from './generated/types/ms-teams-integration-api-schemas.js';
export type * from './generated/types/slack-integration-api-schemas.js';
export type * from './generated/types/rest-api-v2-endpoints.js';
export type * from './generated/types/scim-api-endpoints.js';
export type * from './generated/types/jira-cloud-integration-api-endpoints.js';
export type * from './generated/types/jira-server-integration-api-endpoints.js';
export type * from './generated/types/ms-teams-integration-api-endpoints.js';
export type * from './generated/types/slack-integration-api-endpoints.js';
export type * from './generated/types/slack-integration-connections-api-endpoints.js';
export type {
  BulkOverrideResult,
  ClassicPage,
  ClassicPagination,
  CursorPage,
  IncidentStatus,
  IncidentUpdate,
  Resource,
  ScheduleOverride,
} from './core/rest/rest-types.js';
export type {
  AlertEvent,
  AlertEventProperties,
  AlertPayload,
  ChangeEvent,
  ChangeEventPayload,
  ChangeEventResponse,
  CustomDetails,
  EventAction,
  EventImage,
  EventLink,
  EventResponse,
  EventsErrorBody,
  Severity,
} from './core/events/event-types.js';
