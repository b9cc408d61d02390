// The digests are compared with crypto.timingSafeEqual, on equal-length buffers, for every
// pair of secret and v1 entry (no early exit), never with a string comparison.
import { describe, expect, it, jest } from '@jest/globals';
import type * as Crypto from 'node:crypto';
import {
  CURRENT_SECRET,
  PING_BODY,
  PING_WITH_CURRENT,
  PING_WITH_PREVIOUS,
  PREVIOUS_SECRET,
} from './signature-vectors.js';

const actual = await import('node:crypto');
const calls: Array<[number, number]> = [];
jest.unstable_mockModule('node:crypto', () => ({
  ...actual,
  timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView): boolean => {
    calls.push([a.byteLength, b.byteLength]);
    return (actual as typeof Crypto).timingSafeEqual(a, b);
  },
}));
const { checkSignature } = await import('../../../src/core/webhooks/verify-signature.js');

describe('the comparison', () => {
  it('uses timingSafeEqual on 32-byte digests, for every secret and every v1 entry, even after a match', () => {
    calls.length = 0;
    const check = checkSignature(PING_BODY, `v1=${PING_WITH_CURRENT}, v1=${PING_WITH_PREVIOUS}, v2=ignored`, [
      CURRENT_SECRET,
      PREVIOUS_SECRET,
      'third',
    ]);
    expect(check).toEqual({ ok: true, secretIndex: 0 });
    expect(calls).toEqual(Array.from({ length: 6 }, () => [32, 32]));
  });

  it('never reaches a comparison for a malformed entry (a short digest is not compared)', () => {
    calls.length = 0;
    expect(checkSignature(PING_BODY, `v1=${PING_WITH_CURRENT.slice(2)}`, CURRENT_SECRET)).toEqual({
      ok: false,
      reason: 'malformed-signature',
    });
    expect(calls).toEqual([]);
  });
});
