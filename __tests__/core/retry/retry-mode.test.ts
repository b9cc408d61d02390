import { describe, expect, it } from '@jest/globals';
import { mayRetryAtMostOnce } from '../../../src/core/retry/retry-mode.js';

describe('mayRetryAtMostOnce', () => {
  it('retries a network error only when no connection was made', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']) {
      expect(mayRetryAtMostOnce({ kind: 'network-error' }, Object.assign(new Error('x'), { code }))).toBe(true);
      // undici's shape: TypeError('fetch failed') with the code on its cause
      expect(mayRetryAtMostOnce({ kind: 'network-error' }, new TypeError('fetch failed', { cause: { code } }))).toBe(
        true,
      );
    }
    for (const code of ['ETIMEDOUT', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']) {
      expect(mayRetryAtMostOnce({ kind: 'network-error' }, Object.assign(new Error('x'), { code }))).toBe(false);
    }
    expect(mayRetryAtMostOnce({ kind: 'network-error' }, new Error('no code'))).toBe(false);
    expect(mayRetryAtMostOnce({ kind: 'network-error' })).toBe(false);
  });

  it('retries a 429 (refused before it ran) and a 503 that carries a wait, as the status table says', () => {
    expect(mayRetryAtMostOnce({ kind: 'response', status: 429, retryAfter: 1 })).toBe(true);
    expect(mayRetryAtMostOnce({ kind: 'response', status: 503, retryAfter: 0 })).toBe(true);
    expect(mayRetryAtMostOnce({ kind: 'response', status: 429 })).toBe(true);
    expect(mayRetryAtMostOnce({ kind: 'response', status: 503 })).toBe(false);
    expect(mayRetryAtMostOnce({ kind: 'response', status: 500, retryAfter: 1 })).toBe(false);
    expect(mayRetryAtMostOnce({ kind: 'response', status: 502 })).toBe(false);
  });
});
