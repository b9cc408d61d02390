// The TypeScript files of the project's sources, for tests that check what imports what.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The project's `src` folder (jest runs from the project's root). */
export const SRC = path.join(process.cwd(), 'src');

/** Every `.ts` file under `dir`, in every folder. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}
