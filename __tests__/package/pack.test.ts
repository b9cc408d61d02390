/**
 * Packs the package as npm would publish it and loads the tarball from throwaway ESM and
 * CommonJS projects, so the `exports` map, the built files and `require()` support are
 * checked as a user meets them. Dependencies are linked from this checkout: no network.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = process.cwd();
let work = '';
let tarball = '';

function consumer(name: string, type: 'module' | 'commonjs', file: string, code: string): string {
  const dir = path.join(work, name);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, 'pagerduty-client'), { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', path.join(modules, 'pagerduty-client'), '--strip-components=1']);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'pagerduty-client') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  writeFileSync(path.join(dir, file), code);
  return execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'pagerduty-client-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(work, info.filename);
}, 120_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds only dist and the documents', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n');
    const outside = listing.filter((file) => !/^package\/(dist\/|README\.md$|LICENSE$|CHANGELOG\.md$|MIGRATION\.md$|package\.json$)/.test(file));
    expect(outside).toEqual([]);
    expect(listing).toContain('package/dist/index.js');
    expect(listing).toContain('package/dist/index.d.ts');
  });

  it('imports from an ESM project', () => {
    const out = consumer(
      'esm-consumer',
      'module',
      'main.mjs',
      `import { ApiClient, tokenAuth, HttpError, VERSION } from 'pagerduty-client';
       const client = new ApiClient(tokenAuth('abcdefgh'));
       console.log(typeof ApiClient, typeof HttpError, client.url, VERSION);`,
    );
    expect(out.trim()).toMatch(/^function function https:\/\/api\.pagerduty\.com \d+\.\d+\.\d+/);
  });

  it('requires from a CommonJS project', () => {
    const out = consumer(
      'cjs-consumer',
      'commonjs',
      'main.cjs',
      `const pd = require('pagerduty-client');
       const client = new pd.ApiClient(pd.tokenAuth('abcdefgh'));
       console.log(typeof pd.ApiClient, client.url);`,
    );
    expect(out.trim()).toBe('function https://api.pagerduty.com');
  });
});
