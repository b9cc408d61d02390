/**
 * The answers injected faults give: in the REST API's error shape, or the Events API's.
 *
 * @module
 */
import type { FaultDecision } from './faults.js';
import { ERROR_CODES, restError, type Reply } from '../server/replies.js';

/**
 * The reply for a 429 or 5xx fault (a drop has none).
 *
 * @param api - which API's error shape to use
 */
export function faultReply(
  decision: Exclude<FaultDecision, { kind: 'none' } | { kind: 'drop' }>,
  api: 'rest' | 'events',
): Reply {
  if (decision.kind === 'rate-limit') {
    const headers = { 'Retry-After': String(decision.retryAfter) };
    if (api === 'events') {
      return {
        status: 429,
        headers,
        body: { status: 'throttle event', message: 'Requests are arriving too quickly; retry later.' },
      };
    }
    return { ...restError(429, 'Rate Limit Exceeded', ERROR_CODES.rateLimited), headers };
  }
  if (api === 'events') {
    return {
      status: decision.status,
      body: { status: 'Internal Server Error', message: 'The event could not be processed; retry later.' },
    };
  }
  return restError(decision.status, 'Internal Error', ERROR_CODES.internal, ['Injected by the emulator']);
}
