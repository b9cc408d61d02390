/**
 * The Events API v2: {@link EventsApiV2Client}, the wire types of alert and change
 * events, and the pure checks and builders the client uses.
 *
 * @module
 */
export { ALERT_EVENTS_PATH, CHANGE_EVENTS_PATH, DEFAULT_EVENTS_RETRY, EVENTS_BASE_URL } from './endpoints.js';
export { EventsApiV2Client } from './events-api-v2-client.js';
export type { EventsApiV2ClientOptions } from './events-api-v2-client.js';
export { changeEventBody, isoTimestamp, triggerEventProperties } from './event-bodies.js';
export type { SubmitOptions, TriggerOptions } from './event-bodies.js';
export { EVENT_ACTIONS, SEVERITIES } from './event-types.js';
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
} from './event-types.js';
export {
  alertEventProblems,
  alertPayloadProblems,
  changeEventProblems,
  customDetailsProblems,
  imagesProblems,
  linksProblems,
  severityProblems,
  timestampProblems,
} from './event-validation.js';
export { eventsErrorDetail, parseEventsErrorBody } from './events-error-detail.js';
