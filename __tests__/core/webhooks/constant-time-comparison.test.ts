// The digests are compared in constant time, on equal-length arrays, for every pair of secret
// and v1 entry (no early exit), never with a string comparison: with node:crypto's
// timingSafeEqual on Node, with the portable comparison elsewhere.
import { describe, expect, it } from '@jest/globals';
import type { Hashing } from '../../../src/core/platform/hashing.js';
import { hashing } from '../../../src/core/platform/node-platform.js';
import { portableHashing } from '../../../src/core/platform/web-platform.js';
import { checkSignatureWith } from '../../../src/core/webhooks/verify-signature.js';
import {
  CURRENT_SECRET,
  PING_BODY,
  PING_WITH_CURRENT,
  PING_WITH_PREVIOUS,
  PREVIOUS_SECRET,
} from './signature-vectors.js';

const spying = (crypto: Hashing, calls: Array<[number, number]>): Hashing => ({
  ...crypto,
  timingSafeEqual: (a, b) => {
    calls.push([a.byteLength, b.byteLength]);
    return crypto.timingSafeEqual(a, b);
  },
});

describe.each([
  ['node:crypto', hashing()],
  ['@noble/hashes', portableHashing],
])('the comparison with %s', (_source, crypto) => {
  it('is constant-time on 32-byte digests, for every secret and every v1 entry, even after a match', () => {
    const calls: Array<[number, number]> = [];
    const check = checkSignatureWith(
      spying(crypto, calls),
      PING_BODY,
      `v1=${PING_WITH_CURRENT}, v1=${PING_WITH_PREVIOUS}, v2=ignored`,
      [CURRENT_SECRET, PREVIOUS_SECRET, 'third'],
      {},
    );
    expect(check).toEqual({ ok: true, secretIndex: 0 });
    expect(calls).toEqual(Array.from({ length: 6 }, () => [32, 32]));
  });

  it('never reaches a comparison for a malformed entry (a short digest is not compared)', () => {
    const calls: Array<[number, number]> = [];
    const header = `v1=${PING_WITH_CURRENT.slice(2)}`;
    expect(checkSignatureWith(spying(crypto, calls), PING_BODY, header, CURRENT_SECRET, {})).toEqual({
      ok: false,
      reason: 'malformed-signature',
    });
    expect(calls).toEqual([]);
  });
});
