import { bytesFromHex } from '../encoding/hex.js';
import type { WebhookVerificationReason } from './webhook-errors.js';

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
