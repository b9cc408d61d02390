/**
 * `pagerduty-client/webhooks`: receive PagerDuty's V3 webhooks. Verify the
 * `X-PagerDuty-Signature` of a delivery in constant time ({@link verifySignature},
 * {@link checkSignature}), decode its typed event ({@link parseWebhook}), or let a handler do
 * both, with deduplication ({@link createWebhookHandler} for Node, {@link createFetchWebhookHandler}).
 *
 * @example
 * ```ts
 * import http from 'node:http';
 * import { createWebhookHandler, isWebhookEvent } from 'pagerduty-client/webhooks';
 *
 * const handler = createWebhookHandler({
 *   secrets: [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''],
 *   onEvent: (event) => {
 *     if (isWebhookEvent(event, 'incident.triggered')) console.log(event.data.title);
 *   },
 * });
 * http.createServer((req, res) => void handler(req, res)).listen(8080);
 * ```
 *
 * @module pagerduty-client/webhooks
 */
export { checkSignature, signWebhookBody, verifySignature } from './core/webhooks/verify-signature.js';
export type { SignatureCheck, SignatureOptions, WebhookSecrets } from './core/webhooks/verify-signature.js';
export { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from './core/webhooks/webhook-request.js';
export { WebhookPayloadError, WebhookVerificationError } from './core/webhooks/webhook-errors.js';
export type { WebhookPayloadReason, WebhookVerificationReason } from './core/webhooks/webhook-errors.js';
export { parseWebhook } from './core/webhooks/parse-webhook.js';
export type { ParsedWebhook, ParseWebhookOptions } from './core/webhooks/parse-webhook.js';
export { createWebhookHandler } from './core/webhooks/webhook-handler.js';
export type { WebhookRequestHandler } from './core/webhooks/webhook-handler.js';
export { createFetchWebhookHandler } from './core/webhooks/fetch-webhook-handler.js';
export type { FetchWebhookContext, FetchWebhookHandler } from './core/webhooks/fetch-webhook-handler.js';
export type { WebhookContext, WebhookHandlerOptions, WebhookRejection } from './core/webhooks/webhook-options.js';
export { createMemoryDeliveryStore } from './core/webhooks/delivery-store.js';
export type {
  DeliveryClaim,
  MemoryDeliveryStoreOptions,
  WebhookDeliveryStore,
} from './core/webhooks/delivery-store.js';
export type { RawBody, WebhookHeaders, WebhookRequest } from './core/webhooks/webhook-request.js';
export { isKnownWebhookEvent, isWebhookEvent, WEBHOOK_EVENT_TYPES } from './core/webhooks/event-union.js';
export type {
  AnyWebhookEvent,
  UnlistedWebhookEvent,
  WebhookEvent,
  WebhookEventDataMap,
  WebhookEventEnvelope,
  WebhookEventOf,
  WebhookEventType,
  WebhookResourceType,
} from './core/webhooks/event-union.js';
export type {
  WebhookFieldValue,
  WebhookIncident,
  WebhookIncidentActionInvocation,
  WebhookIncidentConferenceBridge,
  WebhookIncidentFieldValues,
  WebhookIncidentNote,
  WebhookIncidentResponder,
  WebhookIncidentRoleAssignment,
  WebhookIncidentStatusUpdate,
  WebhookIncidentTask,
  WebhookIncidentWorkflowInstance,
  WebhookPing,
  WebhookReference,
  WebhookService,
  WebhookServiceFieldValues,
} from './core/webhooks/event-data.js';
