// The build ships the license of each third-party package it bundles.
import { describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundledPackages, writeThirdPartyLicenses } from '../../scripts/third-party-licenses.js';

describe('bundledPackages', () => {
  it("names each bundled package's folder once, scoped ones too, and no source of the package's own", () => {
    expect(
      bundledPackages([
        'src/core/platform/node-platform.ts',
        'node_modules/node-fetch/lib/index.mjs',
        'node_modules/agent-base/dist/index.js',
        'node_modules/agent-base/dist/helpers.js',
        'node_modules/@scope/name/index.js',
        'builtin-import:net',
      ]),
    ).toEqual(['node_modules/@scope/name', 'node_modules/agent-base', 'node_modules/node-fetch']);
  });
});

describe('writeThirdPartyLicenses', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pd-licenses-'));
  const folder = (name: string, license: string | undefined) => {
    mkdirSync(path.join(root, 'node_modules', name), { recursive: true });
    writeFileSync(
      path.join(root, 'node_modules', name, 'package.json'),
      JSON.stringify({ name, version: '1.2.3', license: 'MIT' }),
    );
    if (license !== undefined) writeFileSync(path.join(root, 'node_modules', name, 'LICENSE.md'), license);
    return `node_modules/${name}`;
  };

  it('writes the name, version, license and license text of each', () => {
    const file = path.join(root, 'notices.txt');
    const named = writeThirdPartyLicenses(root, [folder('one', 'Copyright (c) One\n')], file);
    expect(named).toEqual(['one@1.2.3']);
    expect(readFileSync(file, 'utf8')).toContain('one 1.2.3 (MIT)\n\nCopyright (c) One\n');
    rmSync(file);
  });

  it('fails the build for a bundled package without a license file', () => {
    expect(() => writeThirdPartyLicenses(root, [folder('bare', undefined)], path.join(root, 'x.txt'))).toThrow(
      'bare is bundled but has no license file',
    );
    rmSync(root, { recursive: true, force: true });
  });
});
