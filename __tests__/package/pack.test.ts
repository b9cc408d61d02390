/**
 * Packs the package as npm would publish it and loads the tarball from throwaway ESM and
 * CommonJS projects, so the `exports` map, the built files and `require()` support are
 * checked as a user meets them, also bundled by esbuild as ESM and as CommonJS; TypeScript
 * consumers are checked with every setting of Getting started's table, and the tarball with
 * publint and arethetypeswrong. Dependencies are linked from this checkout: no network.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import ts from 'typescript';
import { tableAfter } from '../guide/markdown-blocks.js';
import { consumerDiagnostics } from './consumer-type-check.js';
import { ok, startLoopback } from '../helpers/loopback.js';

const root = process.cwd();
let work = '';
let tarball = '';
/** The files in the tarball, without the leading `package/`. */
let listing: string[] = [];
/** A file a build of long ago left in dist/: `prepack` must not ship it. */
const STALE = path.join(root, 'dist', 'stale-from-an-old-build.js');

// A scoped package (`@noble/hashes`) lives in its scope's folder.
const topFolder = (name: string): string => name.split('/')[0] ?? name;

/**
 * Creates a throwaway project with the tarball and this checkout's dependencies installed
 * (`only`: just those packages, as an install of the package alone would have them).
 */
function project(
  name: string,
  type: 'module' | 'commonjs',
  files: Record<string, string>,
  only?: readonly string[],
): string {
  const dir = path.join(work, name);
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, 'pagerduty-client'), { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', path.join(modules, 'pagerduty-client'), '--strip-components=1']);
  for (const entry of readdirSync(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'pagerduty-client' || (only && !only.map(topFolder).includes(entry)))
      continue;
    symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type }));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

const node = (dir: string, ...args: string[]): string =>
  execFileSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });

/** Runs a program without blocking this process (a loopback server here answers it). */
function run(
  file: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd, encoding: 'utf8', timeout: 30_000, env: { ...process.env, NODE_OPTIONS: '', ...env } },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${path.basename(file)} ${args.join(' ')}: ${error.message}\n${stderr}`))
          : resolve({ stdout, stderr }),
    );
  });
}

function consumer(name: string, type: 'module' | 'commonjs', file: string, code: string): string {
  return node(project(name, type, { [file]: code }), file);
}

/** A TypeScript program that uses every entry point's types; it must type-check. */
const TYPED_PROGRAM = `
import { RestApiV2Client, HttpError, type User, type Incident, type RetryPolicy } from 'pagerduty-client';
import { APISession, PDClientError } from 'pagerduty-client/legacy';
import { startEmulator } from 'pagerduty-client/emulator';
import { type Priority } from 'pagerduty-client/types';
import { ITERATION_LIMIT } from 'pagerduty-client/tables';
import { isWebhookEvent, signWebhookBody, type AnyWebhookEvent } from 'pagerduty-client/webhooks';

export function webhookTitle(event: AnyWebhookEvent): string {
  return isWebhookEvent(event, 'incident.triggered') ? event.data.title : signWebhookBody('{}', 'secret');
}

export async function main(): Promise<string[]> {
  const emulator = await startEmulator({ seedUsers: 2 });
  const client = new RestApiV2Client(emulator.keys.account, { baseUrl: emulator.url });
  const users: User[] = await client.listAll<User>('/users');
  const first: Incident | undefined = (await client.listAll<Incident>('/incidents'))[0];
  const policy: Pick<RetryPolicy, 'sleepTimer'> = { sleepTimer: client.sleepTimer };
  const priority: Priority = { name: 'P1' };
  const session = new APISession(emulator.keys.account, { baseUrl: emulator.url });
  const legacyIsError: boolean = new PDClientError('x') instanceof Error;
  const isHttp = (e: unknown): e is HttpError => e instanceof HttpError;
  client.close();
  session.close();
  await emulator.close();
  return [
    String(users.length),
    first?.status ?? 'none',
    String(policy.sleepTimer),
    String(legacyIsError),
    String(isHttp(null)),
    priority.name ?? '',
    String(ITERATION_LIMIT),
  ];
}
`;

/** Calls typed from their paths, with `@ts-expect-error` lines and type assertions (see the file). */
const TYPED_ENDPOINTS = readFileSync(path.join(root, '__tests__/package/fixtures/typed-endpoints.ts'), 'utf8');

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'pagerduty-client-pack-'));
  mkdirSync(path.dirname(STALE), { recursive: true });
  writeFileSync(STALE, 'export const stale = true;\n');
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
  tarball = path.join(work, info.filename);
  listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((file) => file.replace(/^package\//, ''));
}, 180_000);

afterAll(() => {
  rmSync(STALE, { force: true });
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds only dist, the README and the licence: no stale build, no source maps (the rest is in git)', () => {
    const outside = listing.filter((file) => !/^(dist\/|README\.md$|LICENSE$|package\.json$)/.test(file));
    expect(outside).toEqual([]);
    expect(listing).toContain('dist/index.js');
    expect(listing).toContain('dist/index.d.ts');
    expect(listing).not.toContain('dist/stale-from-an-old-build.js');
    expect(listing.filter((file) => file.endsWith('.map'))).toEqual([]);
    const index = execFileSync('tar', ['-xzOf', tarball, 'package/dist/index.js'], { encoding: 'utf8' });
    expect(index).not.toContain('sourceMappingURL');
  });

  // Issue 37's target. The emulator's operations and schemas of the whole REST description (issue 41) took it to
  // 423 kB; the tools and the bundled third-party code are minified, the declarations compacted
  // (scripts/minify-tools.ts, scripts/compact-declarations.ts). `node bench/bundle-size.mjs` prints the figure.
  // 400 kB until issues 49-53 (the emulator's schedules and incidents, PagerDuty's MCP tool facts, the everyday
  // commands, the webhook core and stores, hooks and telemetry): 477 kB then; 492 kB after the emulator's escalation
  // and notifications and MCP's tracing (issues 49, 52). A guard against growth, not a target met.
  it('is at most 500 kB packed (the guide and unreached declarations made it 517 kB)', () => {
    expect(statSync(tarball).size).toBeLessThanOrEqual(500_000);
  });

  it('names the license of each third-party package it bundles', () => {
    const notices = execFileSync('tar', ['-xzOf', tarball, 'package/dist/third-party-licenses.txt'], {
      encoding: 'utf8',
    });
    for (const name of ['node-fetch', 'https-proxy-agent', 'agent-base']) {
      expect(notices).toMatch(new RegExp(`^${name} \\d+\\.\\d+\\.\\d+ \\(MIT\\)$`, 'm'));
    }
    expect(notices).toContain('Permission is hereby granted');
  });

  it('ships or has in the repository the target of every relative link of its Markdown', () => {
    const dead: string[] = [];
    for (const file of listing.filter((name) => name.endsWith('.md'))) {
      const text = execFileSync('tar', ['-xzOf', tarball, `package/${file}`], { encoding: 'utf8' });
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target.split('#')[0] ?? ''));
        // npm's page sends the links to the guide and the examples to the repository.
        if (!listing.includes(resolved) && !existsSync(path.join(root, resolved))) dead.push(`${file}: ${target}`);
      }
    }
    expect(dead).toEqual([]);
  });

  it('passes publint (strict)', () => {
    const bin = path.join(root, 'node_modules', 'publint', 'src', 'cli.js');
    const out = execFileSync(process.execPath, [bin, 'run', tarball, '--strict'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(out).toContain('All good!');
  });

  it('passes arethetypeswrong, CommonJS consumers aside (they load it with require() of an ES module)', () => {
    // Node >= 20.19 (the engines range) loads ES modules with require(); attw's node16 CommonJS
    // check predates that. Getting started documents the TypeScript settings that allow it.
    const bin = path.join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    const run = (...args: string[]) =>
      execFileSync(process.execPath, [bin, tarball, '--format', 'json', ...args], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
    // execFileSync throws when attw exits non-zero, as it does for any problem not ignored.
    const report = JSON.parse(run('--ignore-rules', 'cjs-resolves-to-esm')) as {
      analysis: { problems: Array<{ kind: string; resolutionKind?: string }> };
    };
    const others = report.analysis.problems.filter(
      (problem) => !(problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs'),
    );
    expect(others).toEqual([]);
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

  it('imports the legacy, emulator, tables, types and webhooks entry points from an ESM project', () => {
    const out = consumer(
      'esm-entries',
      'module',
      'main.mjs',
      `import { APISession, PDClientError } from 'pagerduty-client/legacy';
       import { startEmulator } from 'pagerduty-client/emulator';
       import { ITERATION_LIMIT } from 'pagerduty-client/tables';
       import * as types from 'pagerduty-client/types';
       import { verifySignature, signWebhookBody } from 'pagerduty-client/webhooks';
       verifySignature('{}', signWebhookBody('{}', 'secret'), 'secret');
       const emulator = await startEmulator({ seedUsers: 3 });
       const session = new APISession(emulator.keys.account, { baseUrl: emulator.url });
       const users = await session.listAll('/users');
       session.close();
       await emulator.close();
       console.log(typeof PDClientError, users.length, ITERATION_LIMIT, Object.keys(types).length);`,
    );
    expect(out.trim()).toBe('function 3 10000 0');
  });

  it('runs the pagerduty command from the package', () => {
    const dir = project('bin-consumer', 'module', {});
    const out = node(dir, path.join('node_modules', 'pagerduty-client', 'dist', 'cli', 'main.js'), '--help');
    expect(out).toMatch(/pagerduty trigger/);
  });

  it('requires every entry point from a CommonJS project', () => {
    const out = consumer(
      'cjs-entries',
      'commonjs',
      'main.cjs',
      `const legacy = require('pagerduty-client/legacy');
       const emulator = require('pagerduty-client/emulator');
       const tables = require('pagerduty-client/tables');
       const types = require('pagerduty-client/types');
       const redis = require('pagerduty-client/rate-limit-redis');
       const webhooks = require('pagerduty-client/webhooks');
       console.log(typeof legacy.APISession, typeof emulator.startEmulator, tables.ITERATION_LIMIT,
         Object.keys(types).length, typeof redis.createRedisRateLimiter, typeof webhooks.createWebhookHandler);`,
    );
    expect(out.trim()).toBe('function function 10000 0 function function');
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

/** The rows of Getting started's settings table: module, moduleResolution, file kinds, expected outcome. */
function settingsRows(): Array<{
  module: string;
  resolution: string;
  kinds: Array<'module' | 'commonjs'>;
  expected: string;
}> {
  const page = readFileSync(path.join(root, 'guide', 'getting-started.md'), 'utf8');
  return tableAfter(page, 'typescript-settings').map(([module = '', resolution = '', kinds = '', works = '']) => ({
    module: module.replace(/`/g, ''),
    resolution: resolution.replace(/`/g, ''),
    kinds: [
      ...(kinds.includes('ESM') ? (['module'] as const) : []),
      ...(kinds.includes('CommonJS') ? (['commonjs'] as const) : []),
    ],
    expected: works,
  }));
}

describe('TypeScript consumers of the packed package', () => {
  const dirs = new Map<'module' | 'commonjs', string>();
  const dirFor = (kind: 'module' | 'commonjs'): string => {
    let dir = dirs.get(kind);
    if (!dir) dirs.set(kind, (dir = project(`ts-${kind}`, kind, { 'main.ts': TYPED_PROGRAM })));
    return dir;
  };

  it('Getting started lists the settings to check', () => {
    const rows = settingsRows();
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.some((row) => row.kinds.includes('commonjs') && row.expected === 'yes')).toBe(true);
  });

  it('type-check, or fail with the error the table names, with each setting of Getting started', () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const row of settingsRows()) {
      for (const kind of row.kinds) {
        const label = `${row.module}/${row.resolution} from ${kind}`;
        // The consumer's own file under each setting; the package's declarations are checked
        // in full (skipLibCheck off) under node10, nodenext and bundler by the tests below.
        const options = {
          module: row.module,
          moduleResolution: row.resolution,
          esModuleInterop: true,
          skipLibCheck: true,
        };
        const codes = [
          ...new Set(consumerDiagnostics(dirFor(kind), 'main.ts', options).map((line) => line.split(' ')[0])),
        ];
        outcomes.push(`${label}: ${codes.length === 0 ? 'yes' : `no: ${codes.join(', ')}`}`);
        expected.push(`${label}: ${row.expected.replace(/^(no: TS\d+).*/, '$1')}`);
      }
    }
    expect(outcomes).toEqual(expected);
  }, 120_000);

  it('need no esModuleInterop nor allowSyntheticDefaultImports with skipLibCheck off, as Getting started says', () => {
    const settings = {
      module: 'commonjs',
      moduleResolution: 'node10',
      esModuleInterop: false,
      allowSyntheticDefaultImports: false,
    };
    expect(consumerDiagnostics(dirFor('commonjs'), 'main.ts', settings)).toEqual([]);
  }, 60_000);

  it.each([
    ['nodenext', 'nodenext'],
    ['esnext', 'bundler'],
  ])(
    'type calls by path under module %s, moduleResolution %s: each assertion and @ts-expect-error of the fixture holds',
    (module, moduleResolution) => {
      const dir = project(`ts-typed-${moduleResolution}`, 'module', { 'typed-endpoints.ts': TYPED_ENDPOINTS });
      expect(consumerDiagnostics(dir, 'typed-endpoints.ts', { module, moduleResolution })).toEqual([]);
    },
    60_000,
  );

  it.each([
    ['commonjs', 'node10'],
    ['node20', 'node16'],
  ])('compiled to CommonJS with module %s, runs on Node 20 (require of the ES module)', (module, resolution) => {
    const dir = dirFor('commonjs');
    const { outputText } = ts.transpileModule(TYPED_PROGRAM, {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: module === 'commonjs' ? ts.ModuleKind.CommonJS : ts.ModuleKind.Node20,
        moduleResolution: resolution === 'node10' ? ts.ModuleResolutionKind.Node10 : ts.ModuleResolutionKind.Node16,
        esModuleInterop: true,
      },
      fileName: path.join(dir, 'main.cts'),
    });
    writeFileSync(path.join(dir, `main-${module}.cjs`), outputText);
    writeFileSync(
      path.join(dir, `run-${module}.cjs`),
      `require('./main-${module}.cjs').main().then((out) => console.log(out.join(' ')));\n`,
    );
    expect(node(dir, `run-${module}.cjs`).trim()).toMatch(/^2 \S+ \d+(\.\d+)? true false P1 10000$/);
  });
});

/** A consumer that makes one request through the package; bundled as ESM and as CommonJS below. */
const BUNDLED_CONSUMER = `
import { RestApiV2Client } from 'pagerduty-client';

const client = new RestApiV2Client('u+bundledconsumer1', { baseUrl: process.env.PD_BASE_URL, sleepTimer: 0 });
client.rget('/users/PABC').then(
  (user) => console.log(user.id),
  (error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
).finally(() => client.close());
`;

describe('an installed package', () => {
  it('makes its request with only its declared dependencies installed (node-fetch, proxy agent bundled)', async () => {
    const declared = Object.keys(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies,
    );
    expect(declared).not.toContain('node-fetch');
    const dir = project('declared-only', 'module', { 'consumer.mjs': BUNDLED_CONSUMER }, declared);
    const folders = new Set(['pagerduty-client', ...declared.map(topFolder)]);
    expect(readdirSync(path.join(dir, 'node_modules')).sort()).toEqual([...folders].sort());
    const server = await startLoopback([ok({ user: { id: 'PABC', type: 'user' } })]);
    try {
      const { stdout } = await run(process.execPath, ['consumer.mjs'], dir, { PD_BASE_URL: server.url });
      expect(stdout.trim()).toBe('PABC');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('hashes with node:crypto on Node: PKCE and webhook signatures work with @noble/hashes left out', async () => {
    const declared = Object.keys(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies,
    );
    expect(declared).toContain('@noble/hashes');
    const dir = project(
      'without-noble',
      'module',
      {
        'consumer.mjs': `import { createHash } from 'node:crypto';
        import { OAuthTokenClient } from 'pagerduty-client';
        import { checkSignature, signWebhookBody } from 'pagerduty-client/webhooks';
        const [verifier, challenge] = new OAuthTokenClient(null, 'client-id').generateS256PkceParams();
        const expected = createHash('sha256').update(verifier).digest('base64url');
        const signature = signWebhookBody('{}', 'secret');
        console.log(challenge === expected, signature, JSON.stringify(checkSignature('{}', signature, 'secret')));`,
      },
      declared.filter((name) => name !== '@noble/hashes'),
    );
    expect(readdirSync(path.join(dir, 'node_modules'))).not.toContain('@noble');
    const { stdout } = await run(process.execPath, ['consumer.mjs'], dir);
    // HMAC-SHA256 of "{}" with the key "secret" (openssl dgst -sha256 -hmac secret).
    expect(stdout.trim()).toBe(
      'true v1=77325902caca812dc259733aacd046b73817372c777b8d95b402647474516e13 {"ok":true,"secretIndex":0}',
    );
  }, 60_000);
});

describe('the optional peer ioredis', () => {
  const declared = (): string[] =>
    Object.keys(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies,
    );

  it('left out: the root and the CLI work, and the Redis entry says what to install', async () => {
    const dir = project(
      'without-ioredis',
      'module',
      {
        'consumer.mjs': `import { RestApiV2Client } from 'pagerduty-client';
        import { createRedisRateLimiter } from 'pagerduty-client/rate-limit-redis';
        console.log(typeof RestApiV2Client);
        await createRedisRateLimiter({ url: 'redis://127.0.0.1:1' }).catch((error) => console.log(error.message));`,
      },
      declared(),
    );
    expect(readdirSync(path.join(dir, 'node_modules'))).not.toContain('ioredis');
    const { stdout } = await run(process.execPath, ['consumer.mjs'], dir);
    expect(stdout.trim().split('\n')).toEqual([
      'function',
      'pagerduty-client/rate-limit-redis needs the optional peer dependency ioredis: npm install ioredis@6',
    ]);
    const cli = path.join('node_modules', 'pagerduty-client', 'dist', 'cli', 'main.js');
    const failed = await run(process.execPath, [cli, 'api', '/users', '--base-url', 'http://127.0.0.1:1'], dir, {
      PAGERDUTY_API_KEY: 'abcdefgh',
      PAGERDUTY_REDIS_URL: 'redis://127.0.0.1:1',
    }).catch((error: Error) => error.message);
    expect(failed).toMatch(
      /--redis-url \(PAGERDUTY_REDIS_URL\) needs the optional package ioredis: npm install ioredis@6/,
    );
  }, 60_000);

  it('installed: a Redis that cannot be reached leaves requests to each process, with one warning', async () => {
    const dir = project('with-ioredis', 'module', {
      'consumer.mjs': `import { RestApiV2Client } from 'pagerduty-client';
        import { createRedisRateLimiter } from 'pagerduty-client/rate-limit-redis';
        const warnings = [];
        const logger = { debug() {}, info() {}, warn: (line) => warnings.push(line), error() {} };
        const rateLimiter = await createRedisRateLimiter({ url: 'redis://127.0.0.1:1', logger });
        const client = new RestApiV2Client('abcdefgh', { baseUrl: process.env.PD_BASE_URL, rateLimiter });
        const user = await client.rget('/users/PABC');
        client.close();
        await rateLimiter.close();
        console.log(user.id, warnings.length);`,
    });
    const server = await startLoopback([ok({ user: { id: 'PABC', type: 'user' } })]);
    try {
      const { stdout } = await run(process.execPath, ['consumer.mjs'], dir, { PD_BASE_URL: server.url });
      expect(stdout.trim()).toBe('PABC 1');
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('a consumer bundled with esbuild (--bundle --platform=node), the usual Lambda setup', () => {
  it.each(['esm', 'cjs'])(
    'as %s, makes its request against a loopback server, run where no node_modules is',
    async (format) => {
      const dir = project(`bundled-${format}`, 'module', { 'consumer.mjs': BUNDLED_CONSUMER });
      const outfile = path.join(dir, 'out', format === 'esm' ? 'consumer.mjs' : 'consumer.cjs');
      await run(
        path.join(root, 'node_modules', '.bin', 'esbuild'),
        [
          'consumer.mjs',
          '--bundle',
          '--platform=node',
          `--format=${format}`,
          `--outfile=${outfile}`,
          '--log-level=error',
        ],
        dir,
      );
      // The bundle alone, as deployed: nothing beside it to resolve a package from.
      const deployed = mkdtempSync(path.join(work, 'deployed-'));
      writeFileSync(path.join(deployed, path.basename(outfile)), readFileSync(outfile));
      const server = await startLoopback([ok({ user: { id: 'PABC', type: 'user' } })]);
      try {
        const { stdout } = await run(process.execPath, [path.basename(outfile)], deployed, { PD_BASE_URL: server.url });
        expect(stdout.trim()).toBe('PABC');
        expect(server.requests.map((req) => req.url)).toEqual(['/users/PABC']);
      } finally {
        await server.close();
      }
    },
    60_000,
  );
});

describe('a page bundled with esbuild (--platform=browser)', () => {
  // Split as a user's bundler splits (Vite, webpack): the code only a client with hooks or telemetry runs is a
  // chunk of its own, loaded at its first observed call, not part of what the page loads.
  // What the page loads at once is page.js and the chunks it imports statically (the rarer methods' modules and
  // the opted-in rate limit are chunks loaded at their first use, and a module they share with the client a chunk
  // of its own): each file gzipped apart, as a server sends it.
  it('holds RestApiV2Client in at most 30 KB gzipped, as the page loads it (npm run bench:bundle-size)', async () => {
    const dir = project('page', 'module', { 'page.mjs': "export { RestApiV2Client } from 'pagerduty-client';\n" });
    const out = path.join(dir, 'out');
    const args = ['page.mjs', '--bundle', '--splitting', '--platform=browser', '--format=esm', '--minify'];
    await run(path.join(root, 'node_modules', '.bin', 'esbuild'), [...args, `--outdir=${out}`], dir);
    const loaded = staticallyLoaded(out, 'page.js');
    const gzipped = loaded.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);
    // The client itself is counted, wherever the bundler put it (page.js alone may only import a shared chunk).
    expect(gzipped).toBeGreaterThan(20 * 1024);
    expect(loaded.map((file) => readFileSync(file, 'utf8')).join('')).toContain('RestApiV2Client');
  }, 60_000);
});

/** `entry` and the files it imports statically, transitively (`import ... from "./x.js"`, not `import("./x.js")`). */
function staticallyLoaded(dir: string, entry: string): string[] {
  const files = [path.join(dir, entry)];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s*(?:[\w$*{][^"'()]*?from\s*)?"(\.\.?\/[^"]+)"/g)) {
      const next = path.resolve(path.dirname(file), match[1]);
      if (!files.includes(next)) files.push(next);
    }
  }
  return files;
}
