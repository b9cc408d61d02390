import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { base64, base64Url } from '../../../src/core/encoding/base64.js';

describe('base64 without Buffer', () => {
  it("gives Node's Buffer encoding for any bytes, padded and url-safe", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(base64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
        expect(base64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
    );
  });

  it('encodes an array longer than one slice of the binary string', () => {
    const bytes = Uint8Array.from({ length: 100_003 }, (_, index) => (index * 31) % 256);
    expect(base64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('encodes RFC 4648 test vectors', () => {
    expect(base64(new TextEncoder().encode('foobar'))).toBe('Zm9vYmFy');
    expect(base64(new TextEncoder().encode('fo'))).toBe('Zm8=');
    expect(base64Url(Uint8Array.from([0xfb, 0xff]))).toBe('-_8');
  });
});
