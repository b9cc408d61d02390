import type { AttemptOutcome } from './retry-rules.js';
import { statusRule } from './retry-rules.js';
import { failureCode } from './attempt-failure.js';

import type { RetryMode } from '../request/outgoing-request.js';

export type { RetryMode } from '../request/outgoing-request.js';

// No connection was made, so no byte left; a reset or timeout may come after the body was written.
export const NOT_SENT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

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
