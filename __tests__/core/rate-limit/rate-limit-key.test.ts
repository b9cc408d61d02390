import { createHash, webcrypto } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Secret } from '../../../src/core/auth/secret.js';
import {
  ANONYMOUS_RATE_LIMIT_ID,
  rateLimitKey,
  rateLimitKeyNow,
  type KeyHashGlobals,
} from '../../../src/core/rate-limit/rate-limit-key.js';

const CREDENTIAL = 'u+abcdefghij1234';
const EXPECTED = createHash('sha256').update(CREDENTIAL).digest('hex');
/** A page: Web Crypto, no `process`. */
const PAGE: KeyHashGlobals = { crypto: webcrypto as KeyHashGlobals['crypto'], window: { document: {} } };

describe('rateLimitKey', () => {
  it('names a budget by the SHA-256 of the credential in hex, never the credential', async () => {
    const key = await rateLimitKey(new Secret(CREDENTIAL));
    expect(key.id).toBe(EXPECTED);
    expect(key.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(key)).not.toContain('abcdefghij1234');
    expect((await rateLimitKey(new Secret('another-key'))).id).not.toBe(key.id);
    expect(Object.isFrozen(key)).toBe(true);
  });

  it('hashes at once on Node, with node:crypto', () => {
    expect(rateLimitKeyNow(new Secret(CREDENTIAL))).toEqual({ id: EXPECTED });
  });

  it('hashes with Web Crypto, to the same hex, where node:crypto is missing (a page)', async () => {
    expect(rateLimitKeyNow(new Secret(CREDENTIAL), PAGE)).toBeUndefined();
    const key = await rateLimitKey(new Secret(CREDENTIAL), PAGE);
    expect(key).toEqual({ id: EXPECTED });
    expect(Object.isFrozen(key)).toBe(true);
  });

  it('fails clearly where the runtime has neither (a page served over plain http)', async () => {
    await expect(rateLimitKey(new Secret(CREDENTIAL), { window: { document: {} } })).rejects.toThrow(
      /a browser has no Web Crypto \(crypto\.subtle\).*https or localhost/,
    );
  });

  it('puts requests without a credential on one anonymous budget', async () => {
    expect(await rateLimitKey(undefined)).toEqual({ id: ANONYMOUS_RATE_LIMIT_ID });
    expect(rateLimitKeyNow(undefined, PAGE)).toEqual({ id: ANONYMOUS_RATE_LIMIT_ID });
  });
});
