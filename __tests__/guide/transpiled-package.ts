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
import ts from 'typescript';

/** A throwaway project with the package installed. */
export interface TranspiledProject {
  /** The project's directory (an ESM package): write programs here and run them with node. */
  dir: string;
  /** Removes the project. */
  remove(): Promise<void>;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : []);
    }),
  );
  return nested.flat();
}

/** Builds the project: the package from `root`'s sources, with its `package.json`. */
export async function transpiledProject(root: string): Promise<TranspiledProject> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pagerduty-client-snippets-'));
  const modules = path.join(dir, 'node_modules');
  const pkg = path.join(modules, 'pagerduty-client');
  const src = path.join(root, 'src');
  const program = ts.createProgram(await sourceFiles(src), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    isolatedModules: true,
    noCheck: true,
    noResolve: true,
    noLib: true,
    types: [],
    rootDir: src,
    outDir: path.join(pkg, 'dist'),
  });
  const { emitSkipped } = program.emit();
  if (emitSkipped) throw new Error('the sources could not be emitted');
  await writeFile(path.join(pkg, 'package.json'), await readFile(path.join(root, 'package.json'), 'utf8'));
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry.startsWith('.') || entry === 'pagerduty-client') continue;
    await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'snippets', private: true, type: 'module' }));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
