export type AttemptFailureKind = 'transport' | 'unresolved' | 'programming';

/** undici's codes for a failed socket or a timeout (its other codes are argument errors). */
const UNDICI_TRANSPORT_CODES: ReadonlySet<string> = new Set([
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** node-fetch 2's `FetchError` types of a failed connection or a timeout. */
const FETCH_ERROR_TRANSPORT_TYPES: ReadonlySet<string> = new Set(['system', 'request-timeout', 'body-timeout']);

function stringProperty(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const property: unknown = (value as Record<string, unknown>)[name];
  return typeof property === 'string' ? property : undefined;
}

export function failureCode(error: unknown): string | undefined {
  return stringProperty(error, 'code') ?? stringProperty((error as { cause?: unknown } | null)?.cause, 'code');
}

function isSystemCode(code: string): boolean {
  return /^E(?!RR_)[A-Z0-9_]+$/.test(code) || UNDICI_TRANSPORT_CODES.has(code);
}

// Only a transport failure may go better next time; `ENOTFOUND` is `unresolved` (not retried by
// default) while `EAI_AGAIN` is transient. Anything without a system code fails the same way again.
export function attemptFailureKind(error: unknown): AttemptFailureKind {
  // By name and code, not instanceof: errors raised inside Node's own code may come from
  // another realm (a VM context, a test runner) whose classes differ.
  if (typeof error !== 'object' || error === null) return 'programming';
  const code = failureCode(error);
  if (code === 'ENOTFOUND') return 'unresolved';
  if (code !== undefined && isSystemCode(code)) return 'transport';
  const name = stringProperty(error, 'name');
  const type = stringProperty(error, 'type');
  if (name === 'FetchError' && type !== undefined && FETCH_ERROR_TRANSPORT_TYPES.has(type)) return 'transport';
  // undici wraps every failure of the network so; a cause with an argument code is not one.
  if (name === 'TypeError' && stringProperty(error, 'message') === 'fetch failed' && code === undefined)
    return 'transport';
  return 'programming';
}
