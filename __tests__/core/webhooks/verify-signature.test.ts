import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  bytesFromHex,
  checkSignature,
  hex,
  signWebhookBody,
  verifySignature,
} from '../../../src/core/webhooks/verify-signature.js';
import { WebhookVerificationError } from '../../../src/core/webhooks/webhook-errors.js';
import {
  CAFE_WITH_K,
  CURRENT_SECRET,
  PING_BODY,
  PING_WITH_CURRENT,
  PING_WITH_PREVIOUS,
  PREVIOUS_SECRET,
} from './signature-vectors.js';

const reasonOf = (run: () => void): string | undefined => {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return undefined;
};

describe('verifySignature against independently computed vectors', () => {
  it('accepts the v1 HMAC-SHA256 of the body with the secret', () => {
    expect(() => verifySignature(PING_BODY, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET)).not.toThrow();
    expect(checkSignature(PING_BODY, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET)).toEqual({ ok: true, secretIndex: 0 });
  });

  it('accepts the body as a Buffer, a Uint8Array or a string, encoding a string as UTF-8', () => {
    const buffer = Buffer.from(PING_BODY, 'utf8');
    expect(checkSignature(buffer, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET).ok).toBe(true);
    expect(checkSignature(new Uint8Array(buffer), `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET).ok).toBe(true);
    expect(checkSignature('café', `v1=${CAFE_WITH_K}`, 'k').ok).toBe(true);
    expect(checkSignature('cafe', `v1=${CAFE_WITH_K}`, 'k')).toEqual({ ok: false, reason: 'no-match' });
  });

  it('accepts a rotation header with two v1 values, whichever one matches', () => {
    const header = `v1=${PING_WITH_PREVIOUS},v1=${PING_WITH_CURRENT}`;
    expect(checkSignature(PING_BODY, header, CURRENT_SECRET).ok).toBe(true);
    expect(checkSignature(PING_BODY, header, PREVIOUS_SECRET).ok).toBe(true);
  });

  it('tries each of several secrets on our side and says which one matched', () => {
    expect(checkSignature(PING_BODY, `v1=${PING_WITH_PREVIOUS}`, [CURRENT_SECRET, PREVIOUS_SECRET])).toEqual({
      ok: true,
      secretIndex: 1,
    });
  });

  it('ignores entries of other versions, even one holding a matching digest', () => {
    expect(checkSignature(PING_BODY, `v2=abc, v1=${PING_WITH_CURRENT}`, CURRENT_SECRET).ok).toBe(true);
    expect(checkSignature(PING_BODY, `v2=${PING_WITH_CURRENT}`, CURRENT_SECRET)).toEqual({
      ok: false,
      reason: 'malformed-signature',
    });
  });

  it('tolerates whitespace around entries and upper-case hex', () => {
    expect(
      checkSignature(
        PING_BODY,
        `  v1 = ${PING_WITH_CURRENT.toUpperCase()} ,  v1=${PING_WITH_PREVIOUS}  `,
        CURRENT_SECRET,
      ).ok,
    ).toBe(true);
  });

  it('refuses a tampered body and a wrong secret with no-match', () => {
    expect(
      reasonOf(() => verifySignature(PING_BODY.replace('Pagey', 'Pagex'), `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET)),
    ).toBe('no-match');
    expect(reasonOf(() => verifySignature(`${PING_BODY} `, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET))).toBe(
      'no-match',
    );
    expect(reasonOf(() => verifySignature(PING_BODY, `v1=${PING_WITH_CURRENT}`, 'whsec-other'))).toBe('no-match');
  });

  it('tells a missing header from a malformed one', () => {
    expect(reasonOf(() => verifySignature(PING_BODY, undefined, CURRENT_SECRET))).toBe('missing-signature');
    expect(reasonOf(() => verifySignature(PING_BODY, '   ', CURRENT_SECRET))).toBe('missing-signature');
    for (const header of [
      'garbage',
      `v1=${PING_WITH_CURRENT.slice(1)}`,
      `v1=${PING_WITH_CURRENT}00`,
      'v1=zz'.padEnd(67, 'z'),
      `sha256=${PING_WITH_CURRENT}`,
      'v1=',
    ]) {
      expect(reasonOf(() => verifySignature(PING_BODY, header, CURRENT_SECRET))).toBe('malformed-signature');
    }
  });

  it('reads a repeated header given as an array', () => {
    expect(checkSignature(PING_BODY, ['v2=x', `v1=${PING_WITH_CURRENT}`], CURRENT_SECRET).ok).toBe(true);
  });

  it('refuses a body over the cap before hashing it, with a configurable cap of 256 KiB by default', () => {
    const big = 'x'.repeat(256 * 1024 + 1);
    expect(checkSignature(big, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET)).toEqual({ ok: false, reason: 'too-large' });
    expect(checkSignature('x'.repeat(256 * 1024), `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET)).toEqual({
      ok: false,
      reason: 'no-match',
    });
    expect(
      reasonOf(() => verifySignature(PING_BODY, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET, { maxBodyBytes: 10 })),
    ).toBe('too-large');
  });

  it('throws a TypeError, not a verification error, when no usable secret is given', () => {
    expect(() => verifySignature(PING_BODY, `v1=${PING_WITH_CURRENT}`, [])).toThrow(TypeError);
    expect(() => verifySignature(PING_BODY, `v1=${PING_WITH_CURRENT}`, '')).toThrow(TypeError);
  });

  it('refuses a parsed body rather than re-serialising it', () => {
    expect(() => checkSignature(JSON.parse(PING_BODY) as string, `v1=${PING_WITH_CURRENT}`, CURRENT_SECRET)).toThrow(
      TypeError,
    );
  });

  it('never quotes a secret or a signature in its messages', () => {
    try {
      verifySignature(PING_BODY, `v1=${PING_WITH_PREVIOUS}`, CURRENT_SECRET);
    } catch (error) {
      expect(String(error)).not.toContain(CURRENT_SECRET);
      expect(String(error)).not.toContain(PING_WITH_PREVIOUS);
    }
    expect.assertions(2);
  });
});

describe('signWebhookBody', () => {
  it('writes the header PagerDuty would send', () => {
    expect(signWebhookBody(PING_BODY, CURRENT_SECRET)).toBe(`v1=${PING_WITH_CURRENT}`);
  });
});

describe('hex', () => {
  it("writes any bytes as Node's Buffer does, and reads them back in either case", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = hex(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('hex'));
        expect(bytesFromHex(text)).toEqual(bytes);
        expect(bytesFromHex(text.toUpperCase())).toEqual(bytes);
      }),
    );
  });

  it('refuses an odd number of digits or a character that is not a hex digit', () => {
    expect(() => bytesFromHex('abc')).toThrow(RangeError);
    expect(() => bytesFromHex('0g')).toThrow(RangeError);
    expect(() => bytesFromHex(' 00')).toThrow(RangeError);
  });
});
