/**
 * Packs the package as npm would publish it and loads the tarball from throwaway ESM and
 * CommonJS projects, so the `exports` map, the built files and `require()` support are
 * checked as a user meets them. Dependencies are linked from this checkout: no network.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = process.cwd();
let work = '';
let tarball = '';

/** Creates a throwaway project with the tarball and this checkout's dependencies installed. */
function project(name: string, type: 'module' | 'commonjs', files: Record<string, string>): string {
  const dir = path.join(work, name);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, 'pagerduty-client'), { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', path.join(modules, 'pagerduty-client'), '--strip-components=1']);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'pagerduty-client') continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

const node = (dir: string, ...args: string[]): string =>
  execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

function consumer(name: string, type: 'module' | 'commonjs', file: string, code: string): string {
  return node(project(name, type, { [file]: code }), file);
}

/** A TypeScript program that uses every entry point's types; it must type-check. */
const TYPED_PROGRAM = `
import { RestApiV2Client, HttpError, type User, type Incident, type RetryPolicy } from 'pagerduty-client';
import { APISession, PDClientError } from 'pagerduty-client/legacy';
import { startEmulator } from 'pagerduty-client/emulator';

export async function main(): Promise<string[]> {
  const emulator = await startEmulator({ seedUsers: 2 });
  const client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url });
  const users: User[] = await client.listAll<User>('/users');
  const first: Incident | undefined = (await client.listAll<Incident>('/incidents'))[0];
  const policy: Pick<RetryPolicy, 'sleepTimer'> = { sleepTimer: client.sleepTimer };
  const session = new APISession(emulator.keys.account, { baseUrl: emulator.url });
  const legacyIsError: boolean = new PDClientError('x') instanceof Error;
  const isHttp = (e: unknown): e is HttpError => e instanceof HttpError;
  client.close();
  session.close();
  await emulator.close();
  return [String(users.length), first?.status ?? 'none', String(policy.sleepTimer), String(legacyIsError), String(isHttp(null))];
}
`;

/** Calls typed from their paths, with `@ts-expect-error` lines and type assertions (see the file). */
const TYPED_ENDPOINTS = readFileSync(path.join(root, '__tests__/package/fixtures/typed-endpoints.ts'), 'utf8');

function typeCheck(name: string, moduleOption: string, resolution: string): void {
  const dir = project(name, 'module', {
    'main.ts': TYPED_PROGRAM,
    'typed-endpoints.ts': TYPED_ENDPOINTS,
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: moduleOption,
        moduleResolution: resolution,
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
        lib: ['ES2023', 'esnext.disposable'],
      },
      files: ['main.ts', 'typed-endpoints.ts'],
    }),
  });
  try {
    node(dir, path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json');
  } catch (error) {
    // Show the compiler's diagnostics, not only that it failed.
    throw new Error(String((error as { stdout?: unknown }).stdout ?? error));
  }
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

  it('imports the legacy and emulator entry points from an ESM project', () => {
    const out = consumer(
      'esm-entries',
      'module',
      'main.mjs',
      `import { APISession, PDClientError } from 'pagerduty-client/legacy';
       import { startEmulator } from 'pagerduty-client/emulator';
       const emulator = await startEmulator({ seedUsers: 3 });
       const session = new APISession(emulator.keys.account, { baseUrl: emulator.url });
       const users = await session.listAll('/users');
       session.close();
       await emulator.close();
       console.log(typeof PDClientError, users.length);`,
    );
    expect(out.trim()).toBe('function 3');
  });

  it('runs the pagerduty command from the package', () => {
    const dir = project('bin-consumer', 'module', {});
    const out = node(dir, path.join('node_modules', 'pagerduty-client', 'dist', 'cli', 'main.js'), '--help');
    expect(out).toMatch(/pagerduty trigger/);
  });

  // nodenext resolves this package as node16 does (same exports map, ESM types); one compile
  // of the two keeps the suite short.
  it('type-checks a TypeScript consumer with moduleResolution nodenext', () => {
    expect(() => typeCheck('ts-nodenext', 'nodenext', 'nodenext')).not.toThrow();
  });

  it('type-checks a TypeScript consumer with moduleResolution bundler', () => {
    expect(() => typeCheck('ts-bundler', 'esnext', 'bundler')).not.toThrow();
  });

  it('requires every entry point from a CommonJS project', () => {
    const out = consumer(
      'cjs-entries',
      'commonjs',
      'main.cjs',
      `const legacy = require('pagerduty-client/legacy');
       const emulator = require('pagerduty-client/emulator');
       console.log(typeof legacy.APISession, typeof emulator.startEmulator);`,
    );
    expect(out.trim()).toBe('function function');
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
