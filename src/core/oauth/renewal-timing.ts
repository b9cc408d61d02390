// When a managed token is renewed: a fraction of its life before it expires, so that a day-long token is
// renewed minutes early and a two-second one a fraction of a second early, never at every call.
import type { StoredToken } from './token-store.js';

/** The share of a token's life before its expiry from which it is renewed. */
export const EARLY_RENEWAL_SHARE = 0.1;
/** The most seconds a token is renewed early by default (5 minutes of a day-long token). */
export const MAX_EARLY_RENEWAL = 300;

/**
 * Seconds before expiry from which a token of `lifetime` seconds is renewed: `earlyRenewal` when given, else
 * 10% of its life, at most 5 minutes; never more than half its life, so that a token is always used a while.
 */
export function earlyRenewalSeconds(lifetime: number, earlyRenewal?: number): number {
  const wanted = earlyRenewal ?? Math.min(lifetime * EARLY_RENEWAL_SHARE, MAX_EARLY_RENEWAL);
  return Math.min(wanted, lifetime / 2);
}

/** Whether `token` is due for renewal at `now` (milliseconds since the epoch). */
export function renewalDue(token: StoredToken, now: number, earlyRenewal?: number): boolean {
  return now >= token.expiresAt - earlyRenewalSeconds(token.lifetime, earlyRenewal) * 1000;
}

/** Checks an `earlyRenewal` option: a non-negative number of seconds. */
export function checkEarlyRenewal(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`earlyRenewal must be a non-negative number of seconds, got ${String(value)}`);
  }
  return value;
}
