/**
 * Compiles the CLI once into a temporary directory so that tests can run it as a real
 * child process (`node <dir>/cli/main.js`), the way `npm exec pagerduty` runs the build.
 * Only `src/cli/main.ts` and what it imports are compiled, which takes a few seconds.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

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

/** Compiles `src/cli/main.ts` (and its imports) with the project's compiler settings. */
export async function buildCli(): Promise<BuiltCli> {
  const root = process.cwd();
  const dir = await mkdtemp(path.join(tmpdir(), 'pagerduty-cli-'));
  const outDir = path.join(dir, 'dist');
  const config = {
    extends: path.join(root, 'tsconfig.json'),
    compilerOptions: { rootDir: path.join(root, 'src'), outDir, declaration: false, sourceMap: false },
    include: [],
    files: [path.join(root, 'src/cli/main.ts')],
  };
  const configPath = path.join(dir, 'tsconfig.json');
  await writeFile(configPath, JSON.stringify(config));
  // The output is ESM and imports yargs and node-fetch, as the published package does.
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [tsc, '-p', configPath], { cwd: root }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tsc failed:\n${stdout}${stderr}`));
      else resolve();
    });
  });
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
