/**
 * The per-request retry modes. `idempotent` (every client's default) retries as the
 * retry rules say. `at-most-once` is for requests that act and must not act twice (an
 * MCP `tools/call`): it retries only where the request provably never reached the
 * server, so that its body is never sent twice; the client's retry settings still cap
 * what it retries.
 *
 * @module
 */
import type { AttemptOutcome } from './retry-rules.js';
import { statusRule } from './status-rules.js';
import { failureCode } from './attempt-failure.js';

/**
 * How a request may be retried: `'idempotent'` (the default) as the retry settings say;
 * `'at-most-once'` only when the request provably did not arrive: after `ECONNREFUSED` or
 * `EAI_AGAIN`, or a status the server did not act on (a 429; a 503 with `Retry-After`; see
 * `STATUS_RULES`), within the retry settings. A host name
 * that does not resolve (`ENOTFOUND`) is retried in neither mode by default.
 */
export type RetryMode = 'idempotent' | 'at-most-once';

/**
 * System error codes that mean no connection was made, so no byte of the request left
 * the process: the connection was refused, or the host name did not resolve. A reset
 * (`ECONNRESET`, `EPIPE`) or a timeout may come after the body was written, so they are
 * not among them.
 */
export const NOT_SENT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether an at-most-once request may be retried after this attempt: a network error
 * whose code is in {@link NOT_SENT_CODES}, or a status `STATUS_RULES` marks as not acted
 * on (a 429; a 503 with `Retry-After`). Never a timeout, never a reset, never any other status.
 *
 * @param error - what the attempt failed with, for a network error
 * @example
 * ```ts
 * mayRetryAtMostOnce({ kind: 'network-error' }, { code: 'ECONNREFUSED' }); // true
 * mayRetryAtMostOnce({ kind: 'network-error' }, { code: 'ETIMEDOUT' });    // false
 * mayRetryAtMostOnce({ kind: 'response', status: 503, retryAfter: 2 });    // true
 * ```
 */
export function mayRetryAtMostOnce(outcome: AttemptOutcome, error?: unknown): boolean {
  if (outcome.kind === 'network-error') {
    const code = failureCode(error);
    return code !== undefined && NOT_SENT_CODES.has(code);
  }
  const { notActedOn } = statusRule(outcome.status);
  return notActedOn === 'always' || (notActedOn === 'with-retry-after' && outcome.retryAfter !== undefined);
}

/** A request's `retryMode` when it names one; `undefined` lets the client decide. */
export function checkedRetryMode(mode: unknown): RetryMode | undefined {
  if (mode === undefined || mode === 'idempotent' || mode === 'at-most-once') return mode;
  throw new TypeError(`retryMode must be 'idempotent' or 'at-most-once', got ${String(mode)}`);
}
