/**
 * The types generated from PagerDuty's official API descriptions: every schema under a
 * readable name (`User`, `Incident`, `ScimUser`, `JiraCloudRule`, ...), the per-API types that
 * type calls from their paths, and the type-level machinery that reads them.
 *
 * @module
 */
export type { ApiPathHints, ApiTypes, NoPathHints, UntypedApi } from './api-types.js';
export type { CanonicalPathOf, PathSegments } from './path-matching.js';
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
} from './endpoint-types.js';
export type { RestApiV2Entity, RestApiV2EntityBody, RestApiV2Item, RestApiV2Method, RestApiV2Query } from './rest-api-v2-helpers.js';
export type * from '../../generated/types/rest-api-v2-schemas.js';
export type * from '../../generated/types/scim-api-schemas.js';
export type * from '../../generated/types/events-api-v2-schemas.js';
export type * from '../../generated/types/jira-cloud-integration-api-schemas.js';
export type * from '../../generated/types/jira-server-integration-api-schemas.js';
export type * from '../../generated/types/ms-teams-integration-api-schemas.js';
export type * from '../../generated/types/slack-integration-api-schemas.js';
export type * from '../../generated/types/rest-api-v2-endpoints.js';
export type * from '../../generated/types/scim-api-endpoints.js';
export type * from '../../generated/types/jira-cloud-integration-api-endpoints.js';
export type * from '../../generated/types/jira-server-integration-api-endpoints.js';
export type * from '../../generated/types/ms-teams-integration-api-endpoints.js';
export type * from '../../generated/types/slack-integration-api-endpoints.js';
export type * from '../../generated/types/slack-integration-connections-api-endpoints.js';
