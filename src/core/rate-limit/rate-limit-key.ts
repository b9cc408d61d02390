/**
 * The budget a credential draws on, named without the credential: a limiter (and the
 * Redis store behind one) only ever sees a hash of it.
 *
 * @module
 */
import type { Secret } from '../auth/secret.js';
import type { RateLimitKey } from './rate-limiter.js';

/** The id of the budget of requests sent without a credential. */
export const ANONYMOUS_RATE_LIMIT_ID = 'anonymous';

/**
 * The {@link RateLimitKey} of a credential: the SHA-256 of the credential, in hex (never
 * the credential itself); {@link ANONYMOUS_RATE_LIMIT_ID} without one.
 *
 * @example
 * ```ts
 * rateLimitKey(new Secret('u+abcdefghij1234')).id; // 64 hex digits
 * ```
 */
export function rateLimitKey(secret: Secret | undefined): RateLimitKey {
  if (!secret) return Object.freeze({ id: ANONYMOUS_RATE_LIMIT_ID });
  const id = process.getBuiltinModule('node:crypto').createHash('sha256').update(secret.reveal(), 'utf8').digest('hex');
  return Object.freeze({ id });
}
