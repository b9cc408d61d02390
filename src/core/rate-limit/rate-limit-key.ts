// A limiter (and the Redis store behind one) only ever sees a hash of the credential.
import type { Secret } from '../auth/secret.js';
import type { RateLimitKey } from './rate-limiter.js';

export const ANONYMOUS_RATE_LIMIT_ID = 'anonymous';

export function rateLimitKey(secret: Secret | undefined): RateLimitKey {
  if (!secret) return Object.freeze({ id: ANONYMOUS_RATE_LIMIT_ID });
  const id = process.getBuiltinModule('node:crypto').createHash('sha256').update(secret.reveal(), 'utf8').digest('hex');
  return Object.freeze({ id });
}
