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
export type * from './core/types/index.js';
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
