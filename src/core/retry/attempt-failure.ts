/**
 * What an error an attempt rejected with says about retrying: only a failure of the
 * transport (a socket error with its system code, a timeout, a body cut short) may go
 * better next time. Anything else, a plain `Error` from a `fetch`, a module that could not
 * be loaded, a `TypeError` raised while the request was built, fails the same way every
 * time and is rethrown at once.
 *
 * @module
 * @internal
 */

/**
 * `transport`: retried as a network error; `unresolved`: a network error that is not
 * retried by default, the host name did not resolve (`ENOTFOUND`); `programming`: rethrown
 * as it is, after one attempt.
 */
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

/** A string property of an object, if it has one. */
function stringProperty(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const property: unknown = (value as Record<string, unknown>)[name];
  return typeof property === 'string' ? property : undefined;
}

/**
 * The error code of a failure: its own `code` (node-fetch, the engine's timeouts), else
 * its `cause`'s (undici's `TypeError('fetch failed')`).
 *
 * @example
 * ```ts
 * failureCode(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })); // 'ECONNRESET'
 * ```
 */
export function failureCode(error: unknown): string | undefined {
  return stringProperty(error, 'code') ?? stringProperty((error as { cause?: unknown } | null)?.cause, 'code');
}

/**
 * Whether a code is a system error of the network: an errno name (`ECONNRESET`, `EPIPE`,
 * `ETIMEDOUT`, `EAI_AGAIN`, ...) or one of undici's socket and timeout codes. Node's own
 * `ERR_*` codes are argument and module errors.
 */
function isSystemCode(code: string): boolean {
  return /^E(?!RR_)[A-Z0-9_]+$/.test(code) || UNDICI_TRANSPORT_CODES.has(code);
}

/**
 * Classifies an error an attempt rejected with.
 *
 * Transport failures: an error with a system code, its own or its `cause`'s (node-fetch's
 * `FetchError`, the engine's timeout `ETIMEDOUT` and cut-short body `ECONNRESET`, undici's
 * `TypeError('fetch failed')`); a node-fetch `FetchError` of type `system` or a timeout.
 * `ENOTFOUND` (the name does not resolve) is `unresolved`, while `EAI_AGAIN` (a temporary
 * DNS failure) is a transport failure. Everything else, a plain `Error` without a code
 * (esbuild's `Dynamic require of "stream" is not supported`), `ERR_MODULE_NOT_FOUND`, a
 * `TypeError` over an argument error, a thrown non-error, is `programming`.
 *
 * @example
 * ```ts
 * attemptFailureKind(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })); // 'transport'
 * attemptFailureKind(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' })); // 'unresolved'
 * attemptFailureKind(new Error('Dynamic require of "stream" is not supported')); // 'programming'
 * ```
 */
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
