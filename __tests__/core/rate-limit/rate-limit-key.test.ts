import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Secret } from '../../../src/core/auth/secret.js';
import { ANONYMOUS_RATE_LIMIT_ID, rateLimitKey } from '../../../src/core/rate-limit/rate-limit-key.js';

describe('rateLimitKey', () => {
  it('names a budget by the SHA-256 of the credential in hex, never the credential', () => {
    const key = rateLimitKey(new Secret('u+abcdefghij1234'));
    expect(key.id).toBe(createHash('sha256').update('u+abcdefghij1234').digest('hex'));
    expect(key.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(key)).not.toContain('abcdefghij1234');
    expect(rateLimitKey(new Secret('another-key')).id).not.toBe(key.id);
    expect(Object.isFrozen(key)).toBe(true);
  });

  it('puts requests without a credential on one anonymous budget', () => {
    expect(rateLimitKey(undefined)).toEqual({ id: ANONYMOUS_RATE_LIMIT_ID });
  });
});
