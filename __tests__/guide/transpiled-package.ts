/**
 * The package as a reader's program meets it, built fast for the snippet tests: the
 * sources emitted without type-checking or resolving imports (as `isolatedModules`
 * allows; the typecheck step checks the types) into `node_modules/pagerduty-client/dist`
 * of a throwaway ESM project whose other dependencies are this checkout's. Nothing is
 * downloaded.
 */
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transpileSources } from '../helpers/transpile-sources.js';

/** A throwaway project with the package installed. */
export interface TranspiledProject {
  /** The project's directory (an ESM package): write programs here and run them with node. */
  dir: string;
  /** Removes the project. */
  remove(): Promise<void>;
}

/** Builds the project: the package from `root`'s sources, with its `package.json`. */
export async function transpiledProject(root: string): Promise<TranspiledProject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pagerduty-client-snippets-'));
  const modules = path.join(dir, 'node_modules');
  const pkg = path.join(modules, 'pagerduty-client');
  const src = path.join(root, 'src');
  await transpileSources(src, path.join(pkg, 'dist'));
  await writeFile(path.join(pkg, 'package.json'), await readFile(path.join(root, 'package.json'), 'utf8'));
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'pagerduty-client') continue;
    await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'snippets', private: true, type: 'module' }));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
