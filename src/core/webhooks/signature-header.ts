/**
 * Reads the `X-PagerDuty-Signature` header: comma-separated `<version>=<value>` entries,
 * several during a secret rotation. Only `v1` entries count; other versions are skipped.
 *
 * @module
 */
import type { WebhookVerificationReason } from './webhook-errors.js';

/** A v1 signature: HMAC-SHA256 as 64 hex digits (either case). */
const V1_VALUE = /^[0-9a-f]{64}$/i;

/** The v1 signatures of a header as 32-byte digests, or why there are none. */
export type SignatureEntries =
  | { readonly ok: true; readonly digests: readonly Buffer[] }
  | {
      readonly ok: false;
      readonly reason: Extract<WebhookVerificationReason, 'missing-signature' | 'malformed-signature'>;
    };

/**
 * The v1 digests of a signature header. Whitespace around entries, names and values is
 * ignored; a `v1` entry whose value is not 64 hex digits is skipped like another version,
 * and a header left with no v1 digest at all is malformed.
 */
export function signatureEntries(header: string | undefined): SignatureEntries {
  if (header === undefined || header.trim() === '') return { ok: false, reason: 'missing-signature' };
  const digests: Buffer[] = [];
  for (const entry of header.split(',')) {
    const equals = entry.indexOf('=');
    if (equals < 0) continue;
    const version = entry.slice(0, equals).trim().toLowerCase();
    const value = entry.slice(equals + 1).trim();
    if (version === 'v1' && V1_VALUE.test(value)) digests.push(Buffer.from(value, 'hex'));
  }
  return digests.length > 0 ? { ok: true, digests } : { ok: false, reason: 'malformed-signature' };
}
