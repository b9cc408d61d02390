// A limiter (and the Redis store behind one) only ever sees a hash of the credential.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Secret } from '../auth/secret.js';
import type { RateLimitKey } from './rate-limiter.js';

export const ANONYMOUS_RATE_LIMIT_ID = 'anonymous';

export function rateLimitKey(secret: Secret | undefined): RateLimitKey {
  if (!secret) return Object.freeze({ id: ANONYMOUS_RATE_LIMIT_ID });
  const id = bytesToHex(sha256(utf8ToBytes(secret.reveal())));
  return Object.freeze({ id });
}
