/** The comment counter of issue 36: code lines, public docs (reached from an entry point) and internal comments. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { byFolder, measure, total, withinTargets, type FileCounts } from '../../scripts/comment-density.js';

const fixture: Record<string, string> = {
  'src/index.ts': `export { Client } from './core/client/client.js';\nexport type { Shape } from './core/shape.js';\n`,
  'src/core/client/client.ts': [
    '/**', // 1 internal: a module header
    ' * The client file.',
    ' *',
    ' * @module',
    ' */',
    "import type { ClientOptions } from './options.js';", // 6 code
    '',
    '/** Not exported by the entry point. */', // 8 internal
    'export const helper = (n: number): number => n + 1; // trailing', // 9 code + internal
    '',
    '/** A client. */', // 11 public
    'export class Client {',
    '  /** Hidden: private. */', // 13 internal
    '  private count = 0;',
    '  /**', // 15-17 public: a member of an exported class
    '   * Adds one.',
    '   */',
    '  add(options: ClientOptions): number {',
    '    // why: a body comment', // 19 internal
    '    return helper(this.count) + (options.step ?? 0);',
    '  }',
    '}',
  ].join('\n'),
  'src/core/client/options.ts': [
    '/** Options of the client, reached through its signature. */', // 1 public
    'export interface ClientOptions {',
    '  /** The step. @default 0 */', // 3 public
    '  step?: number;',
    '}',
    '/* a block comment */ export const unused = `', // 6 code + internal; template lines are code
    '// not a comment: inside a template',
    '`;',
  ].join('\n'),
  'src/core/shape.ts': ['/** A shape. */', 'export type Shape = {', '  /** Its side. */ side: number;', '};', ''].join(
    '\n',
  ),
};

let root: string;
let counts: FileCounts[];
const of = (file: string): FileCounts => counts.find((count) => count.file === file)!;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pd-comment-density-'));
  for (const [file, text] of Object.entries(fixture)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  // Without the standard library the fixture's program builds in milliseconds; the counts do not need it.
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { noLib: true, types: [] } }));
  counts = measure({ root, entryPoints: ['src/index.ts'] });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('measure', () => {
  it('counts exported classes, their members and option types as public, the rest as internal', () => {
    expect(of('client/client.ts')).toMatchObject({ code: 8, public: 4, internal: 9 });
    expect(of('client/client.ts').lines[18]).toEqual({ code: false, comment: 'internal' });
    expect(of('client/options.ts')).toMatchObject({ code: 6, public: 2, internal: 1 });
  });

  it('counts a line holding code and a public doc once as each', () => {
    expect(of('shape.ts')).toMatchObject({ code: 3, public: 2, internal: 0 });
  });

  it('sums by folder and judges the totals against the targets', () => {
    expect(byFolder(counts).get('client/')).toEqual({ code: 14, public: 6, internal: 10 });
    expect(total(counts)).toEqual({ code: 17, public: 8, internal: 10 });
    expect(withinTargets({ code: 100, public: 40, internal: 10 })).toBe(true);
    expect(withinTargets({ code: 100, public: 10, internal: 11 })).toBe(false);
    expect(withinTargets({ code: 100, public: 41, internal: 10 })).toBe(false);
  });

  it('prints the totals and, with --check, exits 1 above the targets', () => {
    // tsx from this project: the scratch folder has no node_modules.
    const node = ['--import', pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href];
    const script = resolve('scripts/comment-density.ts');
    const run = spawnSync(process.execPath, [...node, script, '--check'], { cwd: root, encoding: 'utf8' });
    expect(run.stdout).toMatch(/^total\s+17\s+8\s+10\s+0\.588\s+1\.059\s+over$/m);
    expect(run.status).toBe(1);
    expect(spawnSync(process.execPath, [...node, script], { cwd: root }).status).toBe(0);
  });
});
