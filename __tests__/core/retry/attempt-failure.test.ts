// Which errors of an attempt are failures of the transport (retried), which are a name
// that does not resolve, and which are mistakes that would fail the same way every time.
import { describe, expect, it } from '@jest/globals';
import { attemptFailureKind, failureCode } from '../../../src/core/retry/attempt-failure.js';

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('attemptFailureKind', () => {
  it.each([
    [
      'a node-fetch FetchError',
      withCode('request failed, reason: connect ECONNREFUSED', 'ECONNREFUSED', { name: 'FetchError', type: 'system' }),
    ],
    [
      'a node-fetch FetchError of type system without a system code',
      withCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE', { name: 'FetchError', type: 'system' }),
    ],
    [
      'a node-fetch body timeout',
      Object.assign(new Error('Response timeout'), { name: 'FetchError', type: 'body-timeout' }),
    ],
    ['the engine timeout', withCode('no complete response within 1 s', 'ETIMEDOUT')],
    ['a body cut short', withCode('the connection closed before the whole response body arrived', 'ECONNRESET')],
    ['a broken pipe', withCode('write EPIPE', 'EPIPE')],
    ['a temporary DNS failure', withCode('getaddrinfo EAI_AGAIN api.pagerduty.com', 'EAI_AGAIN')],
    ["undici's fetch failed", new TypeError('fetch failed', { cause: withCode('x', 'ECONNRESET') })],
    ["undici's fetch failed without a code", new TypeError('fetch failed', { cause: new Error('other side closed') })],
    ['a TypeError over a system error', new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } })],
  ])('%s is a transport failure (retried)', (_what, error) => {
    expect(attemptFailureKind(error)).toBe('transport');
  });

  it.each([
    [
      'node-fetch',
      withCode(
        'request to https://api.pagerdty.com/users failed, reason: getaddrinfo ENOTFOUND api.pagerdty.com',
        'ENOTFOUND',
        { name: 'FetchError', type: 'system' },
      ),
    ],
    ['undici', new TypeError('fetch failed', { cause: withCode('getaddrinfo ENOTFOUND x', 'ENOTFOUND') })],
  ])('a name that does not resolve (%s) is unresolved', (_what, error) => {
    expect(attemptFailureKind(error)).toBe('unresolved');
  });

  it.each([
    ['a plain Error from a fetch', new Error('boom')],
    ['an ESM bundle loading node-fetch', new Error('Dynamic require of "stream" is not supported')],
    ['a module not found', withCode("Cannot find package 'node-fetch'", 'ERR_MODULE_NOT_FOUND')],
    ['a body on GET', new TypeError('Request with GET/HEAD method cannot have body')],
    ['an invalid proxy URL', Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' })],
    ['a TypeError over an argument error', new TypeError('bad', { cause: { code: 'ERR_INVALID_ARG_TYPE' } })],
    [
      "undici's fetch failed over an argument error",
      new TypeError('fetch failed', { cause: { code: 'UND_ERR_INVALID_ARG' } }),
    ],
    [
      'a node-fetch FetchError too large',
      Object.assign(new Error('content size over limit'), { name: 'FetchError', type: 'max-size' }),
    ],
    ['a thrown string', 'nope'],
    ['null', null],
  ])('%s is a programming error (rethrown at once)', (_what, error) => {
    expect(attemptFailureKind(error)).toBe('programming');
  });
});

describe('failureCode', () => {
  it('reads the error code, else its cause code', () => {
    expect(failureCode(withCode('x', 'ECONNRESET'))).toBe('ECONNRESET');
    expect(failureCode(new TypeError('fetch failed', { cause: { code: 'EPIPE' } }))).toBe('EPIPE');
    expect(failureCode(new Error('x'))).toBeUndefined();
    expect(failureCode(null)).toBeUndefined();
  });
});
