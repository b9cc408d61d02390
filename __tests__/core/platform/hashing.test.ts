// Node hashes with node:crypto, loaded at the first hash; @noble/hashes is for the runtimes without node:crypto, and
// only the web platform imports it, so that importing the package on Node never loads it.
import { describe, expect, it, jest } from '@jest/globals';
import * as nodeCrypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SRC, sourceFiles } from '../../helpers/source-files.js';
import { nodeHashing, type NodeCrypto } from '../../../src/core/platform/hashing.js';
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
