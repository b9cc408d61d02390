/**
 * The sources emitted as JavaScript without type-checking or resolving imports (as
 * `isolatedModules` allows; the typecheck step checks the types), for tests that run the
 * package or the command as a user does: a second of work instead of a full compile.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';

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

/**
 * Emits every `.ts` file under `src` into `outDir` (same layout, ES2022 modules, shebangs
 * kept).
 *
 * @throws Error when the emit is skipped
 */
export async function transpileSources(src: string, outDir: string): Promise<void> {
  const program = ts.createProgram(await sourceFiles(src), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    isolatedModules: true,
    noCheck: true,
    noResolve: true,
    noLib: true,
    types: [],
    rootDir: src,
    outDir,
  });
  const { emitSkipped } = program.emit();
  if (emitSkipped) throw new Error(`the sources under ${src} could not be emitted`);
}
