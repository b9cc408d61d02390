import { checkSignature, secretList, type WebhookSecrets } from './verify-signature.js';
import { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';
import type { AnyWebhookEvent } from './event-union.js';
import {
  bodyBytes,
  DEFAULT_MAX_WEBHOOK_BODY_BYTES,
  headerValue,
  SIGNATURE_HEADER,
  WEBHOOK_ID_HEADER,
  type RawBody,
  type WebhookHeaders,
} from './webhook-request.js';

// Only the envelope is checked: `data` of a verified body is trusted to match its `event_type`.
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function decodeEnvelope(bytes: Uint8Array): AnyWebhookEvent {
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (cause) {
    throw new WebhookPayloadError('invalid-json', 'the webhook body is not UTF-8 JSON', { cause });
  }
  if (!isObject(payload) || !isObject(payload.event))
    throw new WebhookPayloadError('invalid-envelope', 'the webhook body has no "event" object');
  const event = payload.event;
  for (const field of ['id', 'event_type', 'resource_type', 'occurred_at'] as const) {
    if (typeof event[field] !== 'string')
      throw new WebhookPayloadError('invalid-envelope', `the webhook event has no string "${field}"`);
  }
  if (!isObject(event.data))
    throw new WebhookPayloadError('invalid-envelope', 'the webhook event has no "data" object');
  for (const field of ['agent', 'client'] as const) {
    if (event[field] !== undefined && event[field] !== null && !isObject(event[field])) {
      throw new WebhookPayloadError('invalid-envelope', `the webhook event's "${field}" is neither an object nor null`);
    }
  }
  // A missing agent or client reads as null, as the types say.
  return { ...event, agent: event.agent ?? null, client: event.client ?? null } as unknown as AnyWebhookEvent;
}

/** Options of {@link parseWebhook}. */
export interface ParseWebhookOptions {
  /** The subscription secret, or several during a rotation. Required unless `allowUnsigned`. */
  readonly secrets?: WebhookSecrets;
  /**
   * Accept a request with no signature header (the custom POSTs of incident workflows are
   * not signed). A request that carries a signature is still verified when `secrets` are
   * given; the result says `verified: false` for one that was not.
   * @default false
   */
  readonly allowUnsigned?: boolean;
  /**
   * The largest body accepted, in bytes.
   * @default 262144 (256 KiB, {@link DEFAULT_MAX_WEBHOOK_BODY_BYTES})
   */
  readonly maxBodyBytes?: number;
}

/** A decoded delivery. */
export interface ParsedWebhook {
  /**
   * The `X-Webhook-Id` header: the same on every retry of one webhook. It is not covered by
   * the signature, so deduplicate on the signed `event.id` as well.
   */
  readonly webhookId: string | undefined;
  /** Whether a signature was checked and matched (`false` only with `allowUnsigned`). */
  readonly verified: boolean;
  /** The event. */
  readonly event: AnyWebhookEvent;
}

export function mustVerify(signature: string | undefined, options: ParseWebhookOptions): boolean {
  if (options.secrets === undefined) {
    if (!options.allowUnsigned)
      throw new TypeError(
        'no webhook secret given: pass `secrets` (or set `allowUnsigned: true` to accept unsigned requests)',
      );
    return false;
  }
  secretList(options.secrets);
  if (signature === undefined || signature.trim() === '') {
    if (options.allowUnsigned) return false;
    throw new WebhookVerificationError('missing-signature');
  }
  return true;
}

/**
 * Verifies a delivery, then decodes its event. The body is hashed as received and parsed
 * once; it is never re-serialised.
 *
 * @param rawBody - the body exactly as received (a string is taken as its UTF-8 text)
 * @param headers - the request headers (`req.headers`, or a fetch `Headers`)
 * @param options - the secrets, and what else to accept
 * @throws {@link WebhookVerificationError} for a missing, malformed or unmatched signature, or a body over the cap
 * @throws {@link WebhookPayloadError} for a verified body that is not JSON or not a V3 envelope
 *
 * @example
 * ```ts
 * import { isKnownWebhookEvent, parseWebhook } from 'pagerduty-client/webhooks';
 *
 * const secrets = [process.env.PAGERDUTY_WEBHOOK_SECRET ?? ''];
 * const { webhookId, event } = parseWebhook(rawBody, req.headers, { secrets });
 * if (isKnownWebhookEvent(event) && event.event_type === 'incident.triggered') {
 *   console.log(webhookId, event.data.title);
 * }
 * ```
 */
export function parseWebhook(rawBody: RawBody, headers: WebhookHeaders, options: ParseWebhookOptions): ParsedWebhook {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES;
  const signature = headerValue(headers, SIGNATURE_HEADER);
  const verify = mustVerify(signature, options);
  const bytes = bodyBytes(rawBody);
  if (verify) {
    const check = checkSignature(bytes, signature, options.secrets as WebhookSecrets, { maxBodyBytes });
    if (!check.ok) throw new WebhookVerificationError(check.reason);
  } else if (bytes.byteLength > maxBodyBytes) {
    throw new WebhookVerificationError('too-large');
  }
  // An empty ID would make every such delivery a repeat of the first.
  const webhookId = headerValue(headers, WEBHOOK_ID_HEADER)?.trim() || undefined;
  return { webhookId, verified: verify, event: decodeEnvelope(bytes) };
}
