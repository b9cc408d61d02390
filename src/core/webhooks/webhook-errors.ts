import { PagerDutyError } from '../errors/error-classes.js';

/**
 * Why a signature check failed:
 * - `missing-signature`: no `X-PagerDuty-Signature` header, or an empty one;
 * - `malformed-signature`: a header without one well-formed `v1=<64 hex digits>` entry;
 * - `no-match`: well-formed `v1` entries, none of them the HMAC of the body with any secret;
 * - `too-large`: the body is over the size cap, so it was not hashed.
 */
export type WebhookVerificationReason = 'missing-signature' | 'malformed-signature' | 'no-match' | 'too-large';

/**
 * The request is not a verified PagerDuty delivery. {@link WebhookVerificationError.reason}
 * says why; the message never quotes a secret or a signature.
 *
 * @example
 * ```ts
 * try {
 *   verifySignature(body, signature, secrets);
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError && error.reason === 'no-match') console.warn('wrong secret?');
 * }
 * ```
 */
export class WebhookVerificationError extends PagerDutyError {
  /** Why the check failed. */
  readonly reason: WebhookVerificationReason;

  /**
   * @param reason - why the check failed
   * @param message - the sentence to show; defaults to one per reason
   */
  constructor(reason: WebhookVerificationReason, message: string = VERIFICATION_MESSAGES[reason]) {
    super(message);
    this.reason = reason;
  }
}

const VERIFICATION_MESSAGES: Readonly<Record<WebhookVerificationReason, string>> = {
  'missing-signature': 'the request has no X-PagerDuty-Signature header',
  'malformed-signature': 'the X-PagerDuty-Signature header has no well-formed v1=<64 hex digits> entry',
  'no-match': 'no v1 signature of the request matches its body with any of the secrets',
  'too-large': 'the request body is over the size cap',
};

/**
 * Why a verified body was refused: `invalid-json` (not JSON, or not UTF-8 JSON) or
 * `invalid-envelope` (JSON, but not `{ event: { id, event_type, resource_type, occurred_at, data } }`).
 */
export type WebhookPayloadReason = 'invalid-json' | 'invalid-envelope';

/**
 * A body that passed the signature check (or needed none) but is not a V3 webhook.
 *
 * @example
 * ```ts
 * try {
 *   parseWebhook(body, headers, { secrets });
 * } catch (error) {
 *   if (error instanceof WebhookPayloadError) console.warn(`bad body: ${error.reason}`);
 * }
 * ```
 */
export class WebhookPayloadError extends PagerDutyError {
  /** Why the body was refused. */
  readonly reason: WebhookPayloadReason;

  /**
   * @param reason - why the body was refused
   * @param message - what exactly is wrong
   * @param options - the parse error, as `cause`
   */
  constructor(reason: WebhookPayloadReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}
