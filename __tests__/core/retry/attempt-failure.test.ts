import { describe, expect, it } from '@jest/globals';
import { attemptFailureKind } from '../../../src/core/retry/attempt-failure.js';

describe('attemptFailureKind', () => {
  it.each([
    ['a node-fetch FetchError', Object.assign(new Error('request failed, reason: connect ECONNREFUSED'), { name: 'FetchError', code: 'ECONNREFUSED' })],
    ['the engine timeout', Object.assign(new Error('no complete response within 1 s'), { code: 'ETIMEDOUT' })],
    ["undici's fetch failed", new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) })],
    ['a TypeError over a system error', new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } })],
  ])('%s is a transport failure (retried)', (_what, error) => {
    expect(attemptFailureKind(error)).toBe('transport');
  });

  it.each([
    ['a body on GET', new TypeError('Request with GET/HEAD method cannot have body')],
    ['an invalid proxy URL', Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL' })],
    ['a TypeError over an argument error', new TypeError('bad', { cause: { code: 'ERR_INVALID_ARG_TYPE' } })],
  ])('%s is a programming error (thrown at once)', (_what, error) => {
    expect(attemptFailureKind(error)).toBe('programming');
  });
});
