// Node hashes with node:crypto, loaded at the first hash; @noble/hashes is for the runtimes without node:crypto, and
// only the web platform imports it, so that importing the package on Node never loads it.
import { describe, expect, it, jest } from '@jest/globals';
import fc from 'fast-check';
import * as nodeCrypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SRC, sourceFiles } from '../../helpers/source-files.js';
import {
  base64,
  base64Url,
  bytesFromHex,
  hex,
  nodeHashing,
  type NodeCrypto,
} from '../../../src/core/platform/hashing.js';
import { hashing as nodePlatformHashing } from '../../../src/core/platform/node-platform.js';
import { hashing as webPlatformHashing } from '../../../src/core/platform/web-platform.js';

const importers = (pattern: RegExp): string[] =>
  sourceFiles(SRC)
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file));

describe('the hashing of each platform', () => {
  it("is node:crypto's on Node", () => {
    expect(nodePlatformHashing().source).toBe('node:crypto');
  });

  it('asks for node:crypto at the first hash, not before', () => {
    const load = jest.fn((): NodeCrypto => nodeCrypto);
    const lazy = nodeHashing(load);
    expect(load).not.toHaveBeenCalled();
    expect(Buffer.from(lazy.sha256(new Uint8Array())).toString('hex')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(load).toHaveBeenCalled();
  });

  it('on the web platform, is node:crypto where the runtime has it (Bun, Deno)', () => {
    expect(webPlatformHashing().source).toBe('node:crypto');
  });

  it('on the web platform, is the portable one where node:crypto is absent (a browser, a worker)', () => {
    expect(webPlatformHashing({}).source).toBe('@noble/hashes');
    expect(webPlatformHashing({ process: {} }).source).toBe('@noble/hashes');
    expect(webPlatformHashing({ process: { getBuiltinModule: () => undefined } }).source).toBe('@noble/hashes');
  });
});

describe('@noble/hashes', () => {
  it('is imported by the web platform only, which no module imports (the build puts it in for node-platform)', () => {
    expect(importers(/from '@noble\/hashes/)).toEqual([path.join('core', 'platform', 'web-platform.ts')]);
    expect(importers(/from '\.{1,2}\/(?:platform\/)?web-platform\.js'/)).toEqual([]);
  });
});

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
