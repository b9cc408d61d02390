/**
 * What a failed attempt was: only a failure of the transport is worth retrying. A
 * `TypeError` raised while the request was being built (a body on a GET, an invalid proxy
 * URL, a bad header) would fail the same way on every attempt, so it is thrown at once.
 *
 * @module
 */

/** `transport`: retry as a network error; `programming`: rethrow as it is. */
export type AttemptFailureKind = 'transport' | 'programming';

/**
 * Classifies an error an attempt rejected with.
 *
 * node-fetch reports transport failures as `FetchError`s (and the engine's own timeouts
 * carry `code: 'ETIMEDOUT'`); a WHATWG `fetch` (undici) reports them as a
 * `TypeError('fetch failed')` whose `cause` has the system error code. Any other
 * `TypeError` is a mistake in the request itself.
 *
 * @example
 * ```ts
 * attemptFailureKind(new TypeError('Request with GET/HEAD method cannot have body')); // 'programming'
 * attemptFailureKind(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })); // 'transport'
 * ```
 */
export function attemptFailureKind(error: unknown): AttemptFailureKind {
  // By name, not instanceof: errors raised inside Node's own code may come from another
  // realm (a VM context, a test runner) whose TypeError is a different class.
  if (typeof error !== 'object' || error === null) return 'transport';
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name !== 'TypeError' || message === 'fetch failed') return 'transport';
  const cause: unknown = (error as { cause?: unknown }).cause;
  const causeCode = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  // A system error code (ECONNRESET, UND_ERR_SOCKET, ...) under the TypeError means the
  // transport failed; Node's own ERR_* codes are argument errors.
  if (typeof causeCode === 'string' && !causeCode.startsWith('ERR_')) return 'transport';
  return 'programming';
}
