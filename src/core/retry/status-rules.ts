// What each HTTP status means, in one table read by the attempt loop, the retry rules, the at-most-once
// rule and, through the loop, the rate limit. A status without a row is returned unless the client's `retry` names it.
import { RATE_LIMITED_STATUS } from '../rate-limit/rate-limit-headers.js';

export interface StatusRule {
  /** Retries when the client's `retry` has no entry for the status; -1 is without limit. */
  readonly defaultRetries: number;
  /** Thrown at once as an HTTP error, whatever `retry` says. */
  readonly throws?: boolean;
  /** `Retry-After` (or `ratelimit-reset`) sets a floor under the pause. */
  readonly honoursRetryAfter?: boolean;
  /** Every request of the client, and of a shared limiter's key, waits out the pause. */
  readonly pausesEveryRequest?: boolean;
  /** The server did not act, so even a request sent at most once may go again. */
  readonly notActedOn?: 'always' | 'with-retry-after';
  /**
   * The credential was refused: a client on a token provider tells it, and sends the same request once more
   * when it has a new token (`'insufficient-scope'`: only when `WWW-Authenticate` says `insufficient_scope`).
   */
  readonly renewsToken?: 'always' | 'insufficient-scope';
}

export const STATUS_RULES: Readonly<Record<number, StatusRule>> = Object.freeze({
  // A refused credential: retrying cannot help, and the message names the key and region.
  401: { defaultRetries: 0, throws: true, renewsToken: 'always' },
  // Forbidden: a token that lacks a scope may be renewed with it; any other 403 is returned.
  403: { defaultRetries: 0, renewsToken: 'insufficient-scope' },
  // Rate limited: the request was refused before it ran.
  [RATE_LIMITED_STATUS]: {
    defaultRetries: -1,
    honoursRetryAfter: true,
    pausesEveryRequest: true,
    notActedOn: 'always',
  },
  // Unavailable: only a Retry-After says the request was not run.
  503: { defaultRetries: 0, honoursRetryAfter: true, notActedOn: 'with-retry-after' },
});

const OTHER: StatusRule = Object.freeze({ defaultRetries: 0 });

export function statusRule(status: number): StatusRule {
  return STATUS_RULES[status] ?? OTHER;
}

/** Whether a response with `status` and this `WWW-Authenticate` refused the token itself (see `renewsToken`). */
export function refusesToken(status: number, wwwAuthenticate: string | null): boolean {
  const { renewsToken } = statusRule(status);
  return (
    renewsToken === 'always' ||
    (renewsToken === 'insufficient-scope' && /insufficient_scope/i.test(wwwAuthenticate ?? ''))
  );
}
