/**
 * node-fetch and the proxy agent are loaded on the first request that needs them, so
 * that importing the library stays cheap; and no public declaration names node-fetch's
 * types, which node-fetch 2 does not ship.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SRC, sourceFiles } from '../../helpers/source-files.js';

const STATIC_IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+'(node-fetch|https-proxy-agent)'/m;

describe('the transport modules', () => {
  it('are never imported statically, not even for a type', () => {
    const offenders = sourceFiles(SRC).filter((file) => STATIC_IMPORT.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(SRC, file))).toEqual([]);
  });

  it('are imported on demand by the Node platform only', () => {
    const dynamic = sourceFiles(SRC).filter((file) =>
      /import\('(node-fetch|https-proxy-agent)'\)/.test(readFileSync(file, 'utf8')),
    );
    expect(dynamic.map((file) => path.relative(SRC, file))).toEqual([
      path.join('core', 'platform', 'node-platform.ts'),
    ]);
  });
});
