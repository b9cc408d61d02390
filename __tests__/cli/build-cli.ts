/**
 * Builds the CLI once into a temporary directory so that tests can run it as a real
 * child process (`node <dir>/cli/main.js`), the way `npm exec pagerduty` runs the build.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transpileSources } from '../helpers/transpile-sources.js';

/** A compiled CLI and how to remove it. */
export interface BuiltCli {
  /** The compiled entry point. */
  main: string;
  /** Removes the temporary directory. */
  remove(): Promise<void>;
}

/** The result of running the compiled CLI. */
export interface ChildResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Emits the sources (the command and everything it may import) as JavaScript into a
 * temporary ESM project whose `node_modules` is this checkout's, as the published
 * package's `dist/` is laid out. Types are not checked here: the typecheck step does that.
 */
export async function buildCli(): Promise<BuiltCli> {
  const root = process.cwd();
  const dir = await mkdtemp(path.join(tmpdir(), 'pagerduty-cli-'));
  const outDir = path.join(dir, 'dist');
  await transpileSources(path.join(root, 'src'), outDir);
  // The output is ESM and imports yargs and node-fetch, as the published package does.
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return {
    main: path.join(outDir, 'cli/main.js'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `node <main> ...args` with exactly `env` (plus PATH) and collects its output. */
export function runChild(main: string, args: string[], env: Record<string, string> = {}): Promise<ChildResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [main, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 15000 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}
