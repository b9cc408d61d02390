// Properties of webhook signatures over random bodies and secrets; the fixed vectors in
// verify-signature.test.ts pin the HMAC itself to values computed outside the library.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { checkSignature, signWebhookBody } from '../../../src/core/webhooks/verify-signature.js';

const bodies = fc.uint8Array({ minLength: 1, maxLength: 2048 });
const secrets = fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' });
/** A non-zero byte to XOR into another: the result always differs. */
const flips = fc.integer({ min: 1, max: 255 });

const withByte = (bytes: Uint8Array, index: number, flip: number): Uint8Array => {
  const copy = Uint8Array.from(bytes);
  copy[index % copy.length] ^= flip;
  return copy;
};

describe('webhook signatures, for random bodies and secrets', () => {
  it('verifies a body signed with the secret, as bytes and as the same text', () => {
    fc.assert(
      fc.property(bodies, secrets, (body, secret) => {
        expect(checkSignature(body, signWebhookBody(body, secret), secret)).toEqual({ ok: true, secretIndex: 0 });
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 500 }), secrets, (text, secret) => {
        expect(checkSignature(Buffer.from(text, 'utf8'), signWebhookBody(text, secret), secret).ok).toBe(true);
      }),
    );
  });

  it('refuses the body with any one byte changed', () => {
    fc.assert(
      fc.property(bodies, secrets, fc.nat(), flips, (body, secret, index, flip) => {
        const signature = signWebhookBody(body, secret);
        expect(checkSignature(withByte(body, index, flip), signature, secret)).toEqual({
          ok: false,
          reason: 'no-match',
        });
      }),
    );
  });

  it('refuses the signature with any one of its 32 bytes changed', () => {
    fc.assert(
      fc.property(bodies, secrets, fc.nat(31), flips, (body, secret, index, flip) => {
        const digest = Buffer.from(signWebhookBody(body, secret).slice('v1='.length), 'hex');
        const forged = `v1=${Buffer.from(withByte(digest, index, flip)).toString('hex')}`;
        expect(checkSignature(body, forged, secret)).toEqual({ ok: false, reason: 'no-match' });
      }),
    );
  });

  it('refuses a header with any one character changed, unless only its case changed', () => {
    const characters = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(bodies, secrets, fc.nat(), characters, (body, secret, index, character) => {
        const header = signWebhookBody(body, secret);
        const at = index % header.length;
        fc.pre(header[at] !== character);
        const edited = header.slice(0, at) + character + header.slice(at + 1);
        // Versions and hex digits are read in either case: `V1=` and `AB` say the same as `v1=` and `ab`.
        const sameMeaning = edited.toLowerCase() === header.toLowerCase();
        expect(checkSignature(body, edited, secret).ok).toBe(sameMeaning);
      }),
    );
  });

  it('refuses a signature made with another secret', () => {
    fc.assert(
      fc.property(bodies, secrets, secrets, (body, secret, other) => {
        fc.pre(secret !== other);
        expect(checkSignature(body, signWebhookBody(body, other), secret).ok).toBe(false);
      }),
    );
  });
});
