import type { Hashing } from '../platform/hashing.js';
import { hashing } from '../platform/node-platform.js';
import { bodyBytes, DEFAULT_MAX_WEBHOOK_BODY_BYTES, type RawBody } from './webhook-request.js';
import { WebhookVerificationError, type WebhookVerificationReason } from './webhook-errors.js';

// Digests as hex: the signature header's form of them.
const HEX = /^(?:[0-9a-f]{2})*$/i;

/** Lower-case hex, two digits a byte. */
export function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** @throws RangeError for anything but pairs of hex digits (either case) */
export function bytesFromHex(text: string): Uint8Array {
  if (!HEX.test(text)) throw new RangeError('expected an even number of hex digits');
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

const V1_VALUE = /^[0-9a-f]{64}$/i;

export type SignatureEntries =
  | { readonly ok: true; readonly digests: readonly Uint8Array[] }
  | {
      readonly ok: false;
      readonly reason: Extract<WebhookVerificationReason, 'missing-signature' | 'malformed-signature'>;
    };

// Other versions, and v1 values that are not 64 hex digits, are skipped: PagerDuty may add versions.
export function signatureEntries(header: string | undefined): SignatureEntries {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing-signature' };
  const digests: Uint8Array[] = [];
  for (const entry of header.split(',')) {
    const equals = entry.indexOf('=');
    if (equals < 0) continue;
    const version = entry.slice(0, equals).trim().toLowerCase();
    const value = entry.slice(equals + 1).trim();
    if (version === 'v1' && V1_VALUE.test(value)) digests.push(bytesFromHex(value));
  }
  return digests.length > 0 ? { ok: true, digests } : { ok: false, reason: 'malformed-signature' };
}

/** One subscription secret, or several (the old and the new one during a rotation). */
export type WebhookSecrets = string | readonly string[];

/** Options of {@link verifySignature} and {@link checkSignature}. */
export interface SignatureOptions {
  /**
   * The largest body checked, in bytes; a larger one fails with `too-large` before any
   * hashing.
   * @default 262144 (256 KiB, {@link DEFAULT_MAX_WEBHOOK_BODY_BYTES})
   */
  readonly maxBodyBytes?: number;
}

/** The outcome of {@link checkSignature}. */
export type SignatureCheck =
  | {
      /** The signature matched. */
      readonly ok: true;
      /** Which of the secrets matched (its index in the list; 0 for a single secret). */
      readonly secretIndex: number;
    }
  | {
      /** The signature did not match, or could not be checked. */
      readonly ok: false;
      /** Why the check failed. */
      readonly reason: WebhookVerificationReason;
    };

export function secretList(secrets: WebhookSecrets): readonly string[] {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (!Array.isArray(list) || list.length === 0)
    throw new TypeError('no webhook secret given: pass the subscription secret (or a list of them)');
  if (list.some((secret) => typeof secret !== 'string' || secret === ''))
    throw new TypeError('every webhook secret must be a non-empty string');
  return list;
}

/**
 * Checks a webhook's signature and says why it failed, without throwing for a forged or
 * broken request (it throws a `TypeError` only for a programming error: no secret).
 * Every secret is compared with every `v1` entry in constant time (`crypto.timingSafeEqual` where
 * `node:crypto` is present, else a constant-time comparison of `@noble/hashes` digests).
 *
 * @param rawBody - the body exactly as received (a string is encoded as UTF-8)
 * @param signatureHeader - the `X-PagerDuty-Signature` header, if any
 * @param secrets - the subscription secret, or several during a rotation
 *
 * @example
 * ```ts
 * const check = checkSignature(rawBody, req.headers['x-pagerduty-signature'], [newSecret, oldSecret]);
 * if (!check.ok) console.warn(`refused: ${check.reason}`);
 * ```
 */
export function checkSignature(
  rawBody: RawBody,
  signatureHeader: string | readonly string[] | undefined,
  secrets: WebhookSecrets,
  options: SignatureOptions = {},
): SignatureCheck {
  return checkSignatureWith(hashing(), rawBody, signatureHeader, secrets, options);
}

export function checkSignatureWith(
  crypto: Hashing,
  rawBody: RawBody,
  signatureHeader: string | readonly string[] | undefined,
  secrets: WebhookSecrets,
  options: SignatureOptions,
): SignatureCheck {
  const keys = secretList(secrets);
  const bytes = bodyBytes(rawBody);
  if (bytes.byteLength > (options.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES))
    return { ok: false, reason: 'too-large' };
  // Node joins a repeated header with ", "; a headers record may still hold an array.
  const header =
    typeof signatureHeader === 'string' || signatureHeader === undefined ? signatureHeader : signatureHeader.join(',');
  const entries = signatureEntries(header);
  if (!entries.ok) return entries;
  let secretIndex = -1;
  keys.forEach((secret, index) => {
    const expected = crypto.hmacSha256(secret, bytes);
    // No early exit: every pair is compared, each in constant time (equal-length buffers).
    for (const digest of entries.digests) {
      if (crypto.timingSafeEqual(expected, digest) && secretIndex < 0) secretIndex = index;
    }
  });
  return secretIndex >= 0 ? { ok: true, secretIndex } : { ok: false, reason: 'no-match' };
}

/**
 * Verifies a webhook's signature, and throws a {@link WebhookVerificationError} (with its
 * `reason`) when it is not genuine. To get the reason without an exception, use
 * {@link checkSignature}.
 *
 * @param rawBody - the body exactly as received (a string is encoded as UTF-8)
 * @param signatureHeader - the `X-PagerDuty-Signature` header, if any
 * @param secrets - the subscription secret, or several during a rotation
 * @throws {@link WebhookVerificationError} for a missing, malformed or unmatched signature or a body over the cap
 *
 * @example
 * ```ts
 * import { verifySignature } from 'pagerduty-client/webhooks';
 *
 * verifySignature(rawBody, req.headers['x-pagerduty-signature'], process.env.PAGERDUTY_WEBHOOK_SECRET ?? '');
 * ```
 */
export function verifySignature(
  rawBody: RawBody,
  signatureHeader: string | readonly string[] | undefined,
  secrets: WebhookSecrets,
  options: SignatureOptions = {},
): void {
  const check = checkSignature(rawBody, signatureHeader, secrets, options);
  if (!check.ok) throw new WebhookVerificationError(check.reason);
}

/**
 * The `X-PagerDuty-Signature` value PagerDuty would send for `rawBody` with `secret`
 * (`v1=<hex>`): for testing a receiver with signed requests of your own.
 *
 * @example
 * ```ts
 * const event = {
 *   id: 'E1',
 *   event_type: 'pagey.ping',
 *   resource_type: 'pagey',
 *   occurred_at: new Date().toISOString(),
 *   agent: null,
 *   client: null,
 *   data: { type: 'ping', message: 'hi' },
 * };
 * const body = JSON.stringify({ event });
 * const headers = { 'x-pagerduty-signature': signWebhookBody(body, secret) };
 * await fetch(receiverUrl, { method: 'POST', body, headers });
 * ```
 */
export function signWebhookBody(rawBody: RawBody, secret: string): string {
  const [key] = secretList(secret);
  return `v1=${hex(hashing().hmacSha256(key, bodyBytes(rawBody)))}`;
}
