import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { bytesFromHex, hex } from '../../../src/core/encoding/hex.js';

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
